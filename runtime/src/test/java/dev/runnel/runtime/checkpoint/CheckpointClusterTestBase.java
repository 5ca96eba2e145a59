package dev.runnel.runtime.checkpoint;

import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** An embedded cluster per test, and jobs that checkpoint often into a temporary directory. */
abstract class CheckpointClusterTestBase {
    @TempDir
    Path dir;

    EmbeddedCluster cluster;

    @AfterEach
    void closeCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    void startCluster(int slotsPerTaskManager, int taskManagers) {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots",
                String.valueOf(slotsPerTaskManager))), taskManagers);
    }

    /** Checkpoints every 50 ms into {@link #checkpointsDirectory()}, restarts 50 ms after a failure, and {@code extra}. */
    Configuration checkpointing(Map<String, String> extra) {
        Configuration config = new Configuration();
        config.set("execution.checkpointing.interval", "50ms");
        // restarts without end, 50 ms apart (checkpointing alone would pick Flink's exponential-delay)
        config.set("restart-strategy.type", "fixed-delay");
        config.set("restart-strategy.fixed-delay.attempts", String.valueOf(Integer.MAX_VALUE));
        config.set("restart-strategy.fixed-delay.delay", "50ms");
        config.set("state.checkpoints.dir", checkpointsDirectory().toUri().toString());
        extra.forEach(config::set);
        return config;
    }

    Path checkpointsDirectory() {
        return dir.resolve("checkpoints");
    }

    CheckpointStats stats(JobId id) {
        return cluster.getJob(id).checkpoints();
    }

    /** Waits until the job runs and completed a checkpoint after the first {@code before} ones. */
    void awaitCheckpointAfter(JobId id, long before) {
        await().atMost(Duration.ofSeconds(60)).until(() -> stats(id).completed() > before
                && cluster.getJob(id).status() == JobStatus.RUNNING);
    }
}
