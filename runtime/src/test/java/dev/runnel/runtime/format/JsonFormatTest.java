package dev.runnel.runtime.format;

import static dev.runnel.runtime.format.FormatTestRows.ALL_TYPES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonFormatTest {
    private final FormatFactory json = Formats.factory("json", "format");

    private RowSerializer serializer(Map<String, String> options) {
        return json.createSerializer(ALL_TYPES, new Configuration(options));
    }

    private RowDeserializer deserializer(RowType type, Map<String, String> options) {
        return json.createDeserializer(type, new Configuration(options));
    }

    @Test
    void writesValuesAsFlinkDoes() {
        assertThat(serializer(Map.of()).serialize(FormatTestRows.full())).isEqualTo(
                "{\"b\":true,\"ti\":-7,\"si\":300,\"i\":42,\"bi\":9000000000,\"f\":1.5,\"d\":-2.25,\"dec\":12345.60,"
                        + "\"c\":\"abc\",\"s\":\"he said \\\"hi\\\", then left\",\"bin\":\"AAH/Kg==\","
                        + "\"dt\":\"2024-02-29\",\"tm\":\"13:14:15\",\"ts\":\"2024-01-02 03:04:05.678\","
                        + "\"ltz\":\"2024-01-02 03:04:05.678Z\"}");
    }

    @Test
    void isoStandardWritesT() {
        String line = serializer(Map.of("timestamp-format.standard", "ISO-8601")).serialize(FormatTestRows.full());
        assertThat(line).contains("\"ts\":\"2024-01-02T03:04:05.678\"", "\"ltz\":\"2024-01-02T03:04:05.678Z\"");
    }

    @Test
    void roundTripsEveryTypeAndNulls() {
        RowSerializer ser = serializer(Map.of());
        RowDeserializer de = deserializer(ALL_TYPES, Map.of());
        for (Row row : new Row[] {FormatTestRows.full(), FormatTestRows.allNull()}) {
            assertThat(de.deserialize(ser.serialize(row))).isEqualTo(row);
        }
        assertThat(ser.serialize(FormatTestRows.allNull())).startsWith("{\"b\":null,\"ti\":null,");
    }

    @Test
    void ignoreNullFieldsLeavesThemOut() {
        Row row = FormatTestRows.allNull();
        row.setField(3, 7);
        assertThat(serializer(Map.of("encode.ignore-null-fields", "true")).serialize(row)).isEqualTo("{\"i\":7}");
    }

    @Test
    void readsLinesAsFlinkWritesThem() {
        RowType type = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
                new Field("amount", DataType.decimal(10, 2)), new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)),
                new Field("ltz", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3)), new Field("ok", DataType.of(TypeRoot.BOOLEAN)));
        RowDeserializer de = deserializer(type, Map.of());
        // Flink's SQL standard drops trailing zeros of the fraction
        assertThat(de.deserialize("{\"id\":1,\"amount\":12.5,\"ts\":\"2020-12-30 12:13:14.1\","
                + "\"ltz\":\"2020-12-30 12:13:14.123Z\",\"ok\":false,\"extra\":[1,2]}")).isEqualTo(Row.of(
                1L, new BigDecimal("12.50"), Values.parseTimestamp("2020-12-30 12:13:14.100"),
                Values.parseTimestampLtz("2020-12-30T12:13:14.123Z"), false));
        // ISO-8601, numbers as strings, a missing field
        assertThat(de.deserialize("{\"id\":\"2\",\"ts\":\"2020-12-30T12:13:14\",\"ltz\":\"2020-12-30T12:13:14Z\"}"))
                .isEqualTo(Row.of(2L, null, Values.parseTimestamp("2020-12-30 12:13:14"),
                        Values.parseTimestampLtz("2020-12-30 12:13:14Z"), null));
    }

    @Test
    void badFieldNamesFieldValueAndType() {
        RowDeserializer de = deserializer(ALL_TYPES, Map.of());
        assertThatThrownBy(() -> de.deserialize("{\"i\":\"forty\"}")).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("field 'i': cannot read 'forty' as INT");
        assertThatThrownBy(() -> de.deserialize("{\"ti\":300}")).hasMessageContaining("field 'ti'")
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> de.deserialize("{\"dec\":123456789.5}")).hasMessageContaining("DECIMAL(10, 2)");
        assertThatThrownBy(() -> de.deserialize("{\"b\":tru")).hasMessageStartingWith("invalid JSON");
        assertThatThrownBy(() -> de.deserialize("[1]")).hasMessage("expected a JSON object, got ARRAY");
    }

    @Test
    void failOnMissingField() {
        RowDeserializer de = deserializer(ALL_TYPES, Map.of("fail-on-missing-field", "true"));
        assertThatThrownBy(() -> de.deserialize("{\"b\":true}")).hasMessage("field 'ti' is missing");
    }

    @Test
    void ignoreParseErrorsNullsBadFields() {
        RowType type = RowType.of(new Field("id", DataType.of(TypeRoot.INTEGER)),
                new Field("s", DataType.of(TypeRoot.VARCHAR)));
        RowDeserializer de = deserializer(type, Map.of("ignore-parse-errors", "true"));
        assertThat(de.deserialize("{\"id\":\"x\",\"s\":\"a\"}")).isEqualTo(Row.of(null, "a"));
        assertThat(de.ignoredFieldErrors()).isEqualTo(1);
        assertThatThrownBy(() -> de.deserialize("{not json")).isInstanceOf(FormatException.class);
    }
}
