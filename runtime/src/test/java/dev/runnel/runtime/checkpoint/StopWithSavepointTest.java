package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.aggregate.functions.AggregateCall;
import dev.runnel.runtime.operators.aggregate.functions.AggregateKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.window.WindowAggregateOperatorFactory;
import dev.runnel.runtime.operators.window.WindowAggregateOperatorFactory.GroupField;
import dev.runnel.runtime.operators.window.WindowAssigner;
import dev.runnel.runtime.operators.window.WindowTableFunctionOperatorFactory;
import dev.runnel.runtime.operators.window.WindowTime;
import dev.runnel.runtime.source.watermark.WatermarkStrategy;
import dev.runnel.runtime.source.watermark.WatermarkedSource;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Stop-with-savepoint of an event-time window aggregation: without drain the job ends without
 * ending event time or finishing its operators (the open windows are in the savepoint and a job
 * resumed from it fires them), with drain every window fires before the job stops. A stop whose
 * savepoint fails leaves the job running.
 */
class StopWithSavepointTest extends CheckpointClusterTestBase {
    private static final long ROWS = 40_000;
    private static final long WINDOW = 1_000;
    // WATERMARK FOR the first field AS it: the event time of row n is n ms.
    private static final WatermarkStrategy AT_ROW_TIME = new WatermarkStrategy(new GeneratedClass<>("AtRowTime",
            "public final class AtRowTime implements dev.runnel.runtime.source.watermark.WatermarkExpression {\n"
            + "  public long watermarkOf(dev.runnel.runtime.data.Row row) {\n"
            + "    return ((Long) row.getField(0)).longValue();\n"
            + "  }\n}\n"), "n");
    private static final DataType BIGINT = DataType.of(TypeRoot.BIGINT);

    /** What the probe behind the window aggregate saw, by run. */
    private static final Map<String, List<String>> PROBED = new ConcurrentHashMap<>();

    @BeforeEach
    void start() {
        startCluster(4, 1);
    }

    /**
     * Source (2, rows (n, 0) at n ms, tumbling windows of 1 s appended) → HASH → window COUNT(*)
     * per window start → probe (2) → GLOBAL → committing sink, which commits {@code "start,count"}.
     */
    private JobGraph windowJob(String run, Map<String, String> extra) {
        WatermarkedSource source = new WatermarkedSource(new CheckpointTestJobs.PositionedSource(ROWS, 1, 100, 10),
                AT_ROW_TIME);
        AggregatesHandle count = new AggregatesHandle(List.of(AggregateCall.of(AggregateKind.COUNT_STAR, new int[0],
                List.of(), BIGINT.notNull(), "n")), false);
        return new JobGraph("window-count", List.of(
                new JobVertex(1, "Source", 2, source, List.of(new WindowTableFunctionOperatorFactory("Tumble",
                        new WindowAssigner.Tumbling(WINDOW, 0), 0, WindowTime.LOCAL))),
                new JobVertex(2, "Window", 2, null, List.of(new WindowAggregateOperatorFactory("WindowAggregate",
                        new int[] {1}, List.of(BIGINT), 2, 3, List.of(GroupField.WindowProperty.START), count, false,
                        WindowTime.LOCAL), new Probe(run))),
                new JobVertex(3, "Sink", 1, null, List.of(new CheckpointTestJobs.CommittingSink(run)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {1})),
                        new JobEdge(2, 3, 0, new Partitioning.Global())),
                checkpointing(extra));
    }

    private static List<String> everyWindowOnce() {
        List<String> expected = new ArrayList<>();
        for (long start = 0; start < ROWS; start += WINDOW) {
            expected.add(start + "," + WINDOW);
        }
        expected.sort(null);
        return expected;
    }

    private String stop(String run, boolean drain) {
        JobId id = cluster.submitJob(windowJob(run, Map.of()));
        awaitCheckpointAfter(id, 0);
        String savepoint = cluster.stopWithSavepoint(id, dir.resolve("savepoints").toString(), drain).join();
        JobInfo stopped = cluster.jobTermination(id).join();
        assertThat(stopped.status()).as(stopped.failureCause()).isEqualTo(JobStatus.FINISHED);
        return savepoint;
    }

    @Test
    void stopWithoutDrainLeavesTheOpenWindowsToTheJobResumedFromTheSavepoint() {
        String run = "no-drain-" + System.nanoTime();
        String savepoint = stop(run, false);

        // Event time did not end and no operator finished: the windows after the savepoint's
        // watermark did not fire.
        assertThat(PROBED.get(run)).doesNotContain("finish", "endInput", "watermark MAX");
        List<String> beforeStop = CheckpointTestJobs.committed(run);
        assertThat(beforeStop).isNotEqualTo(everyWindowOnce());

        String resumed = run + "-resumed";
        CheckpointTestJobs.copyCommitted(run, resumed);
        JobInfo end = cluster.jobTermination(cluster.submitJob(windowJob(resumed,
                Map.of("execution.savepoint.path", savepoint)))).join();

        assertThat(end.status()).as(end.failureCause()).isEqualTo(JobStatus.FINISHED);
        // Each window counted once over both jobs, none twice, none missing.
        assertThat(CheckpointTestJobs.committed(resumed)).isEqualTo(everyWindowOnce());
    }

