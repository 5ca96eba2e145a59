package dev.runnel.runtime.operators.rank;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Deduplication per {@code id} of rows {@code (id, status, ts)}. */
@RestoresAfterEveryBatch
class DeduplicateOperatorTest {
    private static final RowType INPUT = RowType.of(
            new RowType.Field("id", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("status", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));

    private static OperatorHarness dedup(boolean keepLastRow, boolean rowtime) throws Exception {
        return dedup(keepLastRow, rowtime, "hashmap");
    }

    private static OperatorHarness dedup(boolean keepLastRow, boolean rowtime, String backend) throws Exception {
        return OperatorHarness.of(factory(keepLastRow, rowtime)).withInputType(INPUT).withStateBackend(backend).open();
    }

    /** Deduplicates per id (field 0); {@code rowtime} orders by ts instead of arrival. */
    private static DeduplicateOperatorFactory factory(boolean keepLastRow, boolean rowtime) {
        return new DeduplicateOperatorFactory("Deduplicate", new int[] {0},
                List.of(INPUT.type(0), INPUT.type(1), INPUT.type(2)), keepLastRow, rowtime ? 2 : -1);
    }

    /** The rows of a key in one batch share one read and one write of its state: the changes are those of one row at a time. */
    @Test
    void aBatchEmitsWhatItsRowsOneAtATimeWould() throws Exception {
        Random random = new Random(18);
        for (boolean keepLastRow : new boolean[] {false, true}) {
            for (boolean rowtime : new boolean[] {false, true}) {
                List<Row> input = new ArrayList<>();
                for (int i = 0; i < 300; i++) {
                    input.add(Row.of((long) random.nextInt(5), "s" + i, random.nextInt(10) == 0 ? null
                            : (long) random.nextInt(1_000)));
                }
                try (var batched = dedup(keepLastRow, rowtime, "rocksdb"); var single = dedup(keepLastRow, rowtime, "rocksdb")) {
                    for (int from = 0; from < input.size(); from += 40) {
                        batched.processRows(input.subList(from, Math.min(input.size(), from + 40)));
                    }
                    for (Row row : input) {
                        single.processRows(List.of(row));
                    }
                    assertThat(batched.output()).as("keep last %s, rowtime %s", keepLastRow, rowtime)
                            .hasSizeGreaterThanOrEqualTo(5).isEqualTo(single.output());
                }
            }
        }
    }

    @Test
    void keepFirstOnProcessingTimeEmitsTheFirstRowOfEachKeyOnly() throws Exception {
        try (var h = dedup(false, false)) {
            h.processRows("1 new '2024-01-01 00:00:05'", "2 new '2024-01-01 00:00:06'", "1 paid '2024-01-01 00:00:07'");

            assertThat(h.output()).isEqualTo(rows(INPUT, "+I 1 new '2024-01-01 00:00:05'", "+I 2 new '2024-01-01 00:00:06'"));
        }
    }

    @Test
    void keepLastOnProcessingTimeUpdatesWithEveryNewRow() throws Exception {
        try (var h = dedup(true, false)) {
            h.processRows("1 new '2024-01-01 00:00:05'", "1 paid '2024-01-01 00:00:01'");

            assertThat(h.output()).isEqualTo(rows(INPUT, "+I 1 new '2024-01-01 00:00:05'",
                    "-U 1 new '2024-01-01 00:00:05'", "+U 1 paid '2024-01-01 00:00:01'"));
        }
    }

    @Test
    void keepFirstOnEventTimeReplacesTheRowWithAnEarlierOne() throws Exception {
        try (var h = dedup(false, true)) {
            h.processRows("1 paid '2024-01-01 00:00:07'", "1 new '2024-01-01 00:00:05'", "1 late '2024-01-01 00:00:09'");

            assertThat(h.output()).isEqualTo(rows(INPUT, "+I 1 paid '2024-01-01 00:00:07'",
                    "-U 1 paid '2024-01-01 00:00:07'", "+U 1 new '2024-01-01 00:00:05'"));
        }
    }

    @Test
    void keepLastOnEventTimeIgnoresRowsOlderThanTheKeptOne() throws Exception {
        try (var h = dedup(true, true)) {
            h.processRows("1 new '2024-01-01 00:00:05'", "1 old '2024-01-01 00:00:01'", "1 paid '2024-01-01 00:00:05'");

            assertThat(h.output()).isEqualTo(rows(INPUT, "+I 1 new '2024-01-01 00:00:05'",
                    "-U 1 new '2024-01-01 00:00:05'", "+U 1 paid '2024-01-01 00:00:05'"));
        }
    }

    @Test
    void watermarksPassThrough() throws Exception {
        try (var h = dedup(true, true)) {
            h.processWatermark(42);

            assertThat(h.watermarks()).containsExactly(42L);
        }
    }

    /**
     * The row kept per id is keyed state: split by key groups, each id's later rows are compared
     * with the row kept before the checkpoint (older ones ignored, newer ones update it).
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<Row> afterCheckpoint = Rescaling.of(factory(true, true)).keyedBy(0).withInputType(0, INPUT)
                .before(Rescaling.rows("1 new '2024-01-01 00:00:05'", "2 new '2024-01-01 00:00:05'",
                        "3 new '2024-01-01 00:00:05'", "4 new '2024-01-01 00:00:05'", "5 new '2024-01-01 00:00:05'",
                        "6 new '2024-01-01 00:00:05'", "7 new '2024-01-01 00:00:05'", "8 new '2024-01-01 00:00:05'"))
                .after(Rescaling.rows("1 old '2024-01-01 00:00:01'", "2 paid '2024-01-01 00:00:06'",
                        "3 paid '2024-01-01 00:00:05'", "4 old '2024-01-01 00:00:04'", "5 paid '2024-01-01 00:00:09'",
                        "6 paid '2024-01-01 00:00:07'", "7 paid '2024-01-01 00:00:08'", "9 new '2024-01-01 00:00:02'",
                        "8 old '2024-01-01 00:00:03'"))
                .outputKeyedBy(0)
                .verify();

        assertThat(afterCheckpoint).doesNotContainAnyElementsOf(rows(INPUT, "+U 1 old '2024-01-01 00:00:01'",
                "+U 4 old '2024-01-01 00:00:04'", "+U 8 old '2024-01-01 00:00:03'"))
                .contains(rows(INPUT, "-U 2 new '2024-01-01 00:00:05'", "+U 2 paid '2024-01-01 00:00:06'",
                        "+I 9 new '2024-01-01 00:00:02'").toArray(Row[]::new));
    }
}
