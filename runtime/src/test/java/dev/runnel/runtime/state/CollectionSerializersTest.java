package dev.runnel.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.testing.ManualProcessingTimeService;
import dev.runnel.runtime.types.CollectionValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** State serialization of ARRAY, MULTISET and MAP values: round trips, nulls, nesting, keys. */
class CollectionSerializersTest {
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR);
    private static final DataType DECIMAL = DataType.decimal(10, 2);

    private static Map<Object, Object> map(Object... keysAndValues) {
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static byte[] bytes(TypeSerializer<Object> serializer, Object value) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        serializer.serialize(value, new DataOutputStream(out));
        return out.toByteArray();
    }

    private static Object roundTrip(DataType type, Object value) throws IOException {
        TypeSerializer<Object> serializer = Serializers.forType(type);
        return serializer.deserialize(new DataInputStream(new ByteArrayInputStream(bytes(serializer, value))));
    }

    @Test
    void everyCollectionTypeRoundTripsWithNullsAndNesting() throws IOException {
        DataType row = DataType.row(List.of(new RowType.Field("x", INT), new RowType.Field("tags",
                DataType.array(STRING))));
        assertThat(roundTrip(DataType.array(INT), Arrays.asList(3, null, 1))).isEqualTo(Arrays.asList(3, null, 1));
        assertThat(roundTrip(DataType.array(STRING), List.of())).isEqualTo(List.of());
        Object multiset = roundTrip(DataType.multiset(STRING), Arrays.asList("a", null, "a"));
        assertThat(new HashMap<>(CollectionValues.counts((List<?>) multiset))).isEqualTo(map("a", 2, null, 1));
        assertThat(roundTrip(DataType.map(STRING, DataType.array(DECIMAL)),
                map("k", List.of(new BigDecimal("1.50")), null, null)))
                .isEqualTo(map("k", List.of(new BigDecimal("1.50")), null, null));
        Object nested = roundTrip(DataType.array(DataType.array(row)),
                List.of(Arrays.asList(new Object[] {1, List.of("p", "q")}, null), List.of()));
        assertThat(Values.text(nested, DataType.array(DataType.array(row)))).isEqualTo("[[(1, [p, q]), NULL], []]");
        DataType binaries = DataType.map(INT, DataType.of(TypeRoot.VARBINARY));
        assertThat(((Map<?, ?>) roundTrip(binaries, map(1, new byte[] {7, 8}))).get(1)).isEqualTo(new byte[] {7, 8});
    }

    @Test
    void equalMapsAndMultisetsHaveEqualBytesWhateverTheirOrder() throws IOException {
        TypeSerializer<Object> maps = Serializers.forType(DataType.map(STRING, INT));
        assertThat(bytes(maps, map("x", 1, "y", 2))).isEqualTo(bytes(maps, map("y", 2, "x", 1)));
        TypeSerializer<Object> multisets = Serializers.forType(DataType.multiset(STRING));
        assertThat(bytes(multisets, List.of("b", "a", "b"))).isEqualTo(bytes(multisets, List.of("a", "b", "b")));
        TypeSerializer<Object> arrays = Serializers.forType(DataType.array(STRING));
        assertThat(bytes(arrays, List.of("a", "b"))).isNotEqualTo(bytes(arrays, List.of("b", "a")));
    }

    @Test
    void aCopySharesNothingMutable() {
        DataType type = DataType.map(STRING, DataType.array(DataType.of(TypeRoot.VARBINARY)));
        List<Object> inner = new ArrayList<>(List.of(new byte[] {1}));
        Map<Object, Object> original = map("k", inner);
        TypeSerializer<Row> rows = Serializers.row(List.of(type));
        Row copy = rows.copy(Row.of(original));
        ((byte[]) inner.get(0))[0] = 9;
        inner.add(new byte[] {2});
        assertThat(Values.text(copy.getField(0), type)).isEqualTo("{k=[x'01']}");
    }

    static List<String> backends() {
        return StateBackendTestSupport.types();
    }

    /** A key holding a map or a multiset is one key in whatever order its entries come, on either backend. */
    @ParameterizedTest
    @MethodSource("backends")
    void collectionsAreKeysByValue(String backendType) {
        TypeSerializer<Row> keys = Serializers.row(List.of(DataType.array(INT), DataType.map(STRING, INT),
                DataType.multiset(STRING)));
        KeyedStateBackend backend = StateBackendTestSupport.create(backendType, new ManualProcessingTimeService(0),
                keys, 0, 1, new Configuration());
        try {
            ValueState<VoidNamespace, String> state = backend.valueState(
                    StateDescriptor.of("v", Serializers.STRING, Duration.ZERO));
            backend.setCurrentKey(Row.of(List.of(1, 2), map("x", 1, "y", 2), List.of("a", "b")));
            state.update("first");
            backend.setCurrentKey(Row.of(new ArrayList<>(List.of(1, 2)), map("y", 2, "x", 1), List.of("b", "a")));
            assertThat(state.value()).isEqualTo("first");
            backend.setCurrentKey(Row.of(List.of(2, 1), map("y", 2, "x", 1), List.of("b", "a")));
            assertThat(state.value()).isNull();
        } finally {
            backend.close();
        }
    }

    /** Texts through the runtime's own printing, to compare nested values whatever their classes. */
    private static final class Values {
        static String text(Object value, DataType type) {
            return dev.runnel.runtime.types.Values.toText(value, type);
        }
    }
}
