package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.testing.TestOperators;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Savepoints: taking one, stopping with one, and starting jobs from one, also at other parallelisms. */
class SavepointTest extends CheckpointClusterTestBase {
    private static final long ROWS = 40_000;
    private static final int KEYS = 23;

    @BeforeEach
    void start() {
        startCluster(4, 1);
    }

    private JobId submitCount(String run, int parallelism, Map<String, String> extra) {
        return cluster.submitJob(CheckpointTestJobs.countJob(run, parallelism, ROWS, KEYS, 100, 10, checkpointing(extra)));
    }

    private void awaitCompletedCheckpoint(JobId id) {
        awaitCheckpointAfter(id, 0);
    }

    @Test
    void aSavepointTakenAtParallelismTwoRestoresAtOneAndThreeWithTheSameResult() {
        String run = "rescale-" + System.nanoTime();
        JobId first = submitCount(run, 2, Map.of());
        awaitCompletedCheckpoint(first);

        String savepoint = cluster.stopWithSavepoint(first, dir.resolve("savepoints").toString(), false).join();

        assertThat(cluster.getJob(first).status()).isEqualTo(JobStatus.FINISHED);
        assertThat(Path.of(java.net.URI.create(savepoint)).getFileName().toString())
                .startsWith("savepoint-" + first.value().substring(0, 6) + "-");
        assertThat(CheckpointMetadata.read(savepoint).savepoint()).isTrue();
        // Stopped in the middle: some rows were counted, not all.
        assertThat(CheckpointTestJobs.committed(run)).isNotEqualTo(CheckpointTestJobs.expectedCounts(ROWS, KEYS));

        List<List<String>> results = new ArrayList<>();
        for (int parallelism : new int[] {1, 3}) {
            String resumed = run + "-p" + parallelism;
            CheckpointTestJobs.copyCommitted(run, resumed);
            JobId next = submitCount(resumed, parallelism, Map.of("execution.savepoint.path", savepoint));
            JobInfo end = cluster.jobTermination(next).join();
            assertThat(end.status()).as(end.failureCause()).isEqualTo(JobStatus.FINISHED);
            results.add(CheckpointTestJobs.committed(resumed));
        }

        assertThat(results).containsOnly(CheckpointTestJobs.expectedCounts(ROWS, KEYS));
    }

    @Test
    void aJobResumesFromARetainedCheckpointOfACancelledJob() {
        String run = "retained-" + System.nanoTime();
        JobId first = submitCount(run, 2, Map.of("execution.checkpointing.externalized-checkpoint-retention",
                "RETAIN_ON_CANCELLATION"));
        awaitCompletedCheckpoint(first);
        cluster.cancelJob(first);
        JobInfo cancelled = cluster.jobTermination(first).join();
        String checkpoint = cancelled.checkpoints().latestPath();

        JobId next = submitCount(run, 2, Map.of("execution.savepoint.path", checkpoint + "/_metadata"));
        JobInfo end = cluster.jobTermination(next).join();

        assertThat(end.status()).as(end.failureCause()).isEqualTo(JobStatus.FINISHED);
        assertThat(CheckpointTestJobs.committed(run)).isEqualTo(CheckpointTestJobs.expectedCounts(ROWS, KEYS));
    }

    @Test
    void aSavepointOfARunningJobLeavesItRunning() throws Exception {
        JobId id = submitCount("running-" + System.nanoTime(), 2, Map.of());
        awaitCompletedCheckpoint(id);

        // A directory named as Flink scripts may name it: a file: URI, a space as it is.
        Path directory = dir.resolve("my savepoints");
        String savepoint = cluster.triggerSavepoint(id, "file://localhost" + directory).join();

        assertThat(cluster.getJob(id).status()).isEqualTo(JobStatus.RUNNING);
        // Printed as Flink prints it, and read back from that text.
        assertThat(savepoint).matches("file:" + Pattern.quote(directory.toString()) + "/savepoint-"
                + id.value().substring(0, 6) + "-[0-9a-f]{12}");
        Path saved = Path.of(savepoint.substring("file:".length()));
        assertThat(saved.resolve("_metadata")).exists();
        CheckpointMetadata metadata = CheckpointMetadata.read(savepoint);
        assertThat(metadata.savepoint()).isTrue();
        assertThat(metadata.operators()).containsKeys("1-source", "2-0", "3-0");
        assertThat(CheckpointMetadata.read(saved + "/_metadata").checkpointId()).isEqualTo(metadata.checkpointId());
        assertThatThrownBy(() -> cluster.triggerSavepoint(id, "s3://bucket/savepoints").join())
                .hasRootCauseMessage("Unsupported file system scheme 's3' in the savepoint directory: "
                        + "'s3://bucket/savepoints'. Supported schemes: copyfile, file (file:///abs/path or file:/abs/path), "
                        + "gatedfile, remote; a plain path is a local file");
        cluster.cancelJob(id);
        cluster.jobTermination(id).join();
        // Savepoints belong to the user: cancelling the job does not delete them.
        assertThat(Files.exists(saved)).isTrue();
    }