    @Test
    void stopWithDrainFiresEveryWindowBeforeTheJobStops() {
        String run = "drain-" + System.nanoTime();
        stop(run, true);

        assertThat(PROBED.get(run)).contains("watermark MAX", "finish");
        // The source stopped early, so the windows hold fewer rows than a full run: but every
        // window up to the last row read fired.
        List<String> committed = CheckpointTestJobs.committed(run);
        assertThat(committed).isNotEmpty();
        long lastStart = committed.stream().mapToLong(line -> Long.parseLong(line.split(",")[0])).max().orElseThrow();
        assertThat(committed).as("an open window fired only at the drain").hasSize((int) (lastStart / WINDOW) + 1);
    }

    @Test
    void aStopWhoseSavepointIsDeclinedLeavesTheJobRunning() {
        String run = "declined-stop-" + System.nanoTime();
        CheckpointTestJobs.PositionedSource source = new CheckpointTestJobs.PositionedSource(40_000, 10, 10, 5);
        // No periodic checkpoint takes the decline meant for the savepoint.
        Map<String, String> rare = Map.of("execution.checkpointing.interval", "1h");
        JobId id = cluster.submitJob(declinableCountJob(run, source, checkpointing(rare)));
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).recordsIn() > 1_000);

        DECLINE_NEXT.set(true);
        assertThatThrownBy(() -> cluster.stopWithSavepoint(id, dir.resolve("savepoints").toString(), false).join())
                .hasMessageContaining("Stop-with-savepoint of job " + id + " failed, the job was not stopped")
                .hasMessageContaining("declined");
        // The sources read on: the job is running, not stopped.
        long read = cluster.getJob(id).recordsIn();
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).recordsIn() > read);
        assertThat(cluster.getJob(id).status()).isEqualTo(JobStatus.RUNNING);

        // A second stop succeeds, and the job resumed from it counts every row once.
        String savepoint = cluster.stopWithSavepoint(id, dir.resolve("savepoints").toString(), false).join();
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.FINISHED);
        String resumed = run + "-resumed";
        CheckpointTestJobs.copyCommitted(run, resumed);
        JobInfo end = cluster.jobTermination(cluster.submitJob(declinableCountJob(resumed, source,
                checkpointing(Map.of("execution.savepoint.path", savepoint))))).join();
        assertThat(end.status()).as(end.failureCause()).isEqualTo(JobStatus.FINISHED);
        assertThat(CheckpointTestJobs.committed(resumed)).isEqualTo(CheckpointTestJobs.expectedCounts(source, 2));
    }

    /** The keyed count job with a {@link DeclineNext} behind each count subtask. */
    private static JobGraph declinableCountJob(String run, CheckpointTestJobs.PositionedSource source,
                                               Configuration config) {
        return new JobGraph("keyed-count", List.of(
                new JobVertex(1, "Source", 2, source, List.of()),
                new JobVertex(2, "Count", 2, null, List.of(new CheckpointTestJobs.KeyedCount(), new DeclineNext())),
                new JobVertex(3, "Sink", 1, null, List.of(new CheckpointTestJobs.CommittingSink(run)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {1})),
                        new JobEdge(2, 3, 0, new Partitioning.Global())),
                config);
    }

    private static final AtomicBoolean DECLINE_NEXT = new AtomicBoolean();

    /** Passes rows on; its snapshot fails once after {@link #DECLINE_NEXT} was set, so the task declines. */
    private record DeclineNext() implements OperatorFactory {
        @Override
        public String name() {
            return "DeclineNext";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                    batch.forEach(output::collect);
                }

                @Override
                public void snapshotState(long checkpointId) {
                    if (DECLINE_NEXT.compareAndSet(true, false)) {
                        throw new IllegalStateException("snapshot " + checkpointId + " refused by the test");
                    }
                }
            };
        }
    }

    /** Passes rows on and records, by run, whether event time ended and the operator was finished. */
    private record Probe(String run) implements OperatorFactory {
        @Override
        public String name() {
            return "Probe";
        }

        @Override
        public Operator create() {
            List<String> events = PROBED.computeIfAbsent(run, r -> new CopyOnWriteArrayList<>());
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                    batch.forEach(output::collect);
                }

                @Override
                public void processWatermark(Watermark watermark) throws Exception {
                    if (watermark.timestamp() == Long.MAX_VALUE) {
                        events.add("watermark MAX");
                    }
                    super.processWatermark(watermark);
                }

                @Override
                public void endInput(int input) {
                    events.add("endInput");
                }

                @Override
                public void finish() {
                    events.add("finish");
                }
            };
        }
    }
}
