package dev.runnel.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.window.WindowAggregateOperatorFactory.GroupField;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The window aggregate over slices: input rows are item, price, slice_start, slice_end (as the
 * window table function appends slices in front of it); output rows are item, window_start,
 * window_end, window_time, SUM(price), COUNT(*) of whole windows.
 */
@RestoresAfterEveryBatch
class SlicingWindowAggregateTest {
    private static final AggregatesHandle SUM_AND_COUNT = WindowAggregateOperatorTest.SUM_AND_COUNT;
    private static final List<GroupField> ITEM_AND_WINDOW = WindowAggregateOperatorTest.ITEM_AND_WINDOW;

    private static WindowAggregateOperatorFactory factory(WindowAssigner windows) {
        return new WindowAggregateOperatorFactory("WindowAggregate", new int[] {0},
                List.of(DataType.of(TypeRoot.VARCHAR, Integer.MAX_VALUE)), 2, 3, ITEM_AND_WINDOW, SUM_AND_COUNT, false,
                WindowTime.LOCAL, null, new SliceAssigner(windows));
    }

    private static OperatorHarness harness(WindowAssigner windows, String backend) throws Exception {
        return OperatorHarness.of(factory(windows)).withStateBackend(backend).open();
    }

    private static Row bid(String item, int price, long sliceStart, long sliceEnd) {
        return Row.of(item, price, sliceStart, sliceEnd);
    }

