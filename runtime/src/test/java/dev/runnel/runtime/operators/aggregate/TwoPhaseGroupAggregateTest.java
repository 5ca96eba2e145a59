package dev.runnel.runtime.operators.aggregate;

import static dev.runnel.runtime.operators.aggregate.GroupAggregateOperatorTest.BIGINT;
import static dev.runnel.runtime.operators.aggregate.GroupAggregateOperatorTest.COUNT;
import static dev.runnel.runtime.operators.aggregate.GroupAggregateOperatorTest.MAX;
import static dev.runnel.runtime.operators.aggregate.GroupAggregateOperatorTest.STRING;
import static dev.runnel.runtime.operators.aggregate.GroupAggregateOperatorTest.SUM;
import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregateCall;
import dev.runnel.runtime.operators.aggregate.functions.AggregateKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A group aggregation in two phases (a local phase per input subtask, partial rows shuffled to a
 * global phase) ends every round in the table the one-phase aggregation ends in, and its changelog
 * is consistent. Input rows are {@code (key STRING, value BIGINT)}.
 *
 * <p>The global and one-phase operators restore after every batch; the local phases keep nothing
 * past a barrier and run without restores, which would flush them at every batch.
 */
@RestoresAfterEveryBatch
class TwoPhaseGroupAggregateTest {
    private static final AggregateCall AVG = AggregateCall.of(AggregateKind.AVG, new int[] {1}, List.of(BIGINT), BIGINT,
            "mean");

    private static LocalGroupAggregateOperatorFactory local(AggregatesHandle handle, MiniBatchSettings miniBatch) {
        return new LocalGroupAggregateOperatorFactory("LocalGroupAggregate", new int[] {0}, List.of(STRING), handle,
                miniBatch);
    }

    @ParameterizedTest(name = "{0}, retracting={1}")
    @CsvSource({"hashmap, false", "hashmap, true", "rocksdb, false", "rocksdb, true"})
    void twoPhasesEndEachRoundInTheTableOnePhaseEndsIn(String backend, boolean retracting) throws Exception {
        AggregatesHandle handle = new AggregatesHandle(retracting ? List.of(COUNT, SUM, AVG) : List.of(COUNT, SUM, MAX),
                retracting);
        // Small mini-batches, so that locals also emit in the middle of a round and keys repeat across them.
        MiniBatchSettings miniBatch = new MiniBatchSettings(Duration.ofHours(1), 20);
        Random random = new Random(retracting ? 7 : 11);
        int inputRows = 0;
        int partialRows = 0;
        try (var one = OperatorHarness.of(new GroupAggregateOperatorFactory("GroupAggregate", new int[] {0},
                     List.of(STRING), handle, null)).withStateBackend(backend).open();
             var local0 = OperatorHarness.of(local(handle, miniBatch)).withoutRestores().open();
             var local1 = OperatorHarness.of(local(handle, miniBatch)).withoutRestores().open();
             var global = OperatorHarness.of(local(handle, new MiniBatchSettings(Duration.ofHours(1), 5))
                     .global("GlobalGroupAggregate")).withStateBackend(backend).open()) {
            List<OperatorHarness> locals = List.of(local0, local1);
            // What each local's upstream has inserted and not retracted: it retracts only its own rows.
            List<List<Row>> live = List.of(new ArrayList<>(), new ArrayList<>());
            Map<Row, Object[]> onePhaseTable = new HashMap<>();
            Map<Row, Object[]> twoPhaseTable = new HashMap<>();
            for (int round = 1; round <= 150; round++) {
                for (int l = 0; l < 2; l++) {
                    List<Row> rows = new ArrayList<>();
                    for (int i = random.nextInt(30); i > 0; i--) {
                        List<Row> mine = live.get(l);
                        if (retracting && !mine.isEmpty() && random.nextInt(3) == 0) {
                            Row taken = mine.remove(random.nextInt(mine.size()));
                            rows.add(Row.ofKind(random.nextBoolean() ? RowKind.DELETE : RowKind.UPDATE_BEFORE,
                                    taken.fields()));
                        } else {
                            Row row = Row.of("k" + random.nextInt(4), (long) random.nextInt(100) - 20);
                            mine.add(row);
                            rows.add(row);
                        }
                    }
                    inputRows += rows.size();
                    locals.get(l).processBatch(RowBatch.of(rows));
                    one.processBatch(RowBatch.of(rows));
                    // A local may emit in the middle of a round: the global takes what there is.
                    List<Row> partials = locals.get(l).takeOutput();
                    partialRows += partials.size();
                    global.processBatch(RowBatch.of(partials));
                }
                for (OperatorHarness local : locals) {
                    local.processWatermark(round);
                    List<Row> partials = local.takeOutput();
                    partialRows += partials.size();
                    global.processBatch(RowBatch.of(partials));
                }
                global.processWatermark(round);
                apply(onePhaseTable, one.takeOutput());
                apply(twoPhaseTable, global.takeOutput());
                assertThat(asText(twoPhaseTable)).as("after round %d", round).isEqualTo(asText(onePhaseTable));
            }
            assertThat(onePhaseTable).isNotEmpty();
            assertThat(partialRows).as("rows that crossed the shuffle, of %d", inputRows).isLessThan(inputRows / 2);
        }
    }

