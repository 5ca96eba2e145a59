package dev.runnel.runtime.format;

import static dev.runnel.runtime.format.FormatTestRows.ALL_TYPES;
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
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CsvFormatTest {
    private static final RowType THREE = RowType.of(new Field("id", DataType.of(TypeRoot.INTEGER)),
            new Field("name", DataType.of(TypeRoot.VARCHAR)), new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));

    private final FormatFactory csv = Formats.factory("csv", "format");

    private RowSerializer serializer(RowType type, Map<String, String> options) {
        return csv.createSerializer(type, new Configuration(options));
    }

    private RowDeserializer deserializer(RowType type, Map<String, String> options) {
        return csv.createDeserializer(type, new Configuration(options));
    }

    @Test
    void writesValuesAsFlinkDoes() {
        assertThat(serializer(ALL_TYPES, Map.of()).serialize(FormatTestRows.full())).isEqualTo(
                "true,-7,300,42,9000000000,1.5,-2.25,12345.60,abc,\"he said \"\"hi\"\", then left\",AAH/Kg==,"
                        + "2024-02-29,13:14:15,2024-01-02 03:04:05.678,2024-01-02 03:04:05.678Z");
        assertThat(serializer(ALL_TYPES, Map.of()).serialize(FormatTestRows.allNull())).isEqualTo(",".repeat(14));
    }

    @Test
    void roundTripsEveryTypeNullsAndEmptyStrings() {
        RowSerializer ser = serializer(ALL_TYPES, Map.of());
        RowDeserializer de = deserializer(ALL_TYPES, Map.of());
        Row withEmpty = FormatTestRows.allNull();
        withEmpty.setField(9, "");
        for (Row row : new Row[] {FormatTestRows.full(), FormatTestRows.allNull(), withEmpty}) {
            assertThat(de.deserialize(ser.serialize(row))).isEqualTo(row);
        }
    }

    @Test
    void optionsChangeDelimiterQuoteAndNullLiteral() {
        Map<String, String> options = Map.of("field-delimiter", "\\t", "quote-character", "'", "null-literal", "n/a");
        Row row = Row.of(1, "it's", null);
        String line = serializer(THREE, options).serialize(row);
        assertThat(line).isEqualTo("1\t'it''s'\tn/a");
        assertThat(deserializer(THREE, options).deserialize(line)).isEqualTo(row);
    }

    @Test
    void valuesSpelledLikeTheNullLiteralAreQuoted() {
        Map<String, String> options = Map.of("null-literal", "0");
        Row row = Row.of(0, "0", null);
        String line = serializer(THREE, options).serialize(row);
        assertThat(line).isEqualTo("\"0\",\"0\",0");
        assertThat(deserializer(THREE, options).deserialize(line)).isEqualTo(row);
    }

    @Test
    void readsLinesAsFlinkWritesThem() {
        RowDeserializer de = deserializer(THREE, Map.of("allow-comments", "true"));
        assertThat(de.deserialize("1,\"Doe, Jane\",2020-12-30 12:13:14.1"))
                .isEqualTo(Row.of(1, "Doe, Jane", Values.parseTimestamp("2020-12-30 12:13:14.100")));
        assertThat(de.deserialize("2,,")).isEqualTo(Row.of(2, null, null));
        assertThat(de.deserialize("# a comment")).isNull();
        RowType decimals = RowType.of(new Field("amount", DataType.decimal(5, 1)));
        assertThat(deserializer(decimals, Map.of()).deserialize("1E+2")).isEqualTo(Row.of(new BigDecimal("100.0")));
    }

    @Test
    void badRecordsSayWhatIsWrong() {
        RowDeserializer de = deserializer(THREE, Map.of());
        assertThatThrownBy(() -> de.deserialize("x,a,")).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("field 'id': cannot read 'x' as INT");
        assertThatThrownBy(() -> de.deserialize("1,a")).hasMessage("expected 3 fields, found 2");
        assertThatThrownBy(() -> de.deserialize("1,\"a,")).hasMessage("unterminated quoted field 2");
        assertThatThrownBy(() -> de.deserialize("1,a,2020-13-01 00:00:00"))
                .hasMessageStartingWith("field 'ts': cannot read '2020-13-01 00:00:00' as TIMESTAMP(3)");
    }

    @Test
    void ignoreParseErrorsNullsBadFields() {
        RowDeserializer de = deserializer(THREE, Map.of("ignore-parse-errors", "true"));
        assertThat(de.deserialize("x,a,")).isEqualTo(Row.of(null, "a", null));
        assertThat(de.ignoreParseErrors()).isTrue();
    }

    @Test
    void delimiterMustBeOneCharacter() {
        assertThatThrownBy(() -> csv.validate(THREE, new Configuration(Map.of("field-delimiter", ";;")), "csv."))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Invalid value ';;' for option 'csv.field-delimiter': expected a single character");
    }
}
