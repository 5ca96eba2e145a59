package dev.runnel.runtime.operators.expand;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.operators.expand.ExpandOperatorFactory.Projection;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code GROUP BY ROLLUP (k, v)} over rows {@code (k, v)}: sets (k, v), (k), () with ids 0, 1, 3. */
class ExpandOperatorTest {
    private static final RowType INPUT = RowType.of(
            new RowType.Field("k", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("v", DataType.of(TypeRoot.BIGINT)));
    private static final RowType OUTPUT = RowType.of(
            new RowType.Field("k", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("v", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("v_arg", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("$e", DataType.of(TypeRoot.BIGINT)));

    @Test
    void eachRowBecomesOneRowPerGroupingSetOfTheSameKind() throws Exception {
        var factory = new ExpandOperatorFactory("Expand", List.of(
                new Projection(new int[] {0, 1, 1, -1}, new Object[] {null, null, null, 0L}),
                new Projection(new int[] {0, -1, 1, -1}, new Object[] {null, null, null, 1L}),
                new Projection(new int[] {-1, -1, 1, -1}, new Object[] {null, null, null, 3L})));
        try (var h = OperatorHarness.of(factory).withInputType(INPUT).open()) {
            h.processRows("+I a 1", "-U a 1");
            assertThat(h.output()).isEqualTo(rows(OUTPUT,
                    "+I a 1 1 0", "+I a null 1 1", "+I null null 1 3",
                    "-U a 1 1 0", "-U a null 1 1", "-U null null 1 3"));
        }
    }
}
