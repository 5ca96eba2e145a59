package dev.runnel.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.sink.CollectSinkOperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.values.ValuesSourceFactory;
import dev.runnel.runtime.task.Task;
import dev.runnel.runtime.testing.LifecycleRecorder;
import dev.runnel.runtime.testing.TestOperators;
import dev.runnel.runtime.testing.TestRows;
import dev.runnel.runtime.testing.TestSources;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Jobs running end to end on an embedded JobManager and TaskManager. */
class EmbeddedClusterTest {
    private static final int ROWS = 1000;
    private static final int KEYS = 50;

    private EmbeddedCluster cluster;

    @AfterEach
    void close() {
        if (cluster != null) {
            cluster.close();
        }
        assertThat(runnelThreads()).as("threads left after close").isEmpty();
    }

    private EmbeddedCluster start(Configuration config) {
        cluster = EmbeddedCluster.start(config);
        return cluster;
    }

    /** Rows (id, key) with id 0..ROWS-1 and key = id % KEYS. */
    private static List<Row> input() {
        List<Row> rows = new ArrayList<>();
        for (long i = 0; i < ROWS; i++) {
            rows.add(Row.of(i, i % KEYS));
        }
        return rows;
    }

    /** source → (edge) → operators → GLOBAL → collect. */
    private static JobGraph pipeline(String name, SourceFactory source, int parallelism, Partitioning edge,
                                     OperatorFactory... operators) {
        return new JobGraph(name,
                List.of(new JobVertex(1, "Source", parallelism, source, List.of()),
                        new JobVertex(2, "Middle", parallelism, null, List.of(operators)),
                        new JobVertex(3, "Collect", 1, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, edge), new JobEdge(2, 3, 0, new Partitioning.Global())),
                new Configuration());
    }

    private List<Row> fetchAll(JobId id) {
        List<Row> rows = new ArrayList<>();
        ResultChunk chunk;
        do {
            chunk = cluster.fetchResults(id, 300, Duration.ofSeconds(10));
            rows.addAll(chunk.rows());
        } while (!chunk.endOfResult());
        return rows;
    }

    static Stream<Arguments> edges() {
        return Stream.of(1, 2).flatMap(p -> Stream.of(new Partitioning.Forward(), new Partitioning.Rebalance(),
                new Partitioning.Hash(new int[] {1}), new Partitioning.Broadcast()).map(e -> Arguments.of(p, e)));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("edges")
    void everyRowArrivesExactlyOnceAndTheJobFinishes(int parallelism, Partitioning edge) {
        start(new Configuration());
        JobId id = cluster.submitJob(pipeline("values", new ValuesSourceFactory(input()), parallelism, edge,
                new TestOperators.TagSubtask()));

        List<Row> result = fetchAll(id);

        int copies = edge instanceof Partitioning.Broadcast ? parallelism : 1;
        assertThat(result).hasSize(ROWS * copies);
        Map<Long, Integer> timesSeen = new HashMap<>();
        Map<Long, Set<Object>> subtasksPerKey = new HashMap<>();
        for (Row row : result) {
            timesSeen.merge((Long) row.getField(0), 1, Integer::sum);
            subtasksPerKey.computeIfAbsent((Long) row.getField(1), k -> new HashSet<>()).add(row.getField(2));
        }
        assertThat(timesSeen).hasSize(ROWS).allSatisfy((rowId, times) -> assertThat(times).isEqualTo(copies));
        if (edge instanceof Partitioning.Hash) {
            assertThat(subtasksPerKey).allSatisfy((key, subtasks) -> assertThat(subtasks).hasSize(1));
            assertThat(subtasksPerKey.values().stream().flatMap(Set::stream).distinct()).hasSize(parallelism);
        }
        if (edge instanceof Partitioning.Forward) {
            // The values source gives subtask i the rows i, i + p, …; FORWARD keeps them there.
            assertThat(result).allSatisfy(r -> assertThat(r.getField(2)).isEqualTo((Long) r.getField(0) % parallelism));
        }

        JobInfo end = cluster.jobTermination(id).join();
        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(end.failureCause()).isNull();
        JobInfo listed = cluster.listJobs().get(0);
        assertThat(listed.recordsIn()).isEqualTo(ROWS);
        assertThat(listed.recordsOut()).isEqualTo((long) ROWS * copies);
        assertThat(listed.endTime()).isAfterOrEqualTo(listed.startTime());
    }

    @Test
    void chainedOperatorsEndInChainOrderAfterTheSourcesLastRowsAndFinalWatermark() {
        start(new Configuration());
        JobGraph job = new JobGraph("lifecycle",
                List.of(new JobVertex(1, "Source", 2, new ValuesSourceFactory(TestRows.rows("row 1", "row 2")), List.of()),
                        new JobVertex(2, "Chain", 1, null, List.of(new LifecycleRecorder("a"), new LifecycleRecorder("b"),
                                new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Rebalance())), new Configuration());
        JobId id = cluster.submitJob(job);

        List<Row> result = fetchAll(id);

        String max = "watermark " + Long.MAX_VALUE;
        // Each bounded source subtask ends with the maximum watermark; the chain sees it once
        // both channels reached it, i.e. after both sources' rows.
        assertThat(result).containsExactlyInAnyOrderElementsOf(TestRows.rows("row 1", "row 2",
                "a '" + max + "'", "b '" + max + "'", "a 'endInput 0'", "a finish", "b 'endInput 0'", "b finish"));
        assertThat(result.subList(2, result.size())).containsExactlyElementsOf(TestRows.rows(
                "a '" + max + "'", "b '" + max + "'", "a 'endInput 0'", "a finish", "b 'endInput 0'", "b finish"));
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.FINISHED);
    }

    @Test
    void aThrowingOperatorFailsTheJobWithItsMessageAndWhereItHappened() {
        start(new Configuration());
        JobId id = cluster.submitJob(pipeline("bad input", new ValuesSourceFactory(input()), 2,
                new Partitioning.Forward(), new TestOperators.FailOnFirstBatch("orders.json:5: 'abc' is not a BIGINT")));

        JobInfo end = cluster.jobTermination(id).join();
        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).matches("orders\\.json:5: 'abc' is not a BIGINT \\(in FailOnFirstBatch, subtask [12]/2\\)");
        assertThatThrownBy(() -> cluster.fetchResults(id, 10, Duration.ofSeconds(1)))
                .isInstanceOf(JobExecutionException.class)
                .hasMessage(end.failureCause());
        assertThat(runnelTaskThreads()).isEmpty();
    }

