package dev.runnel.runtime.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ARRAY, MAP and MULTISET columns in the json format, as Flink's json format reads and writes them. */
class JsonCollectionsFormatTest {
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR);
    private static final RowType TYPE = RowType.of(
            new Field("a", DataType.array(INT)),
            new Field("m", DataType.map(STRING, DataType.array(STRING))),
            new Field("ms", DataType.multiset(STRING)),
            new Field("rows", DataType.array(DataType.row(List.of(new Field("x", INT), new Field("y", STRING))))),
            new Field("ts", DataType.array(DataType.of(TypeRoot.TIMESTAMP, 3))));

    private final FormatFactory json = Formats.factory("json", "format");

    private static Map<Object, Object> map(Object... keysAndValues) {
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private String write(Row row, Map<String, String> options) {
        return json.createSerializer(TYPE, new Configuration(options)).serialize(row);
    }

    private Row read(String line, Map<String, String> options) {
        return json.createDeserializer(TYPE, new Configuration(options)).deserialize(line);
    }

    private static String text(Row row) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < TYPE.arity(); i++) {
            String text = Values.toText(row.getField(i), TYPE.type(i));
            sb.append(i > 0 ? " | " : "").append(text == null ? "NULL" : text);
        }
        return sb.toString();
    }

    @Test
    void writesArraysAsJsonArraysAndMapsAndMultisetsAsObjects() {
        Row row = Row.of(Arrays.asList(1, null), map("k", List.of("v"), "n", null), List.of("a", "b", "a"),
                Arrays.asList(new Object[] {1, "p"}, null), List.of(Values.parseTimestamp("2024-01-02 03:04:05.678")));
        assertThat(write(row, Map.of())).isEqualTo("{\"a\":[1,null],\"m\":{\"k\":[\"v\"],\"n\":null},"
                + "\"ms\":{\"a\":2,\"b\":1},\"rows\":[{\"x\":1,\"y\":\"p\"},null],\"ts\":[\"2024-01-02 03:04:05.678\"]}");
    }

    @Test
    void readsWhatItWritesAndFlinksLines() {
        Row row = read("{\"a\":[3,null,1],\"m\":{\"k\":[\"v\",null]},\"ms\":{\"x\":2},"
                + "\"rows\":[{\"y\":\"q\",\"x\":2},null,{}],\"ts\":[]}", Map.of());
        assertThat(text(row)).isEqualTo("[3, NULL, 1] | {k=[v, NULL]} | {x=2} | [(2, q), NULL, (NULL, NULL)] | []");
        assertThat(text(read(write(row, Map.of()), Map.of()))).isEqualTo(text(row));
        assertThat(text(read("{\"a\":null}", Map.of()))).isEqualTo("NULL | NULL | NULL | NULL | NULL");
    }

    @Test
    void aValueOfTheWrongShapeNamesTheField() {
        assertThatThrownBy(() -> read("{\"a\":{\"x\":1}}", Map.of()))
                .hasMessageContaining("'a'").hasMessageContaining("expected a JSON array for ARRAY<INT>");
        assertThatThrownBy(() -> read("{\"a\":[1,\"x\"]}", Map.of())).hasMessageContaining("'a'");
        Row ignored = read("{\"a\":[1,\"x\"],\"m\":[1],\"ms\":{\"b\":1}}", Map.of("ignore-parse-errors", "true"));
        assertThat(text(ignored)).isEqualTo("[1, NULL] | NULL | {b=1} | NULL | NULL");
    }

    @Test
    void nullMapKeysFollowMapNullKeyMode() {
        Row row = Row.of(null, map(null, List.of("v"), "k", List.of()), null, null, null);
        assertThatThrownBy(() -> write(row, Map.of()))
                .hasMessageContaining("JSON format doesn't support to serialize map data with null keys");
        assertThat(write(row, Map.of("map-null-key.mode", "DROP"))).contains("\"m\":{\"k\":[]}");
        assertThat(write(row, Map.of("map-null-key.mode", "LITERAL", "map-null-key.literal", "nil")))
                .contains("\"m\":{\"nil\":[\"v\"],\"k\":[]}");
    }

    @Test
    void mapKeysAndMultisetElementsMustBeStrings() {
        RowType intKeys = RowType.of(new Field("m", DataType.array(DataType.map(INT, STRING))));
        assertThatThrownBy(() -> json.validate(intKeys, new Configuration(Map.of()), "json."))
                .isInstanceOf(ConfigException.class)
                .hasMessage("JSON format doesn't support non-string as key type of map. The type is: MAP<INT, STRING>");
        RowType intElements = RowType.of(new Field("ms", DataType.multiset(INT)));
        assertThatThrownBy(() -> json.validate(intElements, new Configuration(Map.of()), "json."))
                .hasMessageContaining("The type is: MULTISET<INT>");
    }
}
