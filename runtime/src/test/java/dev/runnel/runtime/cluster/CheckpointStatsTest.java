package dev.runnel.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CheckpointStatsTest {

    @Test
    void aJobWithoutCheckpointsShowsADash() {
        assertThat(CheckpointStats.NONE.describe()).isEqualTo("-");
        assertThat(CheckpointStats.NONE.latestLabel()).isEqualTo("-");
    }

    @Test
    void theLatestCheckpointIsDescribedWithItsSizes() {
        CheckpointStats stats = new CheckpointStats(3, 1, 0, 1, 3, Duration.ofMillis(120), 1_258_291, 49_152,
                Instant.EPOCH, "file:/tmp/c/job/chk-3/", "Checkpoint 2 expired");
        assertThat(stats.latestLabel()).isEqualTo("#3");
        assertThat(stats.describe()).isEqualTo("3 completed, 1 failed, 0 in progress, 1 restart; latest #3 took 120 ms, "
                + "1.2 MiB (48.0 KiB new) at file:/tmp/c/job/chk-3/; last failure: Checkpoint 2 expired");
    }
}