    private static void process(OperatorHarness h, Row... rows) throws Exception {
        h.processBatch(RowBatch.of(rows));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aHopWindowMergesItsSlicesWhenItFiresAndAWindowWithoutRowsIsNotEmitted(String backend) throws Exception {
        // HOP(slide 5, size 10): slices [0, 5), [5, 10), ...; a window is two slices, [0, 5) is in
        // [-5, 5) and [0, 10).
        try (var h = harness(new WindowAssigner.Hopping(10, 5, 0), backend)) {
            process(h, bid("A", 4, 0, 5), bid("A", 1, 5, 10), bid("B", 2, 5, 10), bid("A", 7, 20, 25));
            h.processWatermark(3);
            assertThat(h.takeOutput()).isEmpty();
            h.processWatermark(8);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", -5L, 5L, 4L, 4, 1L));

            h.processWatermark(9);
            assertThat(h.takeOutput()).containsExactlyInAnyOrder(Row.of("A", 0L, 10L, 9L, 5, 2L),
                    Row.of("B", 0L, 10L, 9L, 2, 1L));
            h.processWatermark(14);
            assertThat(h.takeOutput()).containsExactlyInAnyOrder(Row.of("A", 5L, 15L, 14L, 1, 1L),
                    Row.of("B", 5L, 15L, 14L, 2, 1L));
            // [10, 20) has no rows; [15, 25) and [20, 30) have A's row at [20, 25).
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 15L, 25L, 24L, 7, 1L),
                    Row.of("A", 20L, 30L, 29L, 7, 1L));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aRowIsLateOnlyWhenTheLastWindowOfItsSliceFired(String backend) throws Exception {
        try (var h = harness(new WindowAssigner.Hopping(10, 5, 0), backend)) {
            process(h, bid("A", 3, 0, 5));
            h.processWatermark(9);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", -5L, 5L, 4L, 3, 1L), Row.of("A", 0L, 10L, 9L, 3, 1L));

            // [0, 5) is only in [0, 10), which fired: late. [5, 10) is in [5, 15) too, still open.
            process(h, bid("A", 100, 0, 5), bid("A", 7, 5, 10));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.takeOutput()).containsExactly(Row.of("A", 5L, 15L, 14L, 7, 1L));
            assertThat(h.counter("numLateRecordsDropped")).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aCumulateWindowGrowsByItsStepAndEveryStepOfACycleWithRowsFires(String backend) throws Exception {
        // CUMULATE(step 10, size 30): [0, 10), [0, 20), [0, 30), then [30, 40), ...
        try (var h = harness(new WindowAssigner.Cumulative(30, 10, 0), backend)) {
            process(h, bid("A", 1, 0, 10), bid("A", 2, 10, 20), bid("B", 5, 10, 20));
            h.processWatermark(9);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 0L, 10L, 9L, 1, 1L));
            h.processWatermark(19);
            assertThat(h.takeOutput()).containsExactlyInAnyOrder(Row.of("A", 0L, 20L, 19L, 3, 2L),
                    Row.of("B", 0L, 20L, 19L, 5, 1L));
            // No row in [20, 30): the cycle's last window still holds the earlier ones.
            h.processWatermark(29);
            assertThat(h.takeOutput()).containsExactlyInAnyOrder(Row.of("A", 0L, 30L, 29L, 3, 2L),
                    Row.of("B", 0L, 30L, 29L, 5, 1L));
            process(h, bid("A", 4, 40, 50));
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.takeOutput()).containsExactly(Row.of("A", 30L, 50L, 49L, 4, 1L),
                    Row.of("A", 30L, 60L, 59L, 4, 1L));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void slicesBufferedInMemoryAreInTheCheckpointAndAWatermarkThatFiresNothingKeepsThemBuffered(String backend,
            @TempDir Path checkpoints) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = OperatorHarness.of(factory(new WindowAssigner.Hopping(10, 5, 0))).withStateBackend(backend)
                .withCheckpointDirectory(checkpoints).open()) {
            process(h, bid("A", 4, 0, 5));
            h.processWatermark(3); // fires nothing
            process(h, bid("A", 1, 5, 10));
            checkpoint = h.snapshot(1);
            process(h, bid("A", 100, 5, 10)); // after the checkpoint: lost with this attempt
        }
        try (var h = OperatorHarness.of(factory(new WindowAssigner.Hopping(10, 5, 0))).withStateBackend(backend)
                .withRestoredState(checkpoint).open()) {
            process(h, bid("A", 2, 5, 10));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactly(Row.of("A", -5L, 5L, 4L, 4, 1L), Row.of("A", 0L, 10L, 9L, 7, 3L),
                    Row.of("A", 5L, 15L, 14L, 3, 2L));
        }
    }

    @Test
    void aFullBufferFoldsIntoStateAndTheResultsStayTheSame() throws Exception {
        Configuration oneEntry = new Configuration(Map.of(StateOptions.WINDOW_AGG_BUFFER_SIZE_LIMIT.key(), "1"));
        try (var h = OperatorHarness.of(factory(new WindowAssigner.Tumbling(10, 0))).withConfiguration(oneEntry)
                .withStateBackend("rocksdb").open()) {
            process(h, bid("A", 4, 0, 10), bid("B", 2, 0, 10), bid("A", 1, 0, 10), bid("A", 5, 10, 20));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactlyInAnyOrder(Row.of("A", 0L, 10L, 9L, 5, 2L),
                    Row.of("B", 0L, 10L, 9L, 2, 1L), Row.of("A", 10L, 20L, 19L, 5, 1L));
        }
    }

    @Test
    void aBufferLimitBelowOneIsRefusedNamingTheKey() {
        Configuration zero = new Configuration(Map.of(StateOptions.WINDOW_AGG_BUFFER_SIZE_LIMIT.key(), "0"));
        assertThatThrownBy(() -> OperatorHarness.of(factory(new WindowAssigner.Tumbling(10, 0))).withConfiguration(zero)
                .open().close())
                .hasMessageContaining("'table.exec.window-agg.buffer-size-limit' must be at least 1, was 0");
    }

    @Test
    void slicesOfEachKindOfWindow() {
        SliceAssigner hop = new SliceAssigner(new WindowAssigner.Hopping(10, 5, 2));
        assertThat(hop.assignSlice(6)).isEqualTo(new TimeWindow(2, 7));
        assertThat(hop.window(12)).isEqualTo(new TimeWindow(2, 12));
        assertThat(hop.lastWindowEnd(7)).isEqualTo(12);

        SliceAssigner cumulate = new SliceAssigner(new WindowAssigner.Cumulative(30, 10, 0));
        assertThat(cumulate.assignSlice(-1)).isEqualTo(new TimeWindow(-10, 0));
        assertThat(cumulate.window(50)).isEqualTo(new TimeWindow(30, 50));
        assertThat(cumulate.lastWindowEnd(40)).isEqualTo(60);

        SliceAssigner tumble = new SliceAssigner(new WindowAssigner.Tumbling(10, 0));
        assertThat(tumble.window(20)).isEqualTo(new TimeWindow(10, 20));
        assertThat(tumble.lastWindowEnd(20)).isEqualTo(20);
    }

    /**
     * Slices in state and their timers split by key groups, and the watermark restored: a slice
     * whose last window fired before the checkpoint is still late on every new subtask, one in a
     * window still open is not.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        // HOP(slide 5, size 10): the watermark 9 fires [-5, 5) and [0, 10), so [0, 5) is done.
        List<Row> afterCheckpoint = WindowAggregateOperatorTest.rescaling(factory(new WindowAssigner.Hopping(10, 5, 0)))
                .before(Rescaling.rows("A 1 0 5", "B 2 5 10", "C 3 5 10", "D 4 5 10", "E 5 10 15", "F 6 10 15",
                        "G 7 10 15"), Rescaling.watermark(9))
                .after(Rescaling.rows("A 100 0 5", "E 100 0 5", "A 1 5 10", "H 8 10 15"), Rescaling.watermark(14),
                        Rescaling.rows("B 100 5 10", "C 9 15 20"), Rescaling.watermark(24))
                .verify();

        assertThat(afterCheckpoint).containsExactlyInAnyOrder(Row.of("A", 5L, 15L, 14L, 1, 1L),
                Row.of("B", 5L, 15L, 14L, 2, 1L), Row.of("C", 5L, 15L, 14L, 3, 1L), Row.of("D", 5L, 15L, 14L, 4, 1L),
                Row.of("E", 5L, 15L, 14L, 5, 1L), Row.of("F", 5L, 15L, 14L, 6, 1L), Row.of("G", 5L, 15L, 14L, 7, 1L),
                Row.of("H", 5L, 15L, 14L, 8, 1L), Row.of("E", 10L, 20L, 19L, 5, 1L), Row.of("F", 10L, 20L, 19L, 6, 1L),
                Row.of("G", 10L, 20L, 19L, 7, 1L), Row.of("H", 10L, 20L, 19L, 8, 1L), Row.of("C", 10L, 20L, 19L, 9, 1L),
                Row.of("C", 15L, 25L, 24L, 9, 1L));
    }
}