    @Test
    void aJobWhoseCheckpointLocationsNameNoFileSystemIsRefusedNamingTheOption() {
        String run = "unusable-" + System.nanoTime();
        assertThatThrownBy(() -> submitCount(run, 1, Map.of("state.checkpoints.dir", "hdfs://namenode/checkpoints")))
                .hasMessageContaining("Unsupported file system scheme 'hdfs' in option 'state.checkpoints.dir'");
        JobInfo end = cluster.jobTermination(cluster.submitJob(CheckpointTestJobs.countJob(run, 1, ROWS, KEYS, 100,
                10, checkpointing(Map.of("execution.savepoint.path", "file://savepoints/savepoint-1"))))).join();
        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).contains("Found local file path with authority 'savepoints' in option"
                + " 'execution.savepoint.path'");
    }

    @Test
    void aSavepointOfAnEndedJobFails() {
        JobId id = submitCount("ended-" + System.nanoTime(), 1, Map.of());
        cluster.cancelJob(id);
        cluster.jobTermination(id).join();

        assertThatThrownBy(() -> cluster.triggerSavepoint(id, null).join())
                .isInstanceOf(CompletionException.class).hasMessageContaining("CANCELED");
    }

    @Test
    void stopWithDrainEndsEventTimeBeforeTheSavepoint() {
        JobId id = submitCount("drain-" + System.nanoTime(), 2, Map.of());
        awaitCompletedCheckpoint(id);

        String savepoint = cluster.stopWithSavepoint(id, dir.resolve("savepoints").toString(), true).join();

        assertThat(cluster.getJob(id).status()).isEqualTo(JobStatus.FINISHED);
        assertThat(CheckpointMetadata.read(savepoint).checkpointId()).isPositive();
    }

    @Test
    void aSavepointOfAnotherQueryIsRefusedUnlessUnclaimedStateMayBeIgnored() {
        String run = "changed-" + System.nanoTime();
        JobId first = submitCount(run, 2, Map.of());
        awaitCompletedCheckpoint(first);
        String savepoint = cluster.stopWithSavepoint(first, dir.resolve("savepoints").toString(), false).join();

        JobInfo refused = cluster.jobTermination(cluster.submitJob(changedQuery(run, Map.of(
                "execution.savepoint.path", savepoint)))).join();
        assertThat(refused.status()).isEqualTo(JobStatus.FAILED);
        assertThat(refused.failureCause()).contains("Savepoint state for operator 'KeyedCount'")
                .contains("cannot be mapped to the new job: the query changed");

        JobInfo allowed = cluster.jobTermination(cluster.submitJob(changedQuery(run, Map.of(
                "execution.savepoint.path", savepoint, "execution.savepoint.ignore-unclaimed-state", "true")))).join();
        assertThat(allowed.status()).as(allowed.failureCause()).isEqualTo(JobStatus.FINISHED);
    }

    /** The count job with its count operator replaced. */
    private JobGraph changedQuery(String run, Map<String, String> extra) {
        JobGraph original = CheckpointTestJobs.countJob(run + "-changed", 2, ROWS, KEYS, 1000, 0, checkpointing(extra));
        List<JobVertex> vertices = new ArrayList<>(original.vertices());
        JobVertex count = vertices.get(1);
        vertices.set(1, new JobVertex(count.id(), count.name(), count.parallelism(), null,
                List.of(new TestOperators.TagSubtask())));
        return new JobGraph(original.name(), vertices, original.edges(), original.configuration());
    }
}