    /** Applies a changelog to a table by key, failing on a change that does not fit the table. */
    private static void apply(Map<Row, Object[]> table, List<Row> changes) {
        for (Row change : changes) {
            Row key = Row.of(change.getField(0));
            Object[] values = Arrays.copyOfRange(change.fields(), 1, change.arity());
            switch (change.kind()) {
                case INSERT, UPDATE_AFTER -> assertThat(table.put(key, values)).as("%s over %s", change, table.keySet())
                        .isNull();
                case UPDATE_BEFORE, DELETE -> assertThat(table.remove(key)).as("%s takes back the row there", change)
                        .containsExactly(values);
            }
        }
    }

    private static Map<String, String> asText(Map<Row, Object[]> table) {
        Map<String, String> text = new HashMap<>();
        table.forEach((key, values) -> text.put(key.toString(), Arrays.toString(values)));
        return text;
    }

    @Test
    void theLocalPhaseEmitsWhenTheLatencyIsUpAndKeepsNothingPastABarrier(@TempDir Path checkpoints)
            throws Exception {
        AggregatesHandle handle = new AggregatesHandle(List.of(COUNT, SUM), false);
        MiniBatchSettings miniBatch = new MiniBatchSettings(Duration.ofSeconds(1), 1000);
        OperatorSnapshot checkpoint;
        try (var local = OperatorHarness.of(local(handle, miniBatch)).withoutRestores().open();
             var global = OperatorHarness.of(local(handle, miniBatch).global("GlobalGroupAggregate"))
                     .withStateBackend("rocksdb").withCheckpointDirectory(checkpoints).open()) {
            local.processRows("+I a 3", "+I a 4", "+I b 1");
            assertThat(local.output()).isEmpty();
            local.setProcessingTime(1000);
            // One partial row per key: key, the accumulators (COUNT, then SUM's sum and count), the row count.
            assertThat(local.takeOutput()).extracting(Row::toString)
                    .containsExactly(Row.of("a", 2L, 7L, 2L, 2L).toString(), Row.of("b", 1L, 1L, 1L, 1L).toString());

            local.processRows("+I a 10");
            local.snapshot(1);
            List<Row> partials = local.takeOutput();
            assertThat(partials).hasSize(1);
            global.processBatch(RowBatch.of(partials));
            checkpoint = global.snapshot(1);
            assertThat(global.takeOutput()).containsExactlyElementsOf(rows("+I a 1 10"));
        }
        try (var local = OperatorHarness.of(local(handle, miniBatch)).withoutRestores().open();
             var global = OperatorHarness.of(local(handle, miniBatch).global("GlobalGroupAggregate"))
                     .withStateBackend("rocksdb").withRestoredState(checkpoint).open()) {
            local.processRows("+I a 5", "+I c 2").endInput();
            global.processBatch(RowBatch.of(local.takeOutput())).endInput();
            assertThat(global.output()).containsExactlyElementsOf(rows("-U a 1 10", "+U a 2 15", "+I c 1 2"));
        }
    }

    @Test
    void onlyCallsWithoutMapViewsThatMergeExactlyTakeTwoPhases() {
        var distinct = new AggregateCall(AggregateKind.COUNT, new int[] {1}, List.of(BIGINT), BIGINT.notNull(), true,
                -1, "d");
        assertThat(LocalGroupAggregateOperatorFactory.supports(new AggregatesHandle(List.of(COUNT, SUM, MAX), false)))
                .isTrue();
        assertThat(LocalGroupAggregateOperatorFactory.supports(new AggregatesHandle(List.of(COUNT, SUM, AVG), true)))
                .isTrue();
        assertThat(LocalGroupAggregateOperatorFactory.supports(new AggregatesHandle(List.of(COUNT, MAX), true)))
                .as("MAX over retractions keeps its values in a map view").isFalse();
        assertThat(LocalGroupAggregateOperatorFactory.supports(new AggregatesHandle(List.of(distinct), false)))
                .as("DISTINCT keeps the values seen in a map view").isFalse();
    }
}
