package dev.runnel.runtime.format.avro;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.format.avro.AvroFormatFactory.Encoding;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.DecoderFactory;

/**
 * Reads one Avro datum of the table's derived schema ({@link AvroSchemas}) into a row, with
 * Avro's {@link GenericDatumReader}, as Flink's {@code AvroRowDataDeserializationSchema} does
 * (writer and reader schema both the derived one; the values converted as Flink's
 * {@code AvroToRowDataConverters} converts them). Like Flink's, it has no
 * {@code ignore-parse-errors}: a record Avro cannot decode fails.
 */
final class AvroRowDeserializer implements RowDeserializer {
    private final RowType rowType;
    private final Schema schema;
    private final boolean legacyTimestamps;
    private final Encoding encoding;
    private final GenericDatumReader<GenericRecord> reader;
    private BinaryDecoder binary;
    private GenericRecord reuse;

    AvroRowDeserializer(RowType rowType, boolean legacyTimestamps, Encoding encoding, boolean fastRead) {
        this.rowType = rowType;
        this.schema = AvroSchemas.of(rowType, legacyTimestamps);
        this.legacyTimestamps = legacyTimestamps;
        this.encoding = encoding;
        GenericData data = new GenericData();
        data.setFastReaderEnabled(fastRead);
        this.reader = new GenericDatumReader<>(schema, schema, data);
    }

    @Override
    public void deserialize(byte[] record, int offset, int length, Consumer<Row> out) {
        out.accept(read(record, offset, length));
    }

    @Override
    public Row deserialize(byte[] record) {
        return read(record, 0, record.length);
    }

    private Row read(byte[] record, int offset, int length) {
        GenericRecord datum;
        try {
            Decoder decoder;
            if (encoding == Encoding.BINARY) {
                binary = DecoderFactory.get().binaryDecoder(record, offset, length, binary);
                decoder = binary;
            } else {
                decoder = DecoderFactory.get().jsonDecoder(schema, new ByteArrayInputStream(record, offset, length));
            }
            datum = reader.read(reuse, decoder);
        } catch (EOFException e) {
            throw new FormatException("invalid Avro record: it ends (after " + length + " bytes) before the table's"
                    + " schema does; was it written with another schema?", e);
        } catch (IOException | AvroRuntimeException | IndexOutOfBoundsException | NegativeArraySizeException e) {
            // what Avro throws for bytes that are no datum of the schema (a bad union index, a negative length)
            throw new FormatException("invalid Avro record: " + e.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
        reuse = datum;
        return Row.of(fields(datum, rowType, ""));
    }

    private Object[] fields(IndexedRecord record, RowType type, String path) {
        Object[] values = new Object[type.arity()];
        for (int i = 0; i < values.length; i++) {
            values[i] = value(record.get(i), type.type(i), path + type.name(i));
        }
        return values;
    }

    /** The internal value of the Avro {@code value} of {@code type}. */
    private Object value(Object value, DataType type, String name) {
        if (value == null) {
            return null;
        }
        return switch (type.root()) {
            case TINYINT -> ((Integer) value).byteValue();
            case SMALLINT -> ((Integer) value).shortValue();
            case BOOLEAN, INTEGER, BIGINT, FLOAT, DOUBLE, DATE, TIME -> value;
            case CHAR, VARCHAR -> value.toString();
            case BINARY, VARBINARY -> bytes((ByteBuffer) value);
            case DECIMAL -> {
                BigDecimal decimal = new BigDecimal(new BigInteger(bytes((ByteBuffer) value)), type.scale());
                try {
                    yield TextValues.decimal(type, decimal);
                } catch (IllegalArgumentException e) {
                    throw FormatException.badField(name, decimal, type, e);
                }
            }
            case TIMESTAMP -> legacyTimestamps ? value : AvroTimestamps.toMillis((Long) value, type);
            case TIMESTAMP_LTZ -> AvroTimestamps.toMillis((Long) value, type);
            case ROW -> fields((IndexedRecord) value, type.rowType(), name + ".");
            case ARRAY -> {
                List<Object> list = new ArrayList<>();
                for (Object element : (List<?>) value) {
                    list.add(value(element, type.elementType(), name));
                }
                yield list;
            }
            case MAP -> {
                Map<Object, Object> map = new LinkedHashMap<>();
                ((Map<?, ?>) value).forEach((k, v) -> map.put(k.toString(), value(v, type.valueType(), name)));
                yield map;
            }
            case MULTISET -> {
                List<Object> list = new ArrayList<>();
                ((Map<?, ?>) value).forEach((k, count) -> {
                    for (int i = 0; count != null && i < (Integer) count; i++) {
                        list.add(k.toString());
                    }
                });
                yield list;
            }
        };
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }
}
