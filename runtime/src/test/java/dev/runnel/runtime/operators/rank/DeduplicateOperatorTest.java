package dev.runnel.runtime.operators.rank;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Deduplication per {@code id} of rows {@code (id, status, ts)}. */
class DeduplicateOperatorTest {
    private static final RowType INPUT = RowType.of(
            new RowType.Field("id", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("status", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));

    private static OperatorHarness dedup(boolean keepLastRow, boolean rowtime) throws Exception {
        var factory = new DeduplicateOperatorFactory("Deduplicate", new int[] {0},
                List.of(INPUT.type(0), INPUT.type(1), INPUT.type(2)), keepLastRow, rowtime ? 2 : -1);
        return OperatorHarness.of(factory).withInputType(INPUT).open();
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
}
