package dev.runnel.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TaskTimeMeterTest {
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final TaskTimeMeter meter = new TaskTimeMeter(clock::get);

    private void advanceMillis(long millis) {
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    /** Waits {@code millis} on {@code timer}, as the task's thread brackets a wait. */
    private void waitOn(WaitTimer timer, long millis) {
        timer.start(clock.get());
        advanceMillis(millis);
        timer.stop(clock.get());
    }

    @Test
    void whatIsNeitherIdleNorBackPressuredIsBusy() {
        waitOn(meter.idle(), 300);
        advanceMillis(100);
        waitOn(meter.backPressured(), 600);

        assertThat(meter.current()).isEqualTo(new TaskTimes(100, 600, 300));
    }

    @Test
    void aWaitInProgressCountsBeforeItEnds() {
        advanceMillis(200);
        meter.backPressured().start(clock.get());
        advanceMillis(800);

        assertThat(meter.current()).isEqualTo(new TaskTimes(200, 800, 0));
        advanceMillis(1000);
        assertThat(meter.current().backPressuredTimeMsPerSecond()).isEqualTo(900);
    }

    @Test
    void theWindowCoversTheLastFewSamplesOnly() {
        // Ten seconds blocked, sampled every second, then five seconds of work.
        for (int second = 0; second < 10; second++) {
            waitOn(meter.backPressured(), 1000);
            meter.sample();
        }
        assertThat(meter.current().backPressureLevel()).isEqualTo(BackPressureLevel.HIGH);
        for (int second = 0; second < TaskTimeMeter.WINDOW_SAMPLES; second++) {
            advanceMillis(1000);
            meter.sample();
        }

        assertThat(meter.current()).isEqualTo(new TaskTimes(1000, 0, 0));
    }

    @Test
    void halfTheWindowIdleIsHalfTheSecond() {
        for (int second = 0; second < 8; second++) {
            waitOn(meter.idle(), 500);
            advanceMillis(500);
            meter.sample();
        }

        assertThat(meter.current()).isEqualTo(new TaskTimes(500, 0, 500));
    }

    @Test
    void levelsFollowFlinksThresholds() {
        assertThat(BackPressureLevel.of(0)).isEqualTo(BackPressureLevel.OK);
        assertThat(BackPressureLevel.of(100)).isEqualTo(BackPressureLevel.OK);
        assertThat(BackPressureLevel.of(101)).isEqualTo(BackPressureLevel.LOW);
        assertThat(BackPressureLevel.of(500)).isEqualTo(BackPressureLevel.LOW);
        assertThat(BackPressureLevel.of(501)).isEqualTo(BackPressureLevel.HIGH);
        assertThat(TaskTimes.percent(873)).isEqualTo(87);
    }

    @Test
    void aVertexShowsEachTimeOfItsBusiestSubtask() {
        assertThat(new TaskTimes(900, 0, 100).max(new TaskTimes(100, 850, 50)))
                .isEqualTo(new TaskTimes(900, 850, 100));
    }
}
