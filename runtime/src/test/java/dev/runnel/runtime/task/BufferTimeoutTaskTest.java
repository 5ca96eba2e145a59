package dev.runnel.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.testing.TestOperators.RecordBatchSizes;
import dev.runnel.runtime.testing.TestSources;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code execution.buffer-timeout.*} through running tasks: a source that emits 10 rows per
 * poll sends over a HASH edge to a sink vertex that notes the size of each batch it receives.
 */
class BufferTimeoutTaskTest {
    private static final long ROWS = 20_000;

    private EmbeddedCluster cluster;

    @BeforeEach
    void start() {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "2")));
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private JobId submit(String tag, SourceFactory source, Map<String, String> options) {
        JobGraph job = new JobGraph("buffer-timeout", List.of(
                new JobVertex(1, "source", 1, source, List.of()),
                new JobVertex(2, "sink", 2, null, List.of(new RecordBatchSizes(tag)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {0}))),
                new Configuration(options));
        return cluster.submitJob(job);
    }

    private List<Integer> runToTheEnd(Map<String, String> options) throws Exception {
        String tag = UUID.randomUUID().toString();
        JobInfo job = cluster.jobTermination(submit(tag, new TestSources.Sequence(ROWS, 10), options))
                .get(60, TimeUnit.SECONDS);
        assertThat(job.status()).isEqualTo(JobStatus.FINISHED);
        List<Integer> sizes = RecordBatchSizes.batchSizes(tag);
        assertThat(sizes.stream().mapToLong(Integer::longValue).sum()).as("every row arrives").isEqualTo(ROWS);
        return sizes;
    }

    @Test
    void aDenseStreamCrossesInFullBatchesWhileTheIntervalRuns() throws Exception {
        // 2,000 polls of 10 rows, done well within a minute's interval: the first poll's rows (no
        // flush for longer than the interval before them), then only full batches and the end
        List<Integer> sizes = runToTheEnd(Map.of("execution.buffer-timeout.interval", "1 min"));

        assertThat(sizes).hasSizeLessThanOrEqualTo((int) (ROWS / 1024) + 4);
        assertThat(sizes.stream().filter(size -> size == 1024).count()).isGreaterThanOrEqualTo(ROWS / 1024 - 2);
    }

    @Test
    void anIntervalOfZeroSendsWhatEveryPollProduced() throws Exception {
        List<Integer> sizes = runToTheEnd(Map.of("execution.buffer-timeout.interval", "0 ms"));

        // each poll's 10 rows split over the two sinks
        assertThat(sizes).hasSizeGreaterThanOrEqualTo((int) (ROWS / 10));
        assertThat(sizes).allSatisfy(size -> assertThat(size).isLessThanOrEqualTo(10));
    }

    @Test
    void disabledOnlyFullBatchesLeaveBeforeTheEnd() throws Exception {
        List<Integer> sizes = runToTheEnd(Map.of("execution.buffer-timeout.enabled", "false"));

        assertThat(sizes.stream().filter(size -> size < 1024).count()).as("the rest of each channel at the end")
                .isLessThanOrEqualTo(2);
    }

    @Test
    void rowsThatWaitWhenTheProducerRunsOutOfInputLeaveOnceTheIntervalPassed() throws Exception {
        String tag = UUID.randomUUID().toString();
        // the first row leaves at once (nothing left for a while), the next 99 within a few
        // microseconds of it wait in their batches while the source has nothing more to read
        JobId job = submit(tag, new TestSources.RowsThenIdle(100), Map.of("execution.buffer-timeout.interval", "200 ms"));
        try {
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(RecordBatchSizes.batchSizes(tag).stream().mapToInt(Integer::intValue).sum()).isEqualTo(100));
            assertThat(RecordBatchSizes.batchSizes(tag)).as("rows gathered while they waited")
                    .anySatisfy(size -> assertThat(size).isGreaterThan(1));
        } finally {
            cluster.cancelJob(job);
        }
    }
}
