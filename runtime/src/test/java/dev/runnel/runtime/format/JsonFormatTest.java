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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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

    private static final RowType NESTED = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("bid", DataType.row(List.of(new Field("price", DataType.of(TypeRoot.BIGINT)),
                    new Field("channel", DataType.of(TypeRoot.VARCHAR))))),
            new Field("note", DataType.of(TypeRoot.VARCHAR)));

    /** The rows {@code de} hands out for {@code line}, read as bytes from the middle of a larger array. */
    private static List<Row> readBytes(RowDeserializer de, String line) {
        byte[] text = line.getBytes(StandardCharsets.UTF_8);
        byte[] padded = new byte[text.length + 6];
        Arrays.fill(padded, (byte) '}');
        System.arraycopy(text, 0, padded, 3, text.length);
        List<Row> rows = new ArrayList<>();
        de.deserialize(padded, 3, text.length, rows::add);
        return rows;
    }

    @Test
    void readsNestedRowsInAnyFieldOrderAndSkipsUnknownValues() {
        RowDeserializer de = deserializer(NESTED, Map.of());
        assertThat(readBytes(de, "{\"x\":{\"deep\":[1,{\"id\":9}]},\"note\":\"n\",\"bid\":{\"channel\":\"€\","
                + "\"other\":[true],\"price\":7},\"id\":1}")).containsExactly(
                Row.of(1L, new Object[] {7L, "€"}, "n"));
        // a nested field left out, and a nested row that is null
        assertThat(readBytes(de, "{\"id\":2,\"bid\":{\"price\":3}}"))
                .containsExactly(Row.of(2L, new Object[] {3L, null}, null));
        assertThat(readBytes(de, "{\"id\":3,\"bid\":null,\"note\":null}")).containsExactly(Row.of(3L, null, null));
    }

    @Test
    void readsObjectsArraysAndScalarsIntoStringsAsTheirJsonText() {
        RowDeserializer de = deserializer(NESTED, Map.of());
        assertThat(readBytes(de, "{\"note\":{\"a\":[1, 2.50]}}")).containsExactly(Row.of(null, null, "{\"a\":[1,2.5]}"));
        assertThat(readBytes(de, "{\"note\":12.0}")).containsExactly(Row.of(null, null, "12.0"));
        assertThat(readBytes(de, "{\"note\":false}")).containsExactly(Row.of(null, null, "false"));
    }

    @Test
    void aBadNestedValueNamesItsPath() {
        RowDeserializer de = deserializer(NESTED, Map.of());
        assertThatThrownBy(() -> readBytes(de, "{\"id\":1,\"bid\":{\"price\":\"high\"}}"))
                .isInstanceOf(FormatException.class).hasMessageStartingWith("field 'bid.price': cannot read 'high' as BIGINT");
        assertThatThrownBy(() -> readBytes(de, "{\"id\":{\"n\":1}}"))
                .hasMessageStartingWith("field 'id': cannot read '{\"n\":1}' as BIGINT (a JSON object is not a value)");
        assertThatThrownBy(() -> readBytes(de, "{\"bid\":[1]}"))
                .hasMessageStartingWith("field 'bid': cannot read '[1]' as ROW");
        assertThatThrownBy(() -> readBytes(de, "{\"id\":99999999999999999999}"))
                .hasMessageStartingWith("field 'id': cannot read '99999999999999999999' as BIGINT");
        assertThatThrownBy(() -> readBytes(de, "{\"id\":1,\"bid\":{\"price\":1,}}"))
                .hasMessageStartingWith("invalid JSON").hasMessageContaining("column");
    }

    @Test
    void ignoreParseErrorsNullsBadNestedAndStructuredValuesAndReadsOn() {
        RowDeserializer de = deserializer(NESTED, Map.of("ignore-parse-errors", "true"));
        assertThat(readBytes(de, "{\"id\":[1,2],\"bid\":{\"price\":\"high\",\"channel\":\"c\"},\"note\":\"n\"}"))
                .containsExactly(Row.of(null, new Object[] {null, "c"}, "n"));
        assertThat(readBytes(de, "{\"bid\":\"none\",\"note\":\"m\"}")).containsExactly(Row.of(null, null, "m"));
        assertThat(de.ignoredFieldErrors()).isEqualTo(3);
    }

    @Test
    void failOnMissingFieldChecksEachRecordAndNotNullFieldsFailWhenNull() {
        RowDeserializer de = deserializer(NESTED, Map.of("fail-on-missing-field", "true"));
        assertThat(readBytes(de, "{\"id\":1,\"bid\":null,\"note\":\"n\"}")).containsExactly(Row.of(1L, null, "n"));
        assertThatThrownBy(() -> readBytes(de, "{\"note\":\"n\",\"id\":1}")).hasMessage("field 'bid' is missing");
        RowType notNull = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT).notNull()));
        assertThatThrownBy(() -> readBytes(deserializer(notNull, Map.of()), "{}"))
                .hasMessage("field 'id' is NULL but its type is BIGINT NOT NULL");
    }
}
