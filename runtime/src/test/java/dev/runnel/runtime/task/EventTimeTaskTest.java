package dev.runnel.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Watermarks and watermark statuses through running tasks: a two-input vertex J (input 0 from a
 * source of parallelism 2, input 1 from another, both over HASH edges) feeds input 0 of a vertex
 * K whose input 1 is a third source. Sources emit a script and then wait forever, so what the
 * operators end up with does not depend on how the channels interleave.
 */
class EventTimeTaskTest {
    private static final Map<String, List<Long>> WATERMARKS = new ConcurrentHashMap<>();

    private EmbeddedCluster cluster;
    private String run;

    @BeforeEach
    void start() {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "4")));
        run = "run-" + System.nanoTime();
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private JobId submit(List<List<String>> sourceA, List<String> sourceB, List<String> sourceC) {
        JobGraph job = new JobGraph("event-time", List.of(
                new JobVertex(1, "A", 2, new Scripted(sourceA), List.of()),
                new JobVertex(2, "B", 1, new Scripted(List.of(sourceB)), List.of()),
                new JobVertex(3, "J", 1, null, List.of(new Recording(run + "J"), new Recording(run + "J2"))),
                new JobVertex(4, "C", 1, new Scripted(List.of(sourceC)), List.of()),
                new JobVertex(5, "K", 1, null, List.of(new Recording(run + "K")))),
                List.of(new JobEdge(1, 3, 0, new Partitioning.Hash(new int[] {0})),
                        new JobEdge(2, 3, 1, new Partitioning.Hash(new int[] {0})),
                        new JobEdge(3, 5, 0, new Partitioning.Forward()),
                        new JobEdge(4, 5, 1, new Partitioning.Forward())),
                new Configuration());
        return cluster.submitJob(job);
    }

    private List<Long> watermarks(String vertex) {
        return WATERMARKS.getOrDefault(run + vertex, List.of());
    }

    private void awaitLast(String vertex, long watermark) {
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            List<Long> seen = watermarks(vertex);
            return !seen.isEmpty() && seen.get(seen.size() - 1) == watermark;
        });
    }

    @Test
    void aMultiInputTaskForwardsTheMinimumOverAllChannelsOfAllInputs() throws Exception {
        JobId id = submit(List.of(List.of("row 1", "wm 10", "wm 50"),
                        List.of("row 2", "wm 20", "wm 40")),
                List.of("row 3", "wm 30"),
                List.of("wm 100"));

        awaitLast("J", 30);
        awaitLast("K", 30);
        Thread.sleep(200);
        assertThat(watermarks("J")).isSorted().doesNotHaveDuplicates().allSatisfy(w -> assertThat(w).isLessThanOrEqualTo(30));
        assertThat(watermarks("J2")).as("the chained operator sees what the head forwards").isEqualTo(watermarks("J"));
        assertThat(watermarks("K")).isSorted().doesNotHaveDuplicates().last().isEqualTo(30L);
        await().atMost(Duration.ofSeconds(10)).until(() -> cluster.getJob(id).counter("numWatermarks") > 0);
        cluster.cancelJob(id);
    }

    @Test
    void idleChannelsDoNotHoldBackAndATaskWhoseInputsAreAllIdleIsIdleDownstream() {
        JobId id = submit(List.of(List.of("row 1", "wm 10", "wm 50", "IDLE"),
                        List.of("row 2", "wm 20", "wm 40", "IDLE")),
                List.of("row 3", "wm 30", "IDLE"),
                List.of("wm 100"));

        // All of J's channels idle: it advances to the maximum over them, then tells K it is idle.
        awaitLast("J", 50);
        // K's input from J no longer holds it back, so C's watermark goes through.
        awaitLast("K", 100);
        assertThat(watermarks("K")).isSorted().doesNotHaveDuplicates();
        cluster.cancelJob(id);
    }

    @Test
    void anIdleChannelThatResumesCountsAgainOnceItCaughtUp() {
        JobId id = submit(List.of(List.of("wm 10", "IDLE", "ACTIVE",
                                "wm 25", "wm 70"),
                        List.of("wm 60")),
                List.of("wm 60"),
                List.of("wm 100"));

        awaitLast("J", 60);
        assertThat(watermarks("J")).isSorted().doesNotHaveDuplicates().allSatisfy(w -> assertThat(w).isLessThanOrEqualTo(60));
        cluster.cancelJob(id);
    }

    /** Subtask i emits script i ({@code row n}, {@code wm t}, {@code IDLE}, {@code ACTIVE}) in one poll, then nothing, forever. */
    record Scripted(List<List<String>> scripts) implements SourceFactory {
        @Override
        public String name() {
            return "Scripted";
        }

        @Override
        public boolean isBounded() {
            return false;
        }

        @Override
        public SourceReader createReader(int subtaskIndex, int parallelism) {
            return new SourceReader() {
                private boolean done;

                @Override
                public void open(OperatorContext context) {
                }

                @Override
                public InputStatus pollNext(Output output) {
                    if (!done) {
                        done = true;
                        for (String element : scripts.get(subtaskIndex)) {
                            String[] parts = element.split(" ");
                            switch (parts[0]) {
                                case "row" -> output.collect(Row.of(Long.parseLong(parts[1])));
                                case "wm" -> output.emitWatermark(new Watermark(Long.parseLong(parts[1])));
                                default -> output.emitWatermarkStatus(WatermarkStatus.valueOf(parts[0]));
                            }
                        }
                    }
                    return InputStatus.NOTHING_AVAILABLE;
                }

                @Override
                public CompletableFuture<Void> isAvailable() {
                    return new CompletableFuture<>();
                }
            };
        }
    }

    /** Records the watermarks it gets under {@code tag}, counts them in {@code numWatermarks}, forwards everything. */
    record Recording(String tag) implements OperatorFactory {
        @Override
        public String name() {
            return "Recording";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                private Counter counter;

                @Override
                public void open(OperatorContext context) throws Exception {
                    super.open(context);
                    counter = context.counter("numWatermarks");
                }

                @Override
                public void processBatch(RowBatch batch, int input) {
                    batch.forEach(output::collect);
                }

                @Override
                public void processWatermark(Watermark watermark) throws Exception {
                    WATERMARKS.computeIfAbsent(tag, t -> new CopyOnWriteArrayList<>()).add(watermark.timestamp());
                    counter.inc();
                    super.processWatermark(watermark);
                }
            };
        }
    }
}
