package dev.runnel.runtime.format;

import static dev.runnel.runtime.format.FormatTestRows.ALL_TYPES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DebeziumJsonFormatTest {
    private static final RowType PRODUCTS = RowType.of(new Field("id", DataType.of(TypeRoot.INTEGER)),
            new Field("name", DataType.of(TypeRoot.VARCHAR)), new Field("weight", DataType.decimal(10, 2)));

    private final FormatFactory debezium = Formats.factory("debezium-json", "format");

    private RowDeserializer deserializer(RowType type, Map<String, String> options) {
        return debezium.createDeserializer(type, new Configuration(options));
    }

    private static List<Row> read(RowDeserializer de, String record) {
        List<Row> rows = new ArrayList<>();
        de.deserialize(record, rows::add);
        return rows;
    }

    private static Row product(RowKind kind, int id, String name, String weight) {
        return Row.ofKind(kind, id, name, new BigDecimal(weight));
    }

    @Test
    void isAChangelogFormat() {
        assertThat(debezium.changelogMode()).isEqualTo(EnumSet.allOf(RowKind.class));
        assertThat(Formats.factory("json", "format").changelogMode()).containsExactly(RowKind.INSERT);
        assertThat(Formats.factory("csv", "format").changelogMode()).containsExactly(RowKind.INSERT);
    }

    @Test
    void readsEachOperationAsFlinkDoes() {
        RowDeserializer de = deserializer(PRODUCTS, Map.of());
        String scooter = "{\"id\":111,\"name\":\"scooter\",\"weight\":5.18}";
        String lighter = "{\"id\":111,\"name\":\"scooter\",\"weight\":5.15}";
        assertThat(read(de, "{\"before\":null,\"after\":" + scooter + ",\"source\":{\"db\":\"inventory\"},"
                + "\"op\":\"c\",\"ts_ms\":1589362330904,\"transaction\":null}"))
                .containsExactly(product(RowKind.INSERT, 111, "scooter", "5.18"));
        assertThat(read(de, "{\"before\":null,\"after\":" + scooter + ",\"op\":\"r\"}"))
                .containsExactly(product(RowKind.INSERT, 111, "scooter", "5.18"));
        assertThat(read(de, "{\"before\":" + scooter + ",\"after\":" + lighter + ",\"op\":\"u\"}")).containsExactly(
                product(RowKind.UPDATE_BEFORE, 111, "scooter", "5.18"),
                product(RowKind.UPDATE_AFTER, 111, "scooter", "5.15"));
        assertThat(read(de, "{\"before\":" + lighter + ",\"after\":null,\"op\":\"d\"}"))
                .containsExactly(product(RowKind.DELETE, 111, "scooter", "5.15"));
    }

    @Test
    void readsKafkaConnectsEnvelopeWithSchemaInclude() {
        RowDeserializer de = deserializer(PRODUCTS, Map.of("schema-include", "true"));
        assertThat(read(de, "{\"schema\":{\"type\":\"struct\"},\"payload\":{\"before\":null,"
                + "\"after\":{\"id\":1,\"name\":\"a\",\"weight\":1},\"op\":\"c\"}}"))
                .containsExactly(product(RowKind.INSERT, 1, "a", "1.00"));
        assertThatThrownBy(() -> read(de, "{\"before\":null,\"after\":{\"id\":1},\"op\":\"c\"}"))
                .isInstanceOf(FormatException.class).hasMessageStartingWith("field 'payload' is not a JSON object");
    }

    @Test
    void writesAsFlinkDoes() {
        RowSerializer ser = debezium.createSerializer(PRODUCTS, new Configuration());
        String after = "{\"before\":null,\"after\":{\"id\":1,\"name\":\"a\",\"weight\":1.50},\"op\":\"c\"}";
        String before = "{\"before\":{\"id\":1,\"name\":\"a\",\"weight\":1.50},\"after\":null,\"op\":\"d\"}";
        assertThat(ser.serialize(product(RowKind.INSERT, 1, "a", "1.50"))).isEqualTo(after);
        assertThat(ser.serialize(product(RowKind.UPDATE_AFTER, 1, "a", "1.50"))).isEqualTo(after);
        assertThat(ser.serialize(product(RowKind.UPDATE_BEFORE, 1, "a", "1.50"))).isEqualTo(before);
        assertThat(ser.serialize(product(RowKind.DELETE, 1, "a", "1.50"))).isEqualTo(before);
        assertThat(ser.serialize(Row.of(2, null, null)))
                .isEqualTo("{\"before\":null,\"after\":{\"id\":2,\"name\":null,\"weight\":null},\"op\":\"c\"}");
    }

    @Test
    void roundTripsEveryTypeAndKind() {
        RowSerializer ser = debezium.createSerializer(ALL_TYPES, new Configuration());
        RowDeserializer de = deserializer(ALL_TYPES, Map.of());
        for (Row row : new Row[] {FormatTestRows.full(), FormatTestRows.allNull()}) {
            assertThat(read(de, ser.serialize(row))).containsExactly(row);
            Row deleted = row.copy();
            deleted.setKind(RowKind.DELETE);
            assertThat(read(de, ser.serialize(deleted))).containsExactly(deleted);
        }
        // what Flink writes is what it can read back: -U comes back as -D, +U as +I
        Row before = FormatTestRows.full();
        before.setKind(RowKind.UPDATE_BEFORE);
        assertThat(read(de, ser.serialize(before)).get(0).kind()).isEqualTo(RowKind.DELETE);
    }

    @Test
    void isoTimestampStandardAppliesToTheRows() {
        RowSerializer ser = debezium.createSerializer(ALL_TYPES,
                new Configuration(Map.of("timestamp-format.standard", "ISO-8601")));
        assertThat(ser.serialize(FormatTestRows.full())).contains("\"ts\":\"2024-01-02T03:04:05.678\"");
    }

    @Test
    void mapColumnsFollowTheJsonFormatsMapRules() {
        RowType type = RowType.of(new Field("m", DataType.map(DataType.of(TypeRoot.VARCHAR), DataType.of(TypeRoot.INTEGER))));
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put(null, 1);
        map.put("k", 2);
        RowSerializer literal = debezium.createSerializer(type,
                new Configuration(Map.of("map-null-key.mode", "LITERAL", "map-null-key.literal", "nil")));
        assertThat(literal.serialize(Row.of(map)))
                .isEqualTo("{\"before\":null,\"after\":{\"m\":{\"nil\":1,\"k\":2}},\"op\":\"c\"}");
        assertThat(debezium.createSerializer(type, new Configuration(Map.of("map-null-key.mode", "DROP")))
                .serialize(Row.of(map))).contains("\"m\":{\"k\":2}");
        RowType intKeys = RowType.of(new Field("m", DataType.map(DataType.of(TypeRoot.INTEGER), DataType.of(TypeRoot.INTEGER))));
        assertThatThrownBy(() -> debezium.validate(intKeys, new Configuration(Map.of()), "debezium-json."))
                .isInstanceOf(ConfigException.class)
                .hasMessage("JSON format doesn't support non-string as key type of map. The type is: MAP<INT, INT>");
    }

    @Test
    void writingTheSchemaEnvelopeIsNotSupportedYet() {
        assertThatThrownBy(() -> debezium.createSerializer(PRODUCTS,
                new Configuration(Map.of("schema-include", "true"))))
                .isInstanceOf(ConfigException.class).hasMessageContaining("is not supported yet");
    }

    @Test
    void badRecordsSayWhatIsWrong() {
        RowDeserializer de = deserializer(PRODUCTS, Map.of());
        assertThatThrownBy(() -> read(de, "{\"before\":null,\"after\":{\"id\":\"x\"},\"op\":\"c\"}"))
                .isInstanceOf(FormatException.class).hasMessageStartingWith("field 'after.id': cannot read 'x' as INT");
        assertThatThrownBy(() -> read(de, "{\"before\":{\"id\":1},\"after\":{\"weight\":\"heavy\"},\"op\":\"u\"}"))
                .hasMessageStartingWith("field 'after.weight': cannot read 'heavy' as DECIMAL(10, 2)");
        assertThatThrownBy(() -> read(de, "{\"before\":null,\"after\":{\"id\":1},\"op\":\"u\"}"))
                .hasMessage("field 'before' of an update event (op 'u') is null (with Debezium's Postgres connector, "
                        + "set the table's REPLICA IDENTITY to FULL)");
        assertThatThrownBy(() -> read(de, "{\"before\":null,\"after\":null,\"op\":\"c\"}"))
                .hasMessage("field 'after' of a create event (op 'c') is null");
        assertThatThrownBy(() -> read(de, "{\"after\":{\"id\":1},\"op\":\"x\"}"))
                .hasMessage("field 'op': unknown value \"x\", expected c, r, u or d");
        assertThatThrownBy(() -> read(de, "{\"after\":{\"id\":1}}")).hasMessage("field 'op' is missing");
        assertThatThrownBy(() -> read(de, "{\"schema\":{},\"payload\":{\"op\":\"c\"}}"))
                .hasMessage("field 'op' is missing; the record has a 'schema' and a 'payload': "
                        + "set 'debezium-json.schema-include' = 'true'");
        assertThatThrownBy(() -> read(de, "{\"before\":[1],\"op\":\"d\"}"))
                .hasMessage("field 'before': expected a JSON object, got ARRAY");
        assertThatThrownBy(() -> read(de, "{\"op\":")).hasMessageStartingWith("invalid JSON");
        assertThatThrownBy(() -> read(de, "7")).hasMessage("expected a JSON object, got NUMBER");
    }

    @Test
    void aBadUpdateEmitsNeitherRow() {
        List<Row> rows = new ArrayList<>();
        RowDeserializer de = deserializer(PRODUCTS, Map.of());
        assertThatThrownBy(() -> de.deserialize("{\"before\":{\"id\":1},\"after\":{\"id\":\"x\"},\"op\":\"u\"}",
                rows::add)).isInstanceOf(FormatException.class);
        assertThat(rows).isEmpty();
    }

    @Test
    void ignoreParseErrorsNullsBadFieldsAndStillFailsBadEvents() {
        RowDeserializer de = deserializer(PRODUCTS, Map.of("ignore-parse-errors", "true"));
        assertThat(de.ignoreParseErrors()).isTrue();
        assertThat(read(de, "{\"before\":null,\"after\":{\"id\":\"x\",\"name\":\"a\"},\"op\":\"c\"}"))
                .containsExactly(Row.of(null, "a", null));
        assertThat(de.ignoredFieldErrors()).isEqualTo(1);
        assertThatThrownBy(() -> read(de, "{\"op\":\"z\"}")).isInstanceOf(FormatException.class);
    }

    @Test
    void theSingleRowFormRefusesAnUpdate() {
        RowDeserializer de = deserializer(PRODUCTS, Map.of());
        assertThat(de.deserialize("{\"after\":{\"id\":1},\"op\":\"c\"}")).isEqualTo(Row.of(1, null, null));
        assertThatThrownBy(() -> de.deserialize("{\"before\":{\"id\":1},\"after\":{\"id\":1},\"op\":\"u\"}"))
                .hasMessageContaining("two rows");
    }
}
