package dev.runnel.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WatermarkTrackerTest {
    private final WatermarkTracker tracker = new WatermarkTracker(2);

    @Test
    void theTaskWatermarkIsTheMinimumOverChannelsAndOnlyAdvances() {
        assertThat(tracker.update(0, 10)).isEqualTo(WatermarkTracker.NO_CHANGE);
        assertThat(tracker.update(1, 5)).isEqualTo(5);
        assertThat(tracker.update(1, 30)).isEqualTo(10);
        assertThat(tracker.update(0, 8)).as("a channel going back changes nothing").isEqualTo(WatermarkTracker.NO_CHANGE);
        assertThat(tracker.update(0, 20)).isEqualTo(20);
    }

    @Test
    void anEndedChannelNoLongerHoldsTheWatermarkBack() {
        tracker.update(0, 10);
        assertThat(tracker.channelEnded(1)).isEqualTo(10);
        assertThat(tracker.update(0, 15)).isEqualTo(15);
        assertThat(tracker.channelEnded(0)).isEqualTo(WatermarkTracker.NO_CHANGE);
    }
}
