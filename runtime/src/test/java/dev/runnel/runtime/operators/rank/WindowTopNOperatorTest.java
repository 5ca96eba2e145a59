package dev.runnel.runtime.operators.rank;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Window Top-N and window deduplication over rows {@code (item, price, window_start, window_end)}. */
@RestoresAfterEveryBatch
class WindowTopNOperatorTest {
    private static final RowType INPUT = RowType.of(
            new RowType.Field("item", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("price", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("window_start", DataType.of(TypeRoot.TIMESTAMP, 3)),
            new RowType.Field("window_end", DataType.of(TypeRoot.TIMESTAMP, 3)));
    private static final RowType OUTPUT = RowType.of(INPUT.fields().get(0), INPUT.fields().get(1),
            INPUT.fields().get(2), INPUT.fields().get(3), new RowType.Field("rn", DataType.of(TypeRoot.BIGINT)));
    private static final String W1 = " '2024-01-01 00:00:00' '2024-01-01 00:00:10'";
    private static final String W2 = " '2024-01-01 00:00:10' '2024-01-01 00:00:20'";
    private static final long W1_END = 1704067210000L;
    private static final long WINDOW_SIZE = 10_000;

    private static OperatorHarness topN(int limit, boolean descending, boolean laterWinsTies, boolean number)
            throws Exception {
        return OperatorHarness.of(factory(limit, descending, laterWinsTies, number)).withInputType(INPUT).open();
    }

    /** The top {@code limit} rows per window (fields 2 and 3) by price. */
    private static WindowTopNOperatorFactory factory(int limit, boolean descending, boolean laterWinsTies,
                                                     boolean number) {
        var comparator = new SortKeyComparator(new int[] {1}, new boolean[] {!descending}, new boolean[] {false});
        return new WindowTopNOperatorFactory("WindowRank", new int[] {2, 3}, 3,
                List.of(INPUT.type(0), INPUT.type(1), INPUT.type(2), INPUT.type(3)), comparator, limit, laterWinsTies,
                number);
    }

    /** The window fields of the {@code i}-th window of 10 s from W1's start, as text (like {@link #W1}). */
    private static String window(int i) {
        LocalDateTime start = LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(10L * i);
        return " " + start + " " + start.plusSeconds(10);
    }

    @Test
    void emitsTheTopRowsOfAWindowInOrderWhenTheWatermarkPassesItsEnd() throws Exception {
        try (var h = topN(2, true, false, true)) {
            h.processRows("a 3" + W1, "b 7" + W1, "c 5" + W1, "d 1" + W2);
            assertThat(h.output()).isEmpty();

            h.processWatermark(W1_END - 2);
            assertThat(h.output()).isEmpty();

            h.processWatermark(W1_END - 1);
            assertThat(h.takeOutput()).isEqualTo(rows(OUTPUT, "+I b 7" + W1 + " 1", "+I c 5" + W1 + " 2"));

            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.output()).isEqualTo(rows(OUTPUT, "+I d 1" + W2 + " 1"));
        }
    }

    @Test
    void dropsAndCountsRowsOfWindowsThatAlreadyFired() throws Exception {
        try (var h = topN(3, true, false, true)) {
            h.processRows("a 3" + W1);
            h.processWatermark(W1_END);
            h.takeOutput();

            h.processRows("b 9" + W1, "c 2" + W2);
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).isEqualTo(rows(OUTPUT, "+I c 2" + W2 + " 1"));
            assertThat(h.counter("numLateRecordsDropped")).isEqualTo(1);
        }
    }

    @Test
    void stateIsClearedAfterTheWindowFires() throws Exception {
        try (var h = topN(1, false, false, true)) {
            h.processRows("a 3" + W1);
            h.processWatermark(W1_END);
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).isEqualTo(rows(OUTPUT, "+I a 3" + W1 + " 1"));
        }
    }

    @Test
    void keepFirstDeduplicationKeepsTheEarliestOfEqualTimes() throws Exception {
        try (var h = topN(1, false, false, false)) {
            h.processRows("a 5" + W1, "b 3" + W1, "c 3" + W1, "d 4" + W1);
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).isEqualTo(rows(INPUT, "+I b 3" + W1));
        }
    }

    @Test
    void keepLastDeduplicationKeepsTheLatestOfEqualTimes() throws Exception {
        try (var h = topN(1, true, true, false)) {
            h.processRows("a 5" + W1, "b 6" + W1, "c 6" + W1, "d 4" + W1);
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).isEqualTo(rows(INPUT, "+I c 6" + W1));
        }
    }

    @Test
    void worksOnTheRocksDbBackend() throws Exception {
        try (var h = OperatorHarness.of(factory(2, true, false, true)).withInputType(INPUT).withStateBackend("rocksdb")
                .open()) {
            h.processRows("a 3" + W1, "b 7" + W1, "c 5" + W1);
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).isEqualTo(rows(OUTPUT, "+I b 7" + W1 + " 1", "+I c 5" + W1 + " 2"));
        }
    }

    /**
     * Each window is a key: its rows and timer split by key groups, and the watermark restored,
     * so rows of the two windows that fired before the checkpoint are still late on every new
     * subtask while the open windows rank rows of both sides of the checkpoint together.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<Row> afterCheckpoint = Rescaling.of(factory(2, true, false, true)).keyedBy(2, 3).withInputType(0, INPUT)
                .before(Rescaling.rows("a 1" + window(0), "b 2" + window(1), "c 3" + window(2), "d 4" + window(3),
                        "e 5" + window(4), "f 6" + window(5), "g 7" + window(6), "h 8" + window(7)),
                        Rescaling.watermark(W1_END + WINDOW_SIZE - 1))
                .after(Rescaling.rows("x 9" + window(0), "y 9" + window(1), "i 1" + window(2), "j 9" + window(3),
                        "k 9" + window(4), "l 1" + window(5), "m 9" + window(6), "n 9" + window(7),
                        "o 9" + window(8)), Rescaling.watermark(Long.MAX_VALUE))
                .outputKeyedBy(2, 3)
                .verify();

        assertThat(afterCheckpoint).hasSize(2 * 6 + 1).containsSubsequence(rows(OUTPUT, "+I c 3" + window(2) + " 1",
                "+I i 1" + window(2) + " 2"));
    }
}
