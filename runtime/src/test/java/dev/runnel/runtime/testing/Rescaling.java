package dev.runnel.runtime.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.KeyGroups;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Proves that a keyed operator rescales: one subtask runs the input up to a checkpoint, the
 * checkpoint is split by key groups among 1, 2 and 3 new subtasks (each restored backend keeps
 * the key groups it owns, timers included), the rest of the input goes to the subtask owning
 * each row's key group, and the subtasks together must emit what the single operator emits for
 * that rest: the same rows as a multiset, and, with {@link #outputKeyedBy}, the same rows per
 * key in the same order.
 *
 * <pre>{@code
 * Rescaling.of(factory).keyedBy(0)
 *         .before(rows("+I a 1", "+I b 2", "+I c 3"))
 *         .after(rows("+I a 4", "+I c 5"), watermark(10))
 *         .verify();
 * }</pre>
 *
 * <p>Watermarks and processing-time advances reach every subtask, as they do in a job. The new
 * subtasks' clocks start at the processing time of the checkpoint, as a restored job's is never
 * earlier than that.
 */
public final class Rescaling {
    /** One element of an operator's input. */
    public sealed interface Step permits Rows, WatermarkStep, ProcessingTime, EndOfInput {
    }

    /** A batch of rows on input {@code input}. */
    public record Rows(int input, List<String> lines) implements Step {
    }

    public record WatermarkStep(long timestamp) implements Step {
    }

    public record ProcessingTime(long time) implements Step {
    }

    /** The end of every input. */
    public record EndOfInput() implements Step {
    }

    private static final int[] PARALLELISMS = {1, 2, 3};

    private final OperatorFactory factory;
    private int[][] keyFields = {{0}};
    private RowType[] inputTypes = {null, null};
    private Configuration configuration = new Configuration();
    private List<Step> before = List.of();
    private List<Step> after = List.of();
    private int[] outputKeyFields;

    private Rescaling(OperatorFactory factory) {
        this.factory = factory;
    }

    public static Rescaling of(OperatorFactory factory) {
        return new Rescaling(factory);
    }

    public static Step rows(String... lines) {
        return new Rows(0, List.of(lines));
    }

    public static Step rows(int input, String... lines) {
        return new Rows(input, List.of(lines));
    }

    public static Step watermark(long timestamp) {
        return new WatermarkStep(timestamp);
    }

    public static Step processingTime(long time) {
        return new ProcessingTime(time);
    }

    public static Step endOfInput() {
        return new EndOfInput();
    }

    /** The key fields of input 0's rows (the fields a HASH edge into the operator partitions by). */
    public Rescaling keyedBy(int... fields) {
        this.keyFields = new int[][] {fields};
        return this;
    }

    /** The key fields of each input's rows, by input (for two-input operators). */
    public Rescaling keyedBy(int[] input0, int[] input1) {
        this.keyFields = new int[][] {input0, input1};
        return this;
    }

    /** Parses the text rows of input {@code input} by {@code type} instead of guessing. */
    public Rescaling withInputType(int input, RowType type) {
        this.inputTypes[input] = type;
        return this;
    }

    public Rescaling withConfiguration(Configuration config) {
        this.configuration = config.copy();
        return this;
    }

    /** The input before the checkpoint, run by a single subtask. */
    public Rescaling before(Step... steps) {
        this.before = List.of(steps);
        return this;
    }

    /** The input after the checkpoint, run by the single subtask and by each set of rescaled ones. */
    public Rescaling after(Step... steps) {
        this.after = List.of(steps);
        return this;
    }

    /** Also requires the rows of each output key (these fields of an output row) to come in the single subtask's order. */
    public Rescaling outputKeyedBy(int... fields) {
        this.outputKeyFields = fields;
        return this;
    }

    /**
     * Runs the check for 1, 2 and 3 subtasks; returns what the single subtask emitted after the
     * checkpoint (never empty: a check of nothing proves nothing).
     */
    public List<Row> verify() throws Exception {
        Path directory = Files.createTempDirectory("rescaling");
        try {
            OperatorSnapshot checkpoint;
            long checkpointTime;
            List<Row> expected;
            try (OperatorHarness single = harness(KeyedStateBackends.HASHMAP).withCheckpointDirectory(directory).open()) {
                run(List.of(single), before, 1);
                checkpoint = single.snapshot(1);
                checkpointTime = single.processingTime();
                single.takeOutput();
                run(List.of(single), after, 1);
                expected = single.output();
            }
            assertThat(expected).as("what '%s' emits after the checkpoint", factory.name()).isNotEmpty();
            for (int parallelism : PARALLELISMS) {
                assertSameOutput(expected, rescaled(checkpoint, checkpointTime, parallelism), parallelism);
            }
            return expected;
        } finally {
            OperatorHarness.deleteRecursively(directory);
        }
    }

    /** The rows each of {@code parallelism} subtasks restored from {@code checkpoint} emits for the rest of the input. */
    private List<List<Row>> rescaled(OperatorSnapshot checkpoint, long checkpointTime, int parallelism)
            throws Exception {
        List<OperatorSnapshot> operatorState = OperatorSnapshot.redistribute(List.of(checkpoint), parallelism);
        List<OperatorHarness> subtasks = new ArrayList<>();
        try {
            for (int i = 0; i < parallelism; i++) {
                OperatorSnapshot state = new OperatorSnapshot(operatorState.get(i).splitLists(),
                        operatorState.get(i).unionLists(), checkpoint.keyedState());
                // Alternate the backend type, as a savepoint may be resumed on the other one.
                String backend = parallelism % 2 == 0 ? KeyedStateBackends.ROCKSDB : KeyedStateBackends.HASHMAP;
                subtasks.add(harness(backend).asSubtask(i, parallelism).withRestoredState(state).open());
                // Every timer due by then fired before the checkpoint: this only sets the clock
                // (state TTL and processing-time windows compare with it).
                subtasks.get(i).setProcessingTime(checkpointTime);
            }
            int reached = run(subtasks, after, parallelism);
            if (parallelism > 1) {
                assertThat(Integer.bitCount(reached | routedSubtasks(before, parallelism))).as(
                        "subtasks of %d that own a key of the input (give it more keys)", parallelism)
                        .isGreaterThan(1);
            }
            List<List<Row>> outputs = new ArrayList<>();
            for (OperatorHarness subtask : subtasks) {
                outputs.add(subtask.output());
            }
            return outputs;
        } finally {
            subtasks.forEach(OperatorHarness::close);
        }
    }

    private OperatorHarness harness(String backend) {
        return OperatorHarness.of(factory).withoutRestores().withConfiguration(configuration).withStateBackend(backend);
    }

    /** Feeds {@code steps} to {@code subtasks}, rows to the owner of their key group; returns a bit set of the subtasks that got rows. */
    private int run(List<OperatorHarness> subtasks, List<Step> steps, int parallelism) throws Exception {
        int reached = 0;
        for (Step step : steps) {
            if (step instanceof Rows batch) {
                List<List<Row>> routed = route(batch, parallelism);
                for (int i = 0; i < parallelism; i++) {
                    if (!routed.get(i).isEmpty()) {
                        subtasks.get(i).processBatch(RowBatch.of(routed.get(i)), batch.input());
                        reached |= 1 << i;
                    }
                }
            } else {
                for (OperatorHarness subtask : subtasks) {
                    feedToEvery(subtask, step);
                }
            }
        }
        return reached;
    }

    private void feedToEvery(OperatorHarness subtask, Step step) throws Exception {
        if (step instanceof WatermarkStep w) {
            subtask.processWatermark(w.timestamp());
        } else if (step instanceof ProcessingTime t) {
            subtask.setProcessingTime(t.time());
        } else if (step instanceof EndOfInput) {
            for (int input = keyFields.length - 1; input > 0; input--) {
                subtask.endInput(input);
            }
            subtask.endInput();
        }
    }

    private int routedSubtasks(List<Step> steps, int parallelism) {
        int reached = 0;
        for (Step step : steps) {
            if (step instanceof Rows batch) {
                List<List<Row>> routed = route(batch, parallelism);
                for (int i = 0; i < parallelism; i++) {
                    reached |= routed.get(i).isEmpty() ? 0 : 1 << i;
                }
            }
        }
        return reached;
    }

    private List<List<Row>> route(Rows batch, int parallelism) {
        int maxParallelism = configuration.get(RuntimeOptions.MAX_PARALLELISM);
        List<List<Row>> routed = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            routed.add(new ArrayList<>());
        }
        for (Row row : TestRows.rows(inputTypes[batch.input()], batch.lines().toArray(String[]::new))) {
            routed.get(KeyGroups.subtaskFor(row, keyFields[batch.input()], maxParallelism, parallelism)).add(row);
        }
        return routed;
    }

    private void assertSameOutput(List<Row> expected, List<List<Row>> actual, int parallelism) {
        List<Row> all = new ArrayList<>();
        actual.forEach(all::addAll);
        assertThat(all).as("what '%s' restored on %d subtasks emits", factory.name(), parallelism)
                .containsExactlyInAnyOrderElementsOf(expected);
        if (outputKeyFields != null) {
            Map<List<Object>, List<Row>> expectedByKey = byKey(expected);
            Set<List<Object>> seen = new HashSet<>();
            for (List<Row> subtask : actual) {
                byKey(subtask).forEach((key, rows) -> {
                    assertThat(seen.add(key)).as("key %s is emitted by one subtask only", key).isTrue();
                    assertThat(rows).as("rows of key %s", key).containsExactlyElementsOf(expectedByKey.get(key));
                });
            }
        }
    }

    private Map<List<Object>, List<Row>> byKey(List<Row> rows) {
        Map<List<Object>, List<Row>> byKey = new LinkedHashMap<>();
        for (Row row : rows) {
            Object[] key = Arrays.stream(outputKeyFields).mapToObj(row::getField).toArray();
            byKey.computeIfAbsent(Arrays.asList(key), k -> new ArrayList<>()).add(row);
        }
        return byKey;
    }
}
