package dev.runnel.runtime.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowTest {
    /** A row as the formats build it: an ARRAY is a List, a ROW an Object[], a MAP a Map, BYTES a byte[]. */
    private static Row nested(int id) {
        List<Object> dims = new ArrayList<>();
        dims.add(new Object[] {1, 2});
        dims.add(null);
        Map<Object, Object> byRow = new LinkedHashMap<>();
        byRow.put(new Object[] {"k", 1}, List.of(new byte[] {7}));
        Map<Object, Object> plain = new HashMap<>();
        plain.put("math", new Object[] {90, "A"});
        return Row.of(id, dims, byRow, plain, new byte[] {1, 2});
    }

    @Test
    void rowsWithEqualNestedValuesAreEqualAndHashAlike() {
        Row a = nested(1);
        Row b = nested(1);
        assertThat(a).isEqualTo(b);
        assertThat(a.hashCode()).isEqualTo(b.hashCode());
        Map<Row, Integer> groups = new HashMap<>();
        groups.merge(a, 1, Integer::sum);
        groups.merge(b, 1, Integer::sum);
        assertThat(groups).containsExactly(Map.entry(a, 2));
    }

    @Test
    void aDifferenceAnywhereInsideMakesRowsDifferent() {
        Row a = nested(1);
        assertThat(a).isNotEqualTo(nested(2));
        Row innerRow = nested(1);
        ((Object[]) ((List<?>) innerRow.getField(1)).get(0))[1] = 3;
        assertThat(a).isNotEqualTo(innerRow);
        Row mapKey = nested(1);
        ((Object[]) ((Map<?, ?>) mapKey.getField(2)).keySet().iterator().next())[1] = 2;
        assertThat(a).isNotEqualTo(mapKey);
        Row bytes = nested(1);
        ((byte[]) bytes.getField(4))[0] = 9;
        assertThat(a).isNotEqualTo(bytes);
        assertThat(Row.ofKind(RowKind.DELETE, a.fields())).isNotEqualTo(a);
        assertThat(Row.valuesEqual(Row.ofKind(RowKind.DELETE, a.fields()).fields(), nested(1).fields())).isTrue();
    }
}
