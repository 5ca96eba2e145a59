package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.TestOperators;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An incremental RocksDB checkpoint that is aborted does not leave its uploaded files behind,
 * also when its upload is still running at the abort or when the job is cancelled: the upload
 * deletes what it wrote and never creates the aborted checkpoint's directory again.
 */
class AbortedCheckpointCleanupTest extends CheckpointClusterTestBase {
    /** Shared files are named {@code <backend id>-<checkpoint id>-<sst name or log chunk name>}. */
    private static final Pattern CHECKPOINT_OF_FILE = Pattern.compile("-(\\d+)-([^-]+\\.sst|changelog-\\d+@\\d+)$");

    /** Released by the test: the first checkpoint of {@link BlockFirstSnapshot} waits for it. */
    private static volatile CountDownLatch release = new CountDownLatch(0);

    @AfterEach
    void releaseBlockedSnapshot() {
        release.countDown();
        GatedFileSystem.Gate gate = GatedFileSystem.gate;
        if (gate != null) {
            gate.open();
        }
    }

    @AfterEach
    void removeGate() {
        GatedFileSystem.gate = null;
    }

    private Set<String> checkpointsWithSharedFiles(JobId id) throws IOException {
        Path shared = checkpointsDirectory().resolve(id.toString()).resolve("shared");
        if (!Files.exists(shared)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.list(shared)) {
            return files.map(f -> CHECKPOINT_OF_FILE.matcher(f.getFileName().toString()))
                    .filter(Matcher::find).map(m -> m.group(1)).collect(Collectors.toSet());
        }
    }

    @Test
    void theSharedFilesOfAnAbortedCheckpointAreDeleted() throws IOException {
        startCluster(3, 1);
        release = new CountDownLatch(1);
        JobGraph job = new JobGraph("aborted", List.of(
                new JobVertex(1, "Source", 1, new CheckpointTestJobs.PositionedSource(10_000_000, 5_000, 200, 5), List.of()),
                new JobVertex(2, "Count", 1, null, List.of(new TestOperators.CountPerKey(-1, false))),
                new JobVertex(3, "Block", 1, null, List.of(new BlockFirstSnapshot()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {1})),
                        new JobEdge(2, 3, 0, new Partitioning.Forward())),
                checkpointing(Map.of("state.backend.type", "rocksdb", "state.backend.incremental", "true",
                        "execution.checkpointing.timeout", "2s",
                        "execution.checkpointing.tolerable-failed-checkpoints", "100")));
        JobId id = cluster.submitJob(job);
        // Block holds checkpoint 1 back, so it and the ones after it time out; Count uploads files
        // for those taken after its first rows.
        await().atMost(Duration.ofSeconds(60)).until(() -> !checkpointsWithSharedFiles(id).isEmpty());
        Set<String> uploaded = checkpointsWithSharedFiles(id);
        long last = uploaded.stream().mapToLong(Long::parseLong).max().orElseThrow();
        await().atMost(Duration.ofSeconds(60)).until(() -> stats(id).failed() >= last);
        release.countDown();
        // A later checkpoint completes: Count's acknowledgements of the aborted ones (before or
        // after their abort) were handled before that of the later one.
        awaitCheckpointAfter(id, 0);

        assertThat(checkpointsWithSharedFiles(id)).doesNotContainAnyElementsOf(uploaded);
        cluster.cancelJob(id);
        cluster.jobTermination(id).join();
    }

    @Test
    void anUploadStillRunningWhenItsCheckpointTimesOutDeletesWhatItWroteAndWritesNoMore() throws IOException {
        // the upload is held; its checkpoint times out meanwhile
        JobId id = startUploadThatHangs(Map.of("execution.checkpointing.timeout", "1s"));
        Path held = GatedFileSystem.gate.held();
        long checkpoint = checkpointOf(held);
        await().atMost(Duration.ofSeconds(60)).until(() -> !Files.exists(held));
        GatedFileSystem.gate.open();
        awaitCheckpointAfter(id, 0);
        // The tasks wait for their uploads before they end: after this, the held one is done.
        cluster.cancelJob(id);
        cluster.jobTermination(id).join();

        assertNothingLeftOf(id, checkpoint);
    }

    @Test
    void anUploadStillRunningWhenTheJobIsCancelledDeletesWhatItWroteAndWritesNoMore() throws IOException {
        JobId id = startUploadThatHangs(Map.of());
        Path held = GatedFileSystem.gate.held();
        long checkpoint = checkpointOf(held);
        cluster.cancelJob(id);
        await().atMost(Duration.ofSeconds(60)).until(() -> !Files.exists(held));
        GatedFileSystem.gate.open();
        cluster.jobTermination(id).join();

        assertNothingLeftOf(id, checkpoint);
    }

    /**
     * Starts a keyed count with incremental RocksDB checkpoints into gated storage, and waits
     * until the first upload of a shared file hangs (it is written, its close waits for the gate).
     * Completed checkpoints are retained, so that what stays behind can be seen.
     */
    private JobId startUploadThatHangs(Map<String, String> extra) {
        startCluster(2, 1);
        GatedFileSystem.gate = new GatedFileSystem.Gate(uri -> uri.getPath().contains("/shared/"));
        Map<String, String> config = new java.util.HashMap<>(Map.of("state.backend.type", "rocksdb",
                "state.backend.incremental", "true",
                "state.checkpoints.dir", GatedFileSystem.uriOf(checkpointsDirectory()),
                "execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION",
                "execution.checkpointing.tolerable-failed-checkpoints", "100"));
        config.putAll(extra);
        JobId id = cluster.submitJob(new JobGraph("hanging-upload", List.of(
                new JobVertex(1, "Source", 1, new CheckpointTestJobs.PositionedSource(10_000_000, 5_000, 200, 5), List.of()),
                new JobVertex(2, "Count", 1, null, List.of(new TestOperators.CountPerKey(-1, false)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {1}))),
                checkpointing(config)));
        await().atMost(Duration.ofSeconds(60)).until(() -> GatedFileSystem.gate.held() != null);
        return id;
    }

    private static long checkpointOf(Path sharedFile) {
        Matcher m = CHECKPOINT_OF_FILE.matcher(sharedFile.getFileName().toString());
        assertThat(m.find()).as("checkpoint id in %s", sharedFile).isTrue();
        return Long.parseLong(m.group(1));
    }

    private void assertNothingLeftOf(JobId id, long checkpoint) throws IOException {
        Path job = checkpointsDirectory().resolve(id.toString());
        assertThat(job.resolve("chk-" + checkpoint)).as("directory of aborted checkpoint %d", checkpoint)
                .doesNotExist();
        assertThat(checkpointsWithSharedFiles(id)).doesNotContain(String.valueOf(checkpoint));
    }

    /** Its first checkpoint's snapshot waits until the test releases it. */
    private record BlockFirstSnapshot() implements OperatorFactory {
        @Override
        public String name() {
            return "BlockFirstSnapshot";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                }

                @Override
                public void snapshotState(long checkpointId) throws InterruptedException {
                    if (checkpointId == 1) {
                        release.await();
                    }
                }
            };
        }
    }
}
