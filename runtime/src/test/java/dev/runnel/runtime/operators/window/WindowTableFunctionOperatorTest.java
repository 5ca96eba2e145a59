package dev.runnel.runtime.operators.window;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowTableFunctionOperatorTest {
    private static final RowType INPUT = RowType.of(new RowType.Field("id", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));
    private static final RowType OUTPUT = RowType.of(new RowType.Field("id", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)),
            new RowType.Field("window_start", DataType.of(TypeRoot.TIMESTAMP, 3)),
            new RowType.Field("window_end", DataType.of(TypeRoot.TIMESTAMP, 3)),
            new RowType.Field("window_time", DataType.of(TypeRoot.TIMESTAMP, 3)));
    private static final long MINUTE = 60_000;

    private static OperatorHarness harness(WindowAssigner assigner) throws Exception {
        return OperatorHarness.of(new WindowTableFunctionOperatorFactory("WindowTableFunction", assigner, 1,
                WindowTime.LOCAL)).withInputType(INPUT).open();
    }

    @Test
    void tumbleAppendsOneWindowPerRow() throws Exception {
        try (var h = harness(new WindowAssigner.Tumbling(10 * MINUTE, 0))) {
            h.processRows("1 '2024-01-01 10:03:00'", "2 '2024-01-01 10:10:00'");
            assertThat(h.output()).containsExactlyElementsOf(rows(OUTPUT,
                    "1 '2024-01-01 10:03:00' '2024-01-01 10:00:00' '2024-01-01 10:10:00' '2024-01-01 10:09:59.999'",
                    "2 '2024-01-01 10:10:00' '2024-01-01 10:10:00' '2024-01-01 10:20:00' '2024-01-01 10:19:59.999'"));
        }
    }

    @Test
    void hopAndCumulateEmitARowPerWindow() throws Exception {
        try (var h = harness(new WindowAssigner.Hopping(10 * MINUTE, 5 * MINUTE, 0))) {
            h.processRows("1 '2024-01-01 10:07:00'");
            assertThat(h.output()).containsExactlyElementsOf(rows(OUTPUT,
                    "1 '2024-01-01 10:07:00' '2024-01-01 10:00:00' '2024-01-01 10:10:00' '2024-01-01 10:09:59.999'",
                    "1 '2024-01-01 10:07:00' '2024-01-01 10:05:00' '2024-01-01 10:15:00' '2024-01-01 10:14:59.999'"));
        }
        try (var h = harness(new WindowAssigner.Cumulative(10 * MINUTE, 5 * MINUTE, 0))) {
            h.processRows("1 '2024-01-01 10:02:00'");
            assertThat(h.output()).containsExactlyElementsOf(rows(OUTPUT,
                    "1 '2024-01-01 10:02:00' '2024-01-01 10:00:00' '2024-01-01 10:05:00' '2024-01-01 10:04:59.999'",
                    "1 '2024-01-01 10:02:00' '2024-01-01 10:00:00' '2024-01-01 10:10:00' '2024-01-01 10:09:59.999'"));
        }
    }

    @Test
    void watermarksPassThroughAndRowsBehindThemAreStillAssigned() throws Exception {
        try (var h = harness(new WindowAssigner.Tumbling(10, 0))) {
            h.processWatermark(100).processRows(List.of(Row.of(1L, 5L)));
            assertThat(h.watermarks()).containsExactly(100L);
            assertThat(h.output()).containsExactly(Row.of(1L, 5L, 0L, 10L, 9L));
        }
    }

    @Test
    void aNullTimeAttributeFailsNamingTheOperator() throws Exception {
        try (var h = harness(new WindowAssigner.Tumbling(10, 0))) {
            assertThatThrownBy(() -> h.processRows(List.of(Row.of(1L, null))))
                    .hasMessageContaining("'WindowTableFunction'").hasMessageContaining("is NULL");
        }
    }
}
