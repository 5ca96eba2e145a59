package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Jobs that lose subtasks or a TaskManager restart from their latest checkpoint, and their
 * committed result is the one of a run without failures: nothing lost, nothing counted twice.
 */
class RecoveryTest extends CheckpointClusterTestBase {
    private static final long ROWS = 60_000;
    private static final int KEYS = 37;

    private long completed(JobId id) {
        return stats(id).completed();
    }

    @Test
    void threeInjectedFailuresGiveTheResultOfARunWithoutFailures() {
        startCluster(2, 1);
        String run = "failures-" + System.nanoTime();
        JobId id = cluster.submitJob(CheckpointTestJobs.countJob(run, 2, ROWS, KEYS, 200, 10, checkpointing(Map.of())));

        String[][] victims = {{"Count", "0"}, {"Source", "1"}, {"Count", "1"}};
        for (int i = 0; i < victims.length; i++) {
            awaitCheckpointAfter(id, completed(id));
            assertThat(cluster.failTask(id, victims[i][0], Integer.parseInt(victims[i][1]), "injected failure " + i))
                    .as("failure %d hit a running subtask", i).isTrue();
            int restarts = i + 1;
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).checkpoints().restarts() == restarts);
        }
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(end.checkpoints().restarts()).isEqualTo(3);
        assertThat(CheckpointTestJobs.committed(run)).isEqualTo(CheckpointTestJobs.expectedCounts(ROWS, KEYS));
        // Increments were committed at checkpoints along the way, not only at the end.
        assertThat(CheckpointTestJobs.nonEmptyCommits(run)).isGreaterThan(3);
    }

    @Test
    void atLeastOnceCheckpointsRecoverWithoutLosingRows() {
        startCluster(2, 1);
        String run = "at-least-once-" + System.nanoTime();
        JobId id = cluster.submitJob(CheckpointTestJobs.countJob(run, 2, ROWS, KEYS, 200, 10,
                checkpointing(Map.of("execution.checkpointing.mode", "AT_LEAST_ONCE"))));
        awaitCheckpointAfter(id, 0);

        assertThat(cluster.failTask(id, "Count", 1, "injected failure")).isTrue();
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(end.checkpoints().restarts()).isEqualTo(1);
        // Without alignment a checkpoint may hold rows from after its barrier, which are then
        // replayed: every key has at least its count.
        List<String> expected = CheckpointTestJobs.expectedCounts(ROWS, KEYS);
        List<String> committed = CheckpointTestJobs.committed(run);
        assertThat(committed).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            long want = Long.parseLong(expected.get(i).split(",")[1]);
            assertThat(Long.parseLong(committed.get(i).split(",")[1])).isGreaterThanOrEqualTo(want);
        }
    }

    @Test
    void checkpointsGoOnAfterASubtaskFinishedAndRestoreItAsFinished() {
        startCluster(2, 1);
        String run = "finished-" + System.nanoTime();
        CheckpointTestJobs.PositionedSource source = new CheckpointTestJobs.PositionedSource(ROWS, KEYS, 200, 10, 1000);
        // Every checkpoint is kept, so the one the test reads is not subsumed while it reads it.
        JobId id = cluster.submitJob(CheckpointTestJobs.countJob(run, 2, source,
                checkpointing(Map.of("state.checkpoints.num-retained", "1000"))));

        // Source subtask 0 reads 500 rows and finishes; the checkpoints after that record it so.
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            String latest = cluster.getJob(id).checkpoints().latestPath();
            return latest != null && CheckpointMetadata.read(latest).operators().get("1-source").subtasks().get(0).finished();
        });
        CheckpointMetadata metadata = CheckpointMetadata.read(cluster.getJob(id).checkpoints().latestPath());
        assertThat(metadata.operators().get("1-source").subtasks().get(1).finished()).isFalse();
        assertThat(cluster.failTask(id, "Count", 1, "failure after a source subtask finished")).isTrue();
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(end.checkpoints().restarts()).isEqualTo(1);
        assertThat(CheckpointTestJobs.committed(run)).isEqualTo(CheckpointTestJobs.expectedCounts(source, 2));
    }

    @Test
    void aKilledTaskManagersSubtasksRestartOnASpareOne() {
        startCluster(2, 2);
        String run = "kill-" + System.nanoTime();
        JobId id = cluster.submitJob(CheckpointTestJobs.countJob(run, 2, ROWS, KEYS, 200, 10, checkpointing(Map.of())));
        awaitCheckpointAfter(id, 0);

        // Slots fill the first TaskManager first: the job runs on TaskManager 0.
        cluster.killTaskManager(0);
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(end.checkpoints().restarts()).isEqualTo(1);
        assertThat(CheckpointTestJobs.committed(run)).isEqualTo(CheckpointTestJobs.expectedCounts(ROWS, KEYS));
    }

    @Test
    void whenRestartAttemptsRunOutTheJobFailsWithTheFailuresCause() {
        startCluster(2, 1);
        JobId id = cluster.submitJob(CheckpointTestJobs.countJob("attempts-" + System.nanoTime(), 1, ROWS * 100, KEYS,
                200, 10, checkpointing(Map.of("restart-strategy.fixed-delay.attempts", "1"))));

        awaitCheckpointAfter(id, 0);
        assertThat(cluster.failTask(id, "Count", 0, "first failure")).isTrue();
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).checkpoints().restarts() == 1);
        awaitCheckpointAfter(id, completed(id));
        assertThat(cluster.failTask(id, "Count", 0, "second failure")).isTrue();
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).contains("second failure");
        assertThat(end.checkpoints().restarts()).isEqualTo(1);
    }

    @Test
    void withoutCheckpointingAFailedSubtaskFailsTheJob() {
        startCluster(2, 1);
        Configuration config = new Configuration();
        JobId id = cluster.submitJob(CheckpointTestJobs.countJob("none-" + System.nanoTime(), 1, ROWS * 100, KEYS,
                200, 10, config));
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).status() == JobStatus.RUNNING
                && cluster.getJob(id).recordsIn() > 0);

        assertThat(cluster.failTask(id, "Count", 0, "the only failure")).isTrue();
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).contains("the only failure");
        assertThat(end.checkpoints().restarts()).isZero();
    }
}
