package dev.runnel.runtime.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.avro.AvroSchemas;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.junit.jupiter.api.Test;

class AvroFormatTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");
    private static final RowType PAIR = RowType.of(new Field("id", DataType.of(TypeRoot.INTEGER).notNull()),
            new Field("name", DataType.of(TypeRoot.VARCHAR)));
    /** Every type the format writes, nested ones too, with Flink's non-legacy timestamp mapping for TIMESTAMP_LTZ. */
    private static final RowType EVERY_TYPE;
    private static final Map<String, String> MODERN = Map.of("timestamp_mapping.legacy", "false");

    static {
        List<Field> fields = new ArrayList<>(FormatTestRows.ALL_TYPES.fields());
        fields.add(new Field("ts6", DataType.of(TypeRoot.TIMESTAMP, 6)));
        fields.add(new Field("nested", DataType.row(List.of(new Field("x", DataType.of(TypeRoot.VARCHAR).notNull()),
                new Field("y", DataType.of(TypeRoot.DATE))))));
        fields.add(new Field("arr", DataType.array(DataType.of(TypeRoot.BIGINT))));
        fields.add(new Field("m", DataType.map(DataType.of(TypeRoot.VARCHAR), DataType.decimal(5, 1))));
        fields.add(new Field("ms", DataType.multiset(DataType.of(TypeRoot.VARCHAR))));
        fields.add(new Field("req", DataType.of(TypeRoot.SMALLINT).notNull()));
        EVERY_TYPE = new RowType(fields);
    }

    private final FormatFactory avro = Formats.factory("avro", "format");

    private static Row everyValue() {
        List<Object> values = new ArrayList<>(Arrays.asList(FormatTestRows.full().fields()));
        values.add(Values.parseTimestamp("2024-01-02 03:04:05.678"));
        values.add(new Object[] {"in", Values.parseDate("2000-01-01")});
        values.add(Arrays.asList(1L, null, -3L));
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("a", new BigDecimal("1.5"));
        map.put("b", null);
        values.add(map);
        // one distinct element: a multiset's order has no meaning, and rows compare lists in order
        values.add(List.of("x", "x"));
        values.add((short) -300);
        return Row.of(values.toArray());
    }

    private static Row nullsWhereAllowed() {
        Object[] values = new Object[EVERY_TYPE.arity()];
        values[values.length - 1] = (short) 0;
        return Row.of(values);
    }

    private byte[] write(RowType type, Map<String, String> options, Row row) {
        return avro.createSerializer(type, new Configuration(options)).serializeToBytes(row);
    }

    private Row read(RowType type, Map<String, String> options, byte[] bytes) {
        return avro.createDeserializer(type, new Configuration(options)).deserialize(bytes);
    }

    @Test
    void theDerivedSchemaIsFlinks() {
        assertThat(AvroSchemas.of(EVERY_TYPE, false).toString()).isEqualTo("{\"type\":\"record\",\"name\":\"record\","
                + "\"namespace\":\"org.apache.flink.avro.generated\",\"fields\":["
                + "{\"name\":\"b\",\"type\":[\"null\",\"boolean\"],\"default\":null},"
                + "{\"name\":\"ti\",\"type\":[\"null\",\"int\"],\"default\":null},"
                + "{\"name\":\"si\",\"type\":[\"null\",\"int\"],\"default\":null},"
                + "{\"name\":\"i\",\"type\":[\"null\",\"int\"],\"default\":null},"
                + "{\"name\":\"bi\",\"type\":[\"null\",\"long\"],\"default\":null},"
                + "{\"name\":\"f\",\"type\":[\"null\",\"float\"],\"default\":null},"
                + "{\"name\":\"d\",\"type\":[\"null\",\"double\"],\"default\":null},"
                + "{\"name\":\"dec\",\"type\":[\"null\",{\"type\":\"bytes\",\"logicalType\":\"decimal\","
                + "\"precision\":10,\"scale\":2}],\"default\":null},"
                + "{\"name\":\"c\",\"type\":[\"null\",\"string\"],\"default\":null},"
                + "{\"name\":\"s\",\"type\":[\"null\",\"string\"],\"default\":null},"
                + "{\"name\":\"bin\",\"type\":[\"null\",\"bytes\"],\"default\":null},"
                + "{\"name\":\"dt\",\"type\":[\"null\",{\"type\":\"int\",\"logicalType\":\"date\"}],\"default\":null},"
                + "{\"name\":\"tm\",\"type\":[\"null\",{\"type\":\"int\",\"logicalType\":\"time-millis\"}],"
                + "\"default\":null},"
                + "{\"name\":\"ts\",\"type\":[\"null\",{\"type\":\"long\",\"logicalType\":\"local-timestamp-millis\"}],"
                + "\"default\":null},"
                + "{\"name\":\"ltz\",\"type\":[\"null\",{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}],"
                + "\"default\":null},"
                + "{\"name\":\"ts6\",\"type\":[\"null\",{\"type\":\"long\",\"logicalType\":\"local-timestamp-micros\"}],"
                + "\"default\":null},"
                + "{\"name\":\"nested\",\"type\":[\"null\",{\"type\":\"record\",\"name\":\"record_nested\",\"fields\":["
                + "{\"name\":\"x\",\"type\":\"string\"},"
                + "{\"name\":\"y\",\"type\":[\"null\",{\"type\":\"int\",\"logicalType\":\"date\"}],\"default\":null}]}],"
                + "\"default\":null},"
                + "{\"name\":\"arr\",\"type\":[\"null\",{\"type\":\"array\",\"items\":[\"null\",\"long\"]}],"
                + "\"default\":null},"
                + "{\"name\":\"m\",\"type\":[\"null\",{\"type\":\"map\",\"values\":[\"null\",{\"type\":\"bytes\","
                + "\"logicalType\":\"decimal\",\"precision\":5,\"scale\":1}]}],\"default\":null},"
                + "{\"name\":\"ms\",\"type\":[\"null\",{\"type\":\"map\",\"values\":[\"null\",\"int\"]}],"
                + "\"default\":null},"
                + "{\"name\":\"req\",\"type\":\"int\"}]}");
        // Flink's default, the legacy mapping: TIMESTAMP(3) is timestamp-millis
        RowType ts = RowType.of(new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3).notNull()));
        assertThat(AvroSchemas.of(ts, true).getField("ts").schema().toString())
                .isEqualTo("{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}");
    }

    @Test
    void theBinaryEncodingIsAvrosWithoutHeader() {
        // zig-zag 1 = 02; union branch 1 = 02, length 1 = 02, 'a' = 61; union branch 0 (null) = 00
        assertThat(HEX.formatHex(write(PAIR, Map.of(), Row.of(1, "a")))).isEqualTo("02 02 02 61");
        assertThat(HEX.formatHex(write(PAIR, Map.of(), Row.of(-1, null)))).isEqualTo("01 00");
        RowType ts = RowType.of(new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3).notNull()));
        // TIMESTAMP '1970-01-01 00:00:00.001' is 1 ms, written as zig-zag long 02 (Flink's legacy mapping)
        assertThat(HEX.formatHex(write(ts, Map.of(), Row.of(1L)))).isEqualTo("02");
    }

    @Test
    void writtenBytesDecodeWithAvrosGenericDatumReaderAndTheDerivedSchema() throws IOException {
        byte[] bytes = write(EVERY_TYPE, MODERN, everyValue());
        Schema schema = AvroSchemas.of(EVERY_TYPE, false);
        GenericRecord record = new GenericDatumReader<GenericRecord>(schema)
                .read(null, DecoderFactory.get().binaryDecoder(bytes, null));
        assertThat(record.get("b")).isEqualTo(true);
        assertThat(record.get("ti")).isEqualTo(-7);
        assertThat(record.get("bi")).isEqualTo(9_000_000_000L);
        assertThat(new BigInteger(((ByteBuffer) record.get("dec")).array())).isEqualTo(1234560);
        assertThat(record.get("s").toString()).isEqualTo("he said \"hi\", then left");
        assertThat(((ByteBuffer) record.get("bin")).array()).containsExactly(0, 1, -1, 42);
        assertThat(record.get("dt")).isEqualTo(19782); // 2024-02-29 in days since 1970-01-01
        assertThat(record.get("tm")).isEqualTo((13 * 3600 + 14 * 60 + 15) * 1000);
        assertThat(record.get("ts")).isEqualTo(1704164645678L);
        assertThat(record.get("ltz")).isEqualTo(1704164645678L);
        assertThat(record.get("ts6")).isEqualTo(1704164645678000L);
        assertThat(((GenericRecord) record.get("nested")).get("x").toString()).isEqualTo("in");
        assertThat(record.get("arr")).asList().containsExactly(1L, null, -3L);
        assertThat(((Map<?, ?>) record.get("ms")).toString()).isEqualTo("{x=2}");
        assertThat(record.get("req")).isEqualTo(-300);
    }

    @Test
    void everyTypeRoundTripsWithNullsInBothEncodings() {
        for (Map<String, String> options : List.of(MODERN, Map.of("timestamp_mapping.legacy", "false",
                "encoding", "json", "open.fastread", "true"))) {
            for (Row row : List.of(everyValue(), nullsWhereAllowed())) {
                Row back = read(EVERY_TYPE, options, write(EVERY_TYPE, options, row));
                assertThat(back).as("%s with %s", row, options).isEqualTo(row);
            }
        }
    }

    @Test
    void theJsonEncodingIsAvrosJsonEncoding() {
        Map<String, String> json = Map.of("encoding", "json");
        byte[] bytes = write(PAIR, json, Row.of(1, "a"));
        assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo("{\"id\":1,\"name\":{\"string\":\"a\"}}");
        // every record is bare, not separated from the one before
        assertThat(new String(write(PAIR, json, Row.of(2, null)), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":2,\"name\":null}");
        assertThat(read(PAIR, json, bytes)).isEqualTo(Row.of(1, "a"));
    }

    @Test
    void aMalformedRecordFailsSayingWhatIsWrong() {
        assertThatThrownBy(() -> read(PAIR, Map.of(), HEX.parseHex("02 02 08 61")))
                .isInstanceOf(FormatException.class)
                .hasMessageStartingWith("invalid Avro record: it ends (after 4 bytes) before the table's schema does");
        assertThatThrownBy(() -> read(PAIR, Map.of(), HEX.parseHex("02 06")))
                .isInstanceOf(FormatException.class).hasMessage("invalid Avro record: AvroTypeException: Field"
                        + " \"name\" content mismatch: Union branch index out of range: must be in [0, 2), but received 3");
        assertThatThrownBy(() -> read(PAIR, Map.of("encoding", "json"), "{\"id\":\"one\"}"
                .getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(FormatException.class).hasMessageStartingWith("invalid Avro record: ");
        assertThatThrownBy(() -> write(PAIR, Map.of(), Row.of(null, "a")))
                .isInstanceOf(FormatException.class).hasMessage("field 'id' is NULL but its type is INT NOT NULL");
    }

    @Test
    void typesAvroCannotHoldAreRefusedAtCreateTableAsFlinkRefusesThem() {
        assertThatThrownBy(() -> avro.validate(RowType.of(new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 6))),
                new Configuration(), "value.avro."))
                .isInstanceOf(ConfigException.class)
                .hasMessage("The 'avro' format cannot write this table: Column 'ts': Avro does not support TIMESTAMP"
                        + " type with precision: 6, it only supports precision less than 3.")
                .extracting(e -> ((ConfigException) e).key()).isEqualTo("value.format");
        assertThatThrownBy(() -> avro.validate(RowType.of(new Field("l", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3))),
                new Configuration(), "avro."))
                .hasMessageContaining("Column 'l': Unsupported to derive Schema for type: TIMESTAMP_LTZ(3)");
        avro.validate(RowType.of(new Field("l", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3))), new Configuration(MODERN),
                "avro.");
        assertThatThrownBy(() -> avro.validate(RowType.of(new Field("r", DataType.row(List.of(new Field("m",
                DataType.map(DataType.of(TypeRoot.INTEGER), DataType.of(TypeRoot.VARCHAR))))))),
                new Configuration(), "key.avro."))
                .hasMessageContaining("Column 'r.m': Avro format doesn't support non-string as key type of map. The key"
                        + " type is: INT");
        assertThatThrownBy(() -> avro.validate(RowType.of(new Field("my-col", DataType.of(TypeRoot.INTEGER))),
                new Configuration(), "avro."))
                .hasMessageContaining("Column 'my-col': 'my-col' is not an Avro name");
        assertThatThrownBy(() -> avro.validate(PAIR, new Configuration(Map.of("encoding", "xml")), "avro."))
                .hasMessage("Invalid value 'xml' for option 'encoding': expected one of binary, json");
        assertThatThrownBy(() -> avro.validateLines(PAIR, new Configuration(), "avro."))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("The 'avro' format is not served by the filesystem connector yet");
    }
}
