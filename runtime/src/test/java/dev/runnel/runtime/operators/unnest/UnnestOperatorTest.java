package dev.runnel.runtime.operators.unnest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.unnest.UnnestOperatorFactory.ElementShape;
import dev.runnel.runtime.testing.OperatorHarness;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Input rows are {@code (id, collection)}; each output row is the input row joined with one element. */
class UnnestOperatorTest {
    private static OperatorHarness harness(ElementShape shape, int columns, boolean ordinality, boolean leftOuter) {
        return OperatorHarness.of(new UnnestOperatorFactory("Correlate", 1, shape, columns, ordinality, leftOuter,
                true, 2, null));
    }

    private static Row row(RowKind kind, Object... fields) {
        return Row.ofKind(kind, fields);
    }

    @Test
    void eachElementJoinsItsRowAndKeepsItsKind() throws Exception {
        try (var h = harness(ElementShape.VALUE, 1, false, false).open()) {
            h.processRows(List.of(row(RowKind.INSERT, 1, Arrays.asList("a", null)), row(RowKind.DELETE, 2, List.of("b")),
                    row(RowKind.INSERT, 3, List.of()), row(RowKind.INSERT, 4, null)));
            assertThat(h.output()).extracting(Row::toString).containsExactly(
                    "+I[1, [a, null], a]", "+I[1, [a, null], null]", "-D[2, [b], b]");
        }
    }

    @Test
    void aLeftJoinPadsARowWithoutElementsAndOrdinalitiesCountFromOne() throws Exception {
        try (var h = harness(ElementShape.VALUE, 1, true, true).open()) {
            h.processRows(List.of(row(RowKind.UPDATE_AFTER, 1, List.of("x", "y")), row(RowKind.INSERT, 2, null)));
            assertThat(h.output()).extracting(Row::toString).containsExactly(
                    "+U[1, [x, y], x, 1]", "+U[1, [x, y], y, 2]", "+I[2, null, null, null]");
        }
    }

    @Test
    void mapEntriesAndRowFieldsSpreadIntoColumnsAndANullRowGivesNone() throws Exception {
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("k", 1);
        map.put("n", null);
        try (var h = harness(ElementShape.MAP_ENTRY, 2, false, false).open()) {
            h.processRows(List.of(row(RowKind.INSERT, 1, map)));
            assertThat(h.output()).extracting(Row::toString).containsExactly("+I[1, {k=1, n=null}, k, 1]",
                    "+I[1, {k=1, n=null}, n, null]");
        }
        try (var h = harness(ElementShape.ROW_FIELDS, 2, false, false).open()) {
            h.processRows(List.of(row(RowKind.INSERT, 1, Arrays.asList(new Object[] {7, "p"}, null))));
            assertThat(h.output()).extracting(r -> Arrays.asList(r.fields()).subList(2, 4).toString())
                    .containsExactly("[7, p]");
        }
    }
}
