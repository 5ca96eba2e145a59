package dev.runnel.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregateCall;
import dev.runnel.runtime.operators.aggregate.functions.AggregateKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.window.WindowAggregateOperatorFactory.GroupField;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Input rows: item, price, window_start, window_end (as a windowing table function appends them). */
@RestoresAfterEveryBatch
class WindowAggregateOperatorTest {
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);
    static final AggregatesHandle SUM_AND_COUNT = new AggregatesHandle(List.of(
            AggregateCall.of(AggregateKind.SUM, new int[] {1}, List.of(INT), INT, "total"),
            AggregateCall.of(AggregateKind.COUNT_STAR, new int[0], List.of(), DataType.of(TypeRoot.BIGINT).notNull(), "n")),
            false);
    /** Output: item, window_start, window_end, window_time, SUM(price), COUNT(*). */
    static final List<GroupField> ITEM_AND_WINDOW = List.of(GroupField.key(0),
            GroupField.WindowProperty.START, GroupField.WindowProperty.END, GroupField.WindowProperty.TIME);
    /** The input rows' type, for text rows: item, price, window (or slice) start and end. */
    static final RowType BIDS = RowType.of(new RowType.Field("item", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("price", INT), new RowType.Field("window_start", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("window_end", DataType.of(TypeRoot.BIGINT)));

    private static OperatorHarness harness(boolean merging) throws Exception {
        return harness(merging, "hashmap");
    }

    private static OperatorHarness harness(boolean merging, String backend) throws Exception {
        return OperatorHarness.of(factory(merging)).withStateBackend(backend).open();
    }

    private static WindowAggregateOperatorFactory factory(boolean merging) {
        return new WindowAggregateOperatorFactory("WindowAggregate", new int[] {0},
                List.of(DataType.of(TypeRoot.VARCHAR, Integer.MAX_VALUE)), 2, 3, ITEM_AND_WINDOW, SUM_AND_COUNT,
                merging, WindowTime.LOCAL);
    }

    /**
     * A rescaling check of a window aggregate over {@link #BIDS} in text, keyed by item; each
     * item's windows must fire in the same order.
     */
    static Rescaling rescaling(WindowAggregateOperatorFactory factory) {
        return Rescaling.of(factory).keyedBy(0).withInputType(0, BIDS).outputKeyedBy(0);
    }

    private static Row bid(String item, int price, long start, long end) {
        return Row.of(item, price, start, end);
    }

    private static OperatorHarness process(OperatorHarness h, Row... rows) throws Exception {
        return h.processBatch(RowBatch.of(rows));
    }

    private static long lateDropped(OperatorHarness h) {
        return h.counter("numLateRecordsDropped");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aWindowFiresOnceTheWatermarkReachesItsWindowTime(String backend) throws Exception {
        try (var h = harness(false, backend)) {
            process(h, bid("A", 4, 0, 10), bid("B", 2, 0, 10), bid("A", 5, 10, 20), bid("A", 1, 0, 10));
            h.processWatermark(8);
            assertThat(h.output()).isEmpty();

            h.processWatermark(9);
            assertThat(h.watermarks()).containsExactly(8L, 9L);
            assertThat(h.takeOutput()).containsExactlyInAnyOrder(Row.of("A", 0L, 10L, 9L, 5, 2L),
                    Row.of("B", 0L, 10L, 9L, 2, 1L));

            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 10L, 20L, 19L, 5, 1L));
        }
    }

    private static OperatorHarness processingTime(WindowAssigner windows, String backend) throws Exception {
        return OperatorHarness.of(new WindowAggregateOperatorFactory("WindowAggregate", new int[] {0},
                List.of(DataType.of(TypeRoot.VARCHAR, Integer.MAX_VALUE)), 2, 3, ITEM_AND_WINDOW, SUM_AND_COUNT,
                false, WindowTime.LOCAL, windows, null)).withStateBackend(backend).open();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void processingTimeWindowsFireOnTheClockAndCountARowWhoseWindowFiredInFlightInTheWindowOpenNow(String backend)
            throws Exception {
        try (var h = processingTime(new WindowAssigner.Tumbling(10, 0), backend)) {
            process(h, bid("A", 4, 0, 10), bid("A", 5, 10, 20));
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.takeOutput()).isEmpty();

            h.setProcessingTime(9);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 0L, 10L, 9L, 4, 1L));
            // A row the table function assigned to [0, 10) before 9 that arrives after that window
            // fired: Flink assigns it the window open when the aggregate processes it.
            process(h, bid("A", 1, 0, 10));
            h.setProcessingTime(19);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 10L, 20L, 19L, 6, 2L));
            // Long after: into the window open then, not any in between.
            h.setProcessingTime(53);
            process(h, bid("A", 2, 20, 30));
            h.setProcessingTime(59);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 50L, 60L, 59L, 2, 1L));
            assertThat(lateDropped(h)).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void processingTimeRowsWaitInTheBufferAcrossBatchesAndCheckpointsAndEachWindowFiresOnceWithAllOfThem(
            String backend) throws Exception {
        try (var h = processingTime(new WindowAssigner.Tumbling(10, 0), backend)) {
            h.setProcessingTime(1);
            process(h, bid("A", 1, 0, 10), bid("B", 2, 0, 10));
            // A checkpoint folds the buffer into state (A and B get their timers there) ...
            h.snapshot(1);
            process(h, bid("A", 4, 0, 10));
            h.setProcessingTime(5);
            // ... later rows wait in the buffer again, C's window only there, and no window fired yet.
            process(h, bid("C", 8, 0, 10), bid("B", 16, 0, 10));
            process(h, bid("A", 32, 10, 20));
            assertThat(h.takeOutput()).isEmpty();

            h.setProcessingTime(9);
            assertThat(h.takeOutput()).containsExactlyInAnyOrder(Row.of("A", 0L, 10L, 9L, 5, 2L),
                    Row.of("B", 0L, 10L, 9L, 18, 2L), Row.of("C", 0L, 10L, 9L, 8, 1L));
            h.setProcessingTime(19);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 10L, 20L, 19L, 32, 1L));
            h.setProcessingTime(100);
            assertThat(h.takeOutput()).isEmpty();
        }
    }

    @Test
    void aHopRowWhoseWindowsFiredInFlightCountsInTheHopWindowsOpenNow() throws Exception {
        try (var h = processingTime(new WindowAssigner.Hopping(10, 5, 0), "hashmap")) {
            h.setProcessingTime(12);
            // Assigned at 7: [0, 10) and [5, 15); processed at 12, when [5, 15) and [10, 20) are open.
            process(h, bid("A", 3, 0, 10), bid("A", 3, 5, 15));
            h.setProcessingTime(Long.MAX_VALUE / 2);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 5L, 15L, 14L, 3, 1L),
                    Row.of("A", 10L, 20L, 19L, 3, 1L));
            assertThat(lateDropped(h)).isZero();
        }
    }

    @Test
    void aCumulateRowCountsInTheStepsOfTheCurrentCycleThatAreStillOpen() throws Exception {
        try (var h = processingTime(new WindowAssigner.Cumulative(30, 10, 0), "hashmap")) {
            h.setProcessingTime(14);
            // Assigned at 5: [0, 10), [0, 20), [0, 30); at 14 only [0, 20) and [0, 30) hold the row.
            process(h, bid("A", 1, 0, 10), bid("A", 1, 0, 20), bid("A", 1, 0, 30));
            h.setProcessingTime(Long.MAX_VALUE / 2);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 0L, 20L, 19L, 1, 1L),
                    Row.of("A", 0L, 30L, 29L, 1, 1L));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void rowsOfFiredWindowsAreDroppedAndCounted(String backend) throws Exception {
        try (var h = harness(false, backend)) {
            process(h, bid("A", 4, 0, 10));
            h.processWatermark(12);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 0L, 10L, 9L, 4, 1L));

            process(h, bid("A", 100, 0, 10), bid("A", 7, 10, 20));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactly(Row.of("A", 10L, 20L, 19L, 7, 1L));
            assertThat(lateDropped(h)).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void rowsBufferedInMemoryAreInTheCheckpointTakenBeforeTheirWindowFires(String backend, @TempDir Path checkpoints)
            throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = OperatorHarness.of(factory(false)).withStateBackend(backend).withCheckpointDirectory(checkpoints)
                .open()) {
            process(h, bid("A", 4, 0, 10), bid("B", 2, 0, 10));
            process(h, bid("A", 1, 0, 10));
            checkpoint = h.snapshot(1);
            process(h, bid("A", 100, 0, 10)); // after the checkpoint: lost with this attempt
        }
        try (var h = OperatorHarness.of(factory(false)).withStateBackend(backend).withRestoredState(checkpoint).open()) {
            process(h, bid("A", 2, 0, 10));
            h.processWatermark(9);

            assertThat(h.output()).containsExactlyInAnyOrder(Row.of("A", 0L, 10L, 9L, 7, 3L),
                    Row.of("B", 0L, 10L, 9L, 2, 1L));
        }
    }

    @Test
    void aFullWindowBufferFoldsIntoStateAndTheResultsStayTheSame() throws Exception {
        Configuration oneEntry = new Configuration(Map.of(StateOptions.WINDOW_AGG_BUFFER_SIZE_LIMIT.key(), "1"));
        try (var h = OperatorHarness.of(factory(false)).withConfiguration(oneEntry).withStateBackend("rocksdb").open()) {
            // every other row is another key or window: the buffer of one entry folds at nearly every row
            process(h, bid("A", 4, 0, 10), bid("B", 2, 0, 10), bid("A", 1, 0, 10), bid("A", 5, 10, 20),
                    bid("A", 1, 0, 10));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactlyInAnyOrder(Row.of("A", 0L, 10L, 9L, 6, 3L),
                    Row.of("B", 0L, 10L, 9L, 2, 1L), Row.of("A", 10L, 20L, 19L, 5, 1L));
        }
    }

    @Test
    void overlappingWindowsOfOneRowAggregateSeparately() throws Exception {
        try (var h = harness(false)) {
            // HOP(slide 5, size 10) gives a row at 7 the windows [0, 10) and [5, 15).
            process(h, bid("A", 3, 0, 10), bid("A", 3, 5, 15), bid("A", 1, 5, 15));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactly(Row.of("A", 0L, 10L, 9L, 3, 1L), Row.of("A", 5L, 15L, 14L, 4, 2L));
            assertThat(h.output()).allMatch(r -> r.kind() == RowKind.INSERT);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void sessionWindowsMergeWhenTheyOverlapOrTouch(String backend) throws Exception {
        try (var h = harness(true, backend)) {
            // Gap 5: each row arrives with its own window [ts, ts + 5).
            process(h, bid("A", 1, 1, 6), bid("A", 1, 4, 9), bid("A", 1, 20, 25), bid("A", 1, 10, 15),
                    bid("B", 1, 2, 7));
            // [1, 9) and [10, 15) are apart until a row at 8 bridges them into [1, 15).
            process(h, bid("A", 1, 8, 13));
            h.processWatermark(14);
            assertThat(h.takeOutput()).containsExactlyInAnyOrder(Row.of("A", 1L, 15L, 14L, 4, 4L),
                    Row.of("B", 2L, 7L, 6L, 1, 1L));

            // Windows behind the watermark touching no open session: late.
            process(h, bid("B", 1, 3, 8), bid("A", 1, 5, 10));
            // Touching the open session [20, 25): merged into [16, 25).
            process(h, bid("A", 1, 16, 21));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactly(Row.of("A", 16L, 25L, 24L, 2, 2L));
            assertThat(lateDropped(h)).isEqualTo(2);
        }
    }

    @Test
    void aGlobalWindowAggregateHasNoKey() throws Exception {
        try (var h = OperatorHarness.of(new WindowAggregateOperatorFactory("WindowAggregate", new int[0], List.of(), 2, 3,
                List.of(GroupField.WindowProperty.START, GroupField.WindowProperty.END), SUM_AND_COUNT, false,
                WindowTime.LOCAL)).open()) {
            process(h, bid("A", 4, 0, 10), bid("B", 2, 0, 10));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactly(Row.of(0L, 10L, 6, 2L));
        }
    }

    @Test
    void retractionsAreRejected() throws Exception {
        try (var h = harness(false)) {
            assertThatThrownBy(() -> h.processBatch(RowBatch.of(Row.ofKind(RowKind.DELETE, "A", 1, 0L, 10L))))
                    .hasMessageContaining("takes only inserts");
        }
    }

    /**
     * Windows in state and their timers split by key groups, and the watermark restored: the rows
     * of [0, 10), which fired before the checkpoint, are still late on every new subtask.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<Row> afterCheckpoint = rescaling(factory(false))
                .before(Rescaling.rows("A 1 0 10", "B 2 0 10", "C 3 0 10", "A 4 10 20", "B 5 10 20", "C 6 10 20",
                        "D 7 10 20", "E 8 10 20", "F 9 10 20", "G 10 10 20"), Rescaling.watermark(9))
                .after(Rescaling.rows("A 100 0 10", "D 100 0 10", "A 1 10 20", "H 2 10 20", "B 3 20 30"),
                        Rescaling.watermark(19),
                        Rescaling.rows("B 100 10 20", "I 100 10 20", "C 4 20 30"), Rescaling.watermark(29))
                .verify();

        assertThat(afterCheckpoint).containsExactlyInAnyOrder(Row.of("A", 10L, 20L, 19L, 5, 2L),
                Row.of("B", 10L, 20L, 19L, 5, 1L), Row.of("C", 10L, 20L, 19L, 6, 1L), Row.of("D", 10L, 20L, 19L, 7, 1L),
                Row.of("E", 10L, 20L, 19L, 8, 1L), Row.of("F", 10L, 20L, 19L, 9, 1L), Row.of("G", 10L, 20L, 19L, 10, 1L),
                Row.of("H", 10L, 20L, 19L, 2, 1L), Row.of("B", 20L, 30L, 29L, 3, 1L), Row.of("C", 20L, 30L, 29L, 4, 1L));
    }
}
