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
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RawFormatTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");
    private final FormatFactory raw = Formats.factory("raw", "format");

    private static RowType column(DataType type) {
        return RowType.of(new Field("v", type));
    }

    private String write(DataType type, Object value, Map<String, String> options) {
        byte[] bytes = raw.createSerializer(column(type), new Configuration(options)).serializeToBytes(Row.of(value));
        return bytes == null ? null : HEX.formatHex(bytes);
    }

    private Object read(DataType type, String hex, Map<String, String> options) {
        return raw.createDeserializer(column(type), new Configuration(options)).deserialize(HEX.parseHex(hex))
                .getField(0);
    }

    @Test
    void numbersAreFixedWidthBytesInTheEndiannessAsFlinkWritesThem() {
        Map<String, String> little = Map.of("endianness", "little-endian");
        assertThat(write(DataType.of(TypeRoot.INTEGER), 1, Map.of())).isEqualTo("00 00 00 01");
        assertThat(write(DataType.of(TypeRoot.INTEGER), 1, little)).isEqualTo("01 00 00 00");
        assertThat(write(DataType.of(TypeRoot.INTEGER), -2, Map.of())).isEqualTo("ff ff ff fe");
        assertThat(write(DataType.of(TypeRoot.SMALLINT), (short) 258, Map.of())).isEqualTo("01 02");
        assertThat(write(DataType.of(TypeRoot.SMALLINT), (short) 258, little)).isEqualTo("02 01");
        assertThat(write(DataType.of(TypeRoot.BIGINT), 9_000_000_000L, Map.of())).isEqualTo("00 00 00 02 18 71 1a 00");
        assertThat(write(DataType.of(TypeRoot.BIGINT), 9_000_000_000L, little)).isEqualTo("00 1a 71 18 02 00 00 00");
        assertThat(write(DataType.of(TypeRoot.FLOAT), 1.5f, Map.of())).isEqualTo("3f c0 00 00");
        assertThat(write(DataType.of(TypeRoot.DOUBLE), -2.25, Map.of())).isEqualTo("c0 02 00 00 00 00 00 00");
        assertThat(write(DataType.of(TypeRoot.DOUBLE), -2.25, little)).isEqualTo("00 00 00 00 00 00 02 c0");
        assertThat(write(DataType.of(TypeRoot.TINYINT), (byte) -7, Map.of())).isEqualTo("f9");
        assertThat(write(DataType.of(TypeRoot.BOOLEAN), true, Map.of())).isEqualTo("01");
        assertThat(write(DataType.of(TypeRoot.BOOLEAN), false, Map.of())).isEqualTo("00");
    }

    @Test
    void stringsAreTheirBytesInTheCharsetAndBytesAreThemselves() {
        assertThat(write(DataType.of(TypeRoot.VARCHAR), "hé", Map.of())).isEqualTo("68 c3 a9");
        assertThat(write(DataType.of(TypeRoot.VARCHAR), "hé", Map.of("charset", "ISO-8859-1"))).isEqualTo("68 e9");
        assertThat(write(DataType.of(TypeRoot.CHAR, 2), "hé", Map.of("charset", "UTF-16BE")))
                .isEqualTo("00 68 00 e9");
        assertThat(write(DataType.of(TypeRoot.VARCHAR), "", Map.of())).isEmpty();
        assertThat(write(DataType.of(TypeRoot.VARBINARY), new byte[] {0, 1, -1}, Map.of())).isEqualTo("00 01 ff");
        assertThat(read(DataType.of(TypeRoot.VARCHAR), "68 e9", Map.of("charset", "latin1"))).isEqualTo("hé");
    }

    @Test
    void everyTypeRoundTripsAndNullIsARecordWithoutValue() {
        Object[][] cases = {
            {DataType.of(TypeRoot.BOOLEAN), true}, {DataType.of(TypeRoot.TINYINT), (byte) -128},
            {DataType.of(TypeRoot.SMALLINT), Short.MIN_VALUE}, {DataType.of(TypeRoot.INTEGER), Integer.MAX_VALUE},
            {DataType.of(TypeRoot.BIGINT), Long.MIN_VALUE}, {DataType.of(TypeRoot.FLOAT), Float.NaN},
            {DataType.of(TypeRoot.DOUBLE), Double.NEGATIVE_INFINITY}, {DataType.of(TypeRoot.CHAR, 3), "abc"},
            {DataType.of(TypeRoot.VARCHAR), "line\nbreak ✓"}, {DataType.of(TypeRoot.BINARY, 2), new byte[] {7, 8}},
            {DataType.of(TypeRoot.VARBINARY), new byte[0]},
        };
        for (Map<String, String> options : List.of(Map.<String, String>of(), Map.of("endianness", "LITTLE-ENDIAN"))) {
            for (Object[] c : cases) {
                DataType type = (DataType) c[0];
                RowSerializer ser = raw.createSerializer(column(type), new Configuration(options));
                RowDeserializer de = raw.createDeserializer(column(type), new Configuration(options));
                byte[] bytes = ser.serializeToBytes(Row.of(c[1]));
                List<Row> rows = new ArrayList<>();
                // a record inside a larger buffer, as readers hand them over
                byte[] framed = new byte[bytes.length + 2];
                System.arraycopy(bytes, 0, framed, 1, bytes.length);
                de.deserialize(framed, 1, bytes.length, rows::add);
                assertThat(rows).as("%s", type).containsExactly(Row.of(c[1]));

                assertThat(ser.serializeToBytes(Row.of((Object) null))).as("NULL %s", type).isNull();
                rows.clear();
                de.deserializeNoValue(rows::add);
                assertThat(rows).containsExactly(Row.of((Object) null));
                assertThat(de.skipsBlankLines()).isFalse();
            }
        }
    }

    @Test
    void aRecordOfTheWrongWidthFailsNamingColumnAndType() {
        assertThatThrownBy(() -> read(DataType.of(TypeRoot.INTEGER), "00 01", Map.of()))
                .isInstanceOf(FormatException.class)
                .hasMessage("column 'v' of type INT: the raw format writes INT in 4 bytes, but the record has 2");
        assertThatThrownBy(() -> read(DataType.of(TypeRoot.BOOLEAN), "", Map.of()))
                .isInstanceOf(FormatException.class).hasMessageEndingWith("in 1 byte, but the record has 0");
        RowDeserializer notNull = raw.createDeserializer(column(DataType.of(TypeRoot.BIGINT).notNull()),
                new Configuration());
        assertThatThrownBy(() -> notNull.deserializeNoValue(row -> { }))
                .isInstanceOf(FormatException.class)
                .hasMessage("a record without value is NULL, but column 'v' is BIGINT NOT NULL");
    }

    @Test
    void tablesTheFormatCannotServeAreRefusedNamingOptionAndColumn() {
        RowType two = RowType.of(new Field("a", DataType.of(TypeRoot.INTEGER)),
                new Field("b", DataType.of(TypeRoot.VARCHAR)));
        assertThatThrownBy(() -> raw.validate(two, new Configuration(), "value.raw."))
                .isInstanceOf(ConfigException.class)
                .hasMessage("The 'raw' format only supports single physical column. However the defined schema"
                        + " contains multiple physical columns: [`a` INT, `b` STRING]")
                .extracting(e -> ((ConfigException) e).key()).isEqualTo("value.format");
        assertThatThrownBy(() -> raw.validate(column(DataType.of(TypeRoot.DATE)), new Configuration(), "raw."))
                .hasMessageStartingWith("The 'raw' format doesn't support type DATE of column 'v'")
                .extracting(e -> ((ConfigException) e).key()).isEqualTo("format");
        assertThatThrownBy(() -> raw.validate(column(DataType.of(TypeRoot.VARCHAR)),
                new Configuration(Map.of("charset", "UTF-9")), "key.raw."))
                .hasMessageStartingWith("Unsupported charset 'UTF-9' in option 'key.raw.charset'");
        assertThatThrownBy(() -> raw.createSerializer(column(DataType.of(TypeRoot.INTEGER)),
                new Configuration(Map.of("endianness", "middle"))))
                .hasMessage("Invalid value 'middle' for option 'endianness': expected one of big-endian, little-endian");
    }

    @Test
    void filesHoldOnlyStringsAndBytesInACharsetWithSingleByteLineBreaks() {
        raw.validateLines(column(DataType.of(TypeRoot.VARCHAR)), new Configuration(), "raw.");
        raw.validateLines(column(DataType.of(TypeRoot.VARBINARY)), new Configuration(Map.of("charset", "GBK")), "raw.");
        assertThatThrownBy(() -> raw.validateLines(column(DataType.of(TypeRoot.BIGINT)), new Configuration(), "raw."))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("Column 'v' of type BIGINT cannot be read from or written to files with the"
                        + " 'raw' format");
        assertThatThrownBy(() -> raw.validateLines(column(DataType.of(TypeRoot.VARCHAR)),
                new Configuration(Map.of("charset", "UTF-16")), "raw."))
                .hasMessageStartingWith("Option 'raw.charset' = 'UTF-16' cannot be used with the filesystem connector");
    }
}