    @Test
    void aFailingSourceFailsTheJobNamingTheSourceAndTheOtherTasksAreCancelled() {
        start(new Configuration());
        JobGraph job = new JobGraph("bad file",
                List.of(new JobVertex(1, "Source", 1, new TestSources.Failing("/tmp/in/part-0.json:3: unexpected '}'"), List.of()),
                        new JobVertex(2, "Endless", 1, new TestSources.Unbounded(10),
                                List.of(new TestOperators.Discard()))),
                List.of(), new Configuration());
        JobId id = cluster.submitJob(job);

        JobInfo end = cluster.jobTermination(id).join();
        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).isEqualTo("/tmp/in/part-0.json:3: unexpected '}' (in FailingSource, subtask 1/1)");
        await().until(() -> runnelTaskThreads().isEmpty());
    }

    @Test
    void cancellingAnUnboundedJobStopsAllItsTasks() {
        start(new Configuration());
        JobId id = cluster.submitJob(pipeline("endless", new TestSources.Unbounded(100), 2,
                new Partitioning.Rebalance(), new TestOperators.TagSubtask()));
        await().until(() -> cluster.fetchResults(id, 10, Duration.ofSeconds(1)).rows().size() > 0);
        assertThat(cluster.getJob(id).status()).isEqualTo(JobStatus.RUNNING);

        cluster.cancelJob(id);

        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.CANCELED);
        await().until(() -> runnelTaskThreads().isEmpty());
        // What was collected before the cancellation can still be fetched, then the result ends.
        fetchAll(id);
    }

    @Test
    void anIdleSourceSleepsUntilCancelled() {
        start(new Configuration());
        JobId id = cluster.submitJob(pipeline("idle", new TestSources.Idle(), 1, new Partitioning.Forward(),
                new TestOperators.TagSubtask()));
        await().until(() -> runnelTaskThreads().size() == 3);
        // A source with nothing to read leaves its thread asleep in the mailbox, not spinning.
        await().until(() -> Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(Task.THREAD_NAME_PREFIX + "Source"))
                .allMatch(t -> t.getState() == Thread.State.WAITING));

        cluster.cancelJob(id);

        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.CANCELED);
        await().until(() -> runnelTaskThreads().isEmpty());
    }

    @Test
    void aSlowSinkBackpressuresAFastSourceAndCancellationStillWorks() {
        Configuration config = new Configuration();
        config.set("execution.batch-size", "100");
        config.set("taskmanager.network.memory.buffers-per-channel", "2");
        start(new Configuration());
        JobGraph job = new JobGraph("backpressure",
                List.of(new JobVertex(1, "Source", 1, new TestSources.Unbounded(100), List.of()),
                        new JobVertex(2, "Sink", 1, null, List.of(new TestOperators.SlowSink(500)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Rebalance())), config);
        JobId id = cluster.submitJob(job);

        await().until(() -> cluster.getJob(id).recordsOut() > 2_000);
        // The source may be ahead of the sink by at most what the channel and the batches in
        // flight hold: 2 batches queued, one being processed, one being filled.
        for (int i = 0; i < 5; i++) {
            JobInfo info = cluster.getJob(id);
            // (One batch more for the counters of source and sink being read a moment apart.)
            assertThat(info.recordsIn() - info.recordsOut()).isLessThanOrEqualTo(5 * 100);
        }
        List<LocalChannel> channels = cluster.taskManager().channels().channelsOf(id);
        assertThat(channels).hasSize(1);
        assertThat(channels.get(0).maxDepth()).isEqualTo(channels.get(0).capacity());

        cluster.cancelJob(id);
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.CANCELED);
        await().until(() -> runnelTaskThreads().isEmpty());
    }

    @Test
    void aClientThatDoesNotFetchBackpressuresTheCollectSinkAndCancellationStillWorks() {
        Configuration config = new Configuration();
        config.set("collect-sink.buffer-rows", "500");
        start(new Configuration());
        JobGraph job = new JobGraph("unfetched",
                List.of(new JobVertex(1, "Source", 1, new TestSources.Unbounded(100), List.of()),
                        new JobVertex(2, "Collect", 1, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())), config);
        JobId id = cluster.submitJob(job);

        await().until(() -> cluster.getJob(id).recordsOut() >= 500);
        JobInfo stalled = cluster.getJob(id);
        // Buffer (500 + less than one batch), plus channel and batches in flight.
        assertThat(stalled.recordsIn()).isLessThan(500 + 1024 + 6 * 1024);
        assertThat(cluster.fetchResults(id, 1000, Duration.ofSeconds(1)).rows()).isNotEmpty();

        cluster.cancelJob(id);
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.CANCELED);
        await().until(() -> runnelTaskThreads().isEmpty());
    }

    @Test
    void aJobLargerThanTheClusterFailsWithAClearMessage() {
        start(new Configuration());
        JobId id = cluster.submitJob(pipeline("wide", new ValuesSourceFactory(input()), 3, new Partitioning.Forward(),
                new TestOperators.TagSubtask()));

        JobInfo end = cluster.jobTermination(id).join();
        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).isEqualTo("Job 'wide' needs 3 slots (its largest parallelism) but the cluster "
                + "has 2; set parallelism.default or taskmanager.numberOfTaskSlots");
    }

    @Test
    void slotsComeFromTheConfigurationAndJobsAreListedOldestFirst() {
        Configuration config = new Configuration();
        config.set("taskmanager.numberOfTaskSlots", "3");
        start(config);
        JobId first = cluster.submitJob(pipeline("first", new ValuesSourceFactory(input()), 3, new Partitioning.Forward(),
                new TestOperators.TagSubtask()));
        JobId second = cluster.submitJob(pipeline("second", new ValuesSourceFactory(input()), 1, new Partitioning.Forward(),
                new TestOperators.TagSubtask()));

        assertThat(fetchAll(first)).hasSize(ROWS);
        assertThat(fetchAll(second)).hasSize(ROWS);
        assertThat(cluster.listJobs()).extracting(JobInfo::id).containsExactly(first, second);
    }

    @Test
    void closingTheClusterCancelsRunningJobs() {
        start(new Configuration());
        JobId id = cluster.submitJob(pipeline("endless", new TestSources.Unbounded(10), 1, new Partitioning.Forward(),
                new TestOperators.TagSubtask()));
        await().until(() -> runnelTaskThreads().size() == 3);

        var termination = cluster.jobTermination(id);
        cluster.close();

        assertThat(termination.join().status()).isEqualTo(JobStatus.CANCELED);
        assertThat(runnelThreads()).isEmpty();
    }

    /** An operator factory that could not be shipped to a remote TaskManager. */
    private record Unshippable(Object state) implements OperatorFactory {
        @Override
        public String name() {
            return "Unshippable";
        }

        @Override
        public Operator create() {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void unknownJobsAndUnserializableGraphsAreRejected() {
        start(new Configuration());
        assertThatThrownBy(() -> cluster.getJob(JobId.generate())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Unknown job");
        assertThatThrownBy(() -> cluster.submitJob(pipeline("unshippable", new ValuesSourceFactory(input()), 1,
                new Partitioning.Forward(), new Unshippable(new Object()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Job 'unshippable' cannot be submitted: java.lang.Object is not serializable");
        assertThat(cluster.listJobs()).isEmpty();
    }

    private static List<String> runnelTaskThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith(Task.THREAD_NAME_PREFIX)).toList();
    }

    /**
     * The live threads a cluster may own. The processing-time scheduler is one daemon thread for
     * the whole JVM, started by the first timer of any earlier test, so it does not count.
     */
    private static List<String> runnelThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("runnel-") && !n.equals("runnel-processing-time")).toList();
    }
}
