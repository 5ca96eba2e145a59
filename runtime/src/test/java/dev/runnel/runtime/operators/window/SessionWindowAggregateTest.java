package dev.runnel.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SESSION windows through the session buffer: input rows are item, price, and the row's own
 * window {@code [ts, ts + 5)}; output rows item, window_start, window_end, window_time,
 * SUM(price), COUNT(*).
 */
@RestoresAfterEveryBatch
class SessionWindowAggregateTest {
    private static WindowAggregateOperatorFactory factory() {
        return new WindowAggregateOperatorFactory("WindowAggregate", new int[] {0},
                List.of(DataType.of(TypeRoot.VARCHAR, Integer.MAX_VALUE)), 2, 3,
                WindowAggregateOperatorTest.ITEM_AND_WINDOW, WindowAggregateOperatorTest.SUM_AND_COUNT, true,
                WindowTime.LOCAL);
    }

    private static Row bid(String item, int price, long ts) {
        return Row.of(item, price, ts, ts + 5);
    }

    private static void process(OperatorHarness h, Row... rows) throws Exception {
        h.processBatch(RowBatch.of(rows));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aBufferedRowBridgesASessionInStateAndOneInTheBuffer(String backend) throws Exception {
        try (var h = OperatorHarness.of(factory()).withStateBackend(backend).open()) {
            process(h, bid("A", 1, 1));
            h.processWatermark(3); // folds [1, 6) into state; it fires at 5
            process(h, bid("A", 2, 10), bid("B", 7, 11));
            h.processWatermark(4); // before every buffered start: they stay in memory
            process(h, bid("A", 4, 5)); // [5, 10) touches [1, 6) in state and [10, 15) in the buffer
            h.processWatermark(14);

            assertThat(h.takeOutput()).containsExactly(Row.of("A", 1L, 15L, 14L, 7, 3L));
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.takeOutput()).containsExactly(Row.of("B", 11L, 16L, 15L, 7, 1L));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aRowWhoseWindowFiredCountsOnlyWhenItReachesAnOpenSession(String backend) throws Exception {
        try (var h = OperatorHarness.of(factory()).withStateBackend(backend).open()) {
            process(h, bid("A", 1, 10));
            h.processWatermark(9);
            // [2, 7) fired long ago and reaches nothing: late. [5, 10) fired too but touches [10, 15).
            process(h, bid("A", 100, 2), bid("A", 3, 5));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactly(Row.of("A", 5L, 15L, 14L, 4, 2L));
            assertThat(h.counter("numLateRecordsDropped")).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void bufferedSessionsAreInTheCheckpoint(String backend, @TempDir Path checkpoints) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = OperatorHarness.of(factory()).withStateBackend(backend).withCheckpointDirectory(checkpoints)
                .open()) {
            process(h, bid("A", 1, 1));
            h.processWatermark(3);
            process(h, bid("A", 2, 4), bid("B", 5, 20));
            checkpoint = h.snapshot(1);
            process(h, bid("A", 100, 5)); // after the checkpoint: lost with this attempt
        }
        try (var h = OperatorHarness.of(factory()).withStateBackend(backend).withRestoredState(checkpoint).open()) {
            process(h, bid("A", 3, 9));
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactly(Row.of("A", 1L, 14L, 13L, 6, 3L), Row.of("B", 20L, 25L, 24L, 5, 1L));
        }
    }

    /**
     * Sessions in state (and in the buffer the checkpoint folds) split by key groups, and the
     * watermark restored: a row whose window fired before the checkpoint and reaches no open
     * session is still late on every new subtask; one that touches an open session merges into it.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<Row> afterCheckpoint = WindowAggregateOperatorTest.rescaling(factory())
                .before(Rescaling.rows("A 1 1 6", "B 2 2 7", "C 3 10 15", "D 4 11 16", "E 5 12 17", "F 6 13 18"),
                        Rescaling.watermark(9), Rescaling.rows("G 7 14 19"))
                // A's and B's sessions fired at 9: A's late row reaches nothing, C's touches [10, 15).
                .after(Rescaling.rows("A 100 2 7", "B 100 0 5", "C 8 6 11", "H 9 20 25"), Rescaling.watermark(19),
                        Rescaling.rows("D 100 12 17", "H 10 23 28"), Rescaling.watermark(Long.MAX_VALUE))
                .verify();

        assertThat(afterCheckpoint).containsExactlyInAnyOrder(Row.of("C", 6L, 15L, 14L, 11, 2L),
                Row.of("D", 11L, 16L, 15L, 4, 1L), Row.of("E", 12L, 17L, 16L, 5, 1L), Row.of("F", 13L, 18L, 17L, 6, 1L),
                Row.of("G", 14L, 19L, 18L, 7, 1L), Row.of("H", 20L, 28L, 27L, 19, 2L));
    }
}
