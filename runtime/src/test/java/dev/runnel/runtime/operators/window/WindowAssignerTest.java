package dev.runnel.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WindowAssignerTest {

    @Test
    void tumblingWindowsAreAlignedToTheEpochPlusOffset() {
        var tumble = new WindowAssigner.Tumbling(10, 0);
        assertThat(tumble.assignWindows(0)).containsExactly(new TimeWindow(0, 10));
        assertThat(tumble.assignWindows(9)).containsExactly(new TimeWindow(0, 10));
        assertThat(tumble.assignWindows(10)).containsExactly(new TimeWindow(10, 20));
        assertThat(tumble.assignWindows(-1)).containsExactly(new TimeWindow(-10, 0));
        assertThat(new WindowAssigner.Tumbling(10, 3).assignWindows(2)).containsExactly(new TimeWindow(-7, 3));
        assertThat(new WindowAssigner.Tumbling(10, -3).assignWindows(7)).containsExactly(new TimeWindow(7, 17));
    }

    @Test
    void hoppingWindowsOverlapBySizeOverSlide() {
        var hop = new WindowAssigner.Hopping(10, 5, 0);
        assertThat(hop.assignWindows(7)).containsExactly(new TimeWindow(0, 10), new TimeWindow(5, 15));
        assertThat(hop.assignWindows(5)).containsExactly(new TimeWindow(0, 10), new TimeWindow(5, 15));
        assertThat(hop.assignWindows(4)).containsExactly(new TimeWindow(-5, 5), new TimeWindow(0, 10));
        assertThatThrownBy(() -> new WindowAssigner.Hopping(10, 3, 0))
                .hasMessageContaining("must be an integral multiple of its slide");
    }

    @Test
    void cumulativeWindowsShareTheirStartAndGrowByStep() {
        var cumulate = new WindowAssigner.Cumulative(30, 10, 0);
        assertThat(cumulate.assignWindows(0))
                .containsExactly(new TimeWindow(0, 10), new TimeWindow(0, 20), new TimeWindow(0, 30));
        assertThat(cumulate.assignWindows(15)).containsExactly(new TimeWindow(0, 20), new TimeWindow(0, 30));
        assertThat(cumulate.assignWindows(29)).containsExactly(new TimeWindow(0, 30));
        assertThat(cumulate.assignWindows(30)).first().isEqualTo(new TimeWindow(30, 40));
    }

    @Test
    void sessionWindowsStartAtTheRowAndLastOneGap() {
        var session = new WindowAssigner.Session(5);
        assertThat(session.assignWindows(12)).containsExactly(new TimeWindow(12, 17));
        assertThat(session.isMerging()).isTrue();
        assertThat(new TimeWindow(12, 17).intersects(new TimeWindow(17, 22))).isTrue();
        assertThat(new TimeWindow(12, 17).cover(new TimeWindow(15, 22))).isEqualTo(new TimeWindow(12, 22));
    }

    @Test
    void ltzTimeColumnsAreWindowedInTheSessionTimeZone() {
        var time = new WindowTime("Asia/Shanghai");
        long utcMidnight = 0;
        long local = time.toLocal(utcMidnight);
        assertThat(local).isEqualTo(8 * 3600_000L);
        TimeWindow day = new WindowAssigner.Tumbling(86_400_000L, 0).assignWindows(local).get(0);
        assertThat(day).isEqualTo(new TimeWindow(0, 86_400_000L));
        // The local day ends at 16:00 UTC.
        assertThat(time.windowTime(day)).isEqualTo(16 * 3600_000L - 1);
        assertThat(WindowTime.LOCAL.windowTime(day)).isEqualTo(86_400_000L - 1);
    }
}
