package dev.runnel.runtime.operators.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rows a collect sink checkpoints come back as they were, collections and nested rows included. */
class HeldRowsCodecTest {
    @Test
    void rowsWithCollectionsRoundTrip() {
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("b", Arrays.asList(1, null));
        map.put(null, List.of());
        Row row = Row.ofKind(RowKind.UPDATE_AFTER, Collections.singletonList(new Object[] {1L, "x"}), map,
                Arrays.asList(new BigDecimal("1.50"), null), null);
        HeldRowsCodec.Held held = HeldRowsCodec.fromBytes(HeldRowsCodec.toBytes(
                new HeldRowsCodec.Held("job", 7, List.of(row))));
        Row back = held.rows().get(0);
        assertThat(back.kind()).isEqualTo(RowKind.UPDATE_AFTER);
        assertThat((Object[]) ((List<?>) back.getField(0)).get(0)).containsExactly(1L, "x");
        assertThat(back.getField(1)).isEqualTo(map);
        assertThat(back.getField(2)).isEqualTo(Arrays.asList(new BigDecimal("1.50"), null));
        assertThat(back.getField(3)).isNull();
    }
}
