package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.TestSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Periodic checkpoints of jobs on an embedded cluster: completion, metadata, retention, timeouts. */
class CheckpointingTest extends CheckpointClusterTestBase {

    @BeforeEach
    void start() {
        startCluster(4, 1);
    }

    private Path jobDirectory(JobId id) {
        return checkpointsDirectory().resolve(id.value());
    }

    private List<String> checkpointDirectories(JobId id) throws IOException {
        if (!Files.isDirectory(jobDirectory(id))) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(jobDirectory(id))) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("chk-")).sorted().toList();
        }
    }

    @Test
    void aCompletedCheckpointHasMetadataWithTheStateOfEveryOperatorSubtask() {
        JobId id = cluster.submitJob(CheckpointTestJobs.countJob("metadata-" + System.nanoTime(), 2, 1_000_000, 10,
                100, 5, checkpointing(Map.of())));

        await().atMost(Duration.ofSeconds(30)).until(() -> stats(id).completed() >= 2);

        CheckpointStats stats = stats(id);
        assertThat(stats.latestCompletedId()).isGreaterThanOrEqualTo(2);
        assertThat(stats.latestPath()).contains(id.value() + "/chk-");
        assertThat(stats.latestDuration()).isNotNull();
        CheckpointMetadata metadata = CheckpointMetadata.read(stats.latestPath());
        assertThat(metadata.jobId()).isEqualTo(id.value());
        assertThat(metadata.savepoint()).isFalse();
        assertThat(metadata.operators()).containsOnlyKeys("1-source", "2-0", "3-0");
        CheckpointMetadata.OperatorState source = metadata.operators().get("1-source");
        assertThat(source.parallelism()).isEqualTo(2);
        assertThat(source.maxParallelism()).isEqualTo(128);
        assertThat(source.descriptor()).contains("PositionedSource");
        // Each source subtask's split and its position, as the reader wrote them.
        assertThat(source.subtasks()).allSatisfy(s -> assertThat(s.splitLists().get("splits")).hasSize(1));
        assertThat(metadata.operators().get("2-0").subtasks()).hasSize(2)
                .allSatisfy(s -> assertThat(s.unionLists()).containsKey("counts"));
        assertThat(metadata.stateSize()).isPositive();
        cluster.cancelJob(id);
    }

    @Test
    void onlyTheRetainedNumberOfCompletedCheckpointsIsKept() throws IOException {
        JobId id = cluster.submitJob(CheckpointTestJobs.countJob("retained-" + System.nanoTime(), 1, 1_000_000, 10,
                100, 5, checkpointing(Map.of("state.checkpoints.num-retained", "2",
                        "execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION"))));

        await().atMost(Duration.ofSeconds(30)).until(() -> stats(id).completed() >= 5);
        cluster.cancelJob(id);
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.CANCELED);
        long latest = end.checkpoints().latestCompletedId();
        // Retained on cancellation: the two latest, each with its metadata.
        assertThat(checkpointDirectories(id)).containsExactlyInAnyOrder("chk-" + (latest - 1), "chk-" + latest);
        assertThat(jobDirectory(id).resolve("chk-" + latest).resolve("_metadata")).exists();
    }

    @Test
    void checkpointsAreDeletedWhenTheJobEndsWithoutRetention() {
        JobId id = cluster.submitJob(CheckpointTestJobs.countJob("deleted-" + System.nanoTime(), 1, 1_000_000, 10,
                100, 5, checkpointing(Map.of())));
        await().atMost(Duration.ofSeconds(30)).until(() -> stats(id).completed() >= 1);

        cluster.cancelJob(id);
        cluster.jobTermination(id).join();

        assertThat(jobDirectory(id)).doesNotExist();
    }

    @Test
    void aCheckpointThatTimesOutIsAbortedAndItsDirectoryDeleted() throws IOException {
        JobGraph job = new JobGraph("slow-snapshot", List.of(
                new JobVertex(1, "Source", 1, new TestSources.Unbounded(10), List.of()),
                new JobVertex(2, "Slow", 1, null, List.of(new SlowSnapshot(300)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())),
                checkpointing(Map.of("execution.checkpointing.timeout", "100ms",
                        "execution.checkpointing.tolerable-failed-checkpoints", "1000",
                        "execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION")));
        JobId id = cluster.submitJob(job);

        await().atMost(Duration.ofSeconds(30)).until(() -> stats(id).failed() >= 2);

        CheckpointStats stats = stats(id);
        assertThat(stats.completed()).isZero();
        assertThat(stats.latestFailure()).contains("did not complete within 100 ms");
        assertThat(cluster.getJob(id).status()).isEqualTo(JobStatus.RUNNING);
        cluster.cancelJob(id);
        cluster.jobTermination(id).join();
        assertThat(checkpointDirectories(id)).isEmpty();
    }

    @Test
    void tooManyFailedCheckpointsFailTheJobWhenItMayNotRestart() {
        JobGraph job = new JobGraph("slow-snapshot", List.of(
                new JobVertex(1, "Source", 1, new TestSources.Unbounded(10), List.of()),
                new JobVertex(2, "Slow", 1, null, List.of(new SlowSnapshot(300)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())),
                checkpointing(Map.of("execution.checkpointing.timeout", "100ms", "restart-strategy.type", "none")));
        JobId id = cluster.submitJob(job);

        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).contains("Exceeded checkpoint tolerable failure threshold");
    }

    /** Takes {@code millis} to snapshot its (empty) state. */
    private record SlowSnapshot(long millis) implements OperatorFactory {
        @Override
        public String name() {
            return "SlowSnapshot";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                }

                @Override
                public void snapshotState(long checkpointId) throws InterruptedException {
                    Thread.sleep(millis);
                }
            };
        }
    }
}
