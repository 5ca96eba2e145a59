package dev.runnel.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.stream.WatermarkStatus;
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

    @Test
    void anIdleChannelIsLeftOutOfTheMinimum() {
        tracker.update(0, 10);
        tracker.update(1, 5);
        assertThat(tracker.updateStatus(1, WatermarkStatus.IDLE)).isEqualTo(10);
        assertThat(tracker.isIdle()).isFalse();
        assertThat(tracker.update(0, 20)).isEqualTo(20);
        assertThat(tracker.update(1, 30)).as("a watermark on an idle channel does not count").isEqualTo(WatermarkTracker.NO_CHANGE);
        assertThat(tracker.update(0, 40)).isEqualTo(40);
    }

    @Test
    void whenEveryChannelIsIdleTheTaskIsIdleAtTheMaximum() {
        tracker.update(0, 10);
        tracker.update(1, 25);
        assertThat(tracker.updateStatus(0, WatermarkStatus.IDLE)).isEqualTo(25);
        assertThat(tracker.updateStatus(1, WatermarkStatus.IDLE)).isEqualTo(WatermarkTracker.NO_CHANGE);
        assertThat(tracker.isIdle()).isTrue();
        assertThat(tracker.updateStatus(0, WatermarkStatus.ACTIVE)).isEqualTo(WatermarkTracker.NO_CHANGE);
        assertThat(tracker.isIdle()).isFalse();
    }

    @Test
    void aResumedChannelCountsOnlyOnceItCaughtUp() {
        tracker.update(0, 10);
        tracker.update(1, 50);
        tracker.updateStatus(0, WatermarkStatus.IDLE);
        assertThat(tracker.current()).isEqualTo(50);
        tracker.updateStatus(0, WatermarkStatus.ACTIVE);
        assertThat(tracker.update(0, 20)).as("behind: not aligned, holds nothing back").isEqualTo(WatermarkTracker.NO_CHANGE);
        assertThat(tracker.update(1, 70)).isEqualTo(70);
        assertThat(tracker.update(0, 80)).as("caught up: counts again").isEqualTo(WatermarkTracker.NO_CHANGE);
        assertThat(tracker.update(1, 90)).isEqualTo(80);
    }

    @Test
    void theTaskIsIdleWhenTheChannelsLeftAreIdleAndNotWhenAllEnded() {
        tracker.updateStatus(0, WatermarkStatus.IDLE);
        assertThat(tracker.isIdle()).isFalse();
        tracker.channelEnded(1);
        assertThat(tracker.isIdle()).isTrue();
        tracker.channelEnded(0);
        assertThat(tracker.isIdle()).isFalse();
    }
}
