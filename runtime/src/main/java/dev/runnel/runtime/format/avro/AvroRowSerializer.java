package dev.runnel.runtime.format.avro;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.format.avro.AvroFormatFactory.Encoding;
import dev.runnel.runtime.types.CollectionValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Writes a row as one Avro datum of the table's derived schema ({@link AvroSchemas}) with Avro's
 * {@link GenericDatumWriter}, in the binary encoding without header or schema (what Flink's
 * {@code AvroRowDataSerializationSchema} writes) or in Avro's JSON encoding. Values are
 * converted as Flink's {@code RowDataToAvroConverters} converts them.
 */
final class AvroRowSerializer implements RowSerializer {
    private final RowType rowType;
    private final Schema schema;
    private final boolean legacyTimestamps;
    private final Encoding encoding;
    private final GenericDatumWriter<GenericRecord> writer;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(128);
    private BinaryEncoder binary;

    AvroRowSerializer(RowType rowType, boolean legacyTimestamps, Encoding encoding) {
        this.rowType = rowType;
        this.schema = AvroSchemas.of(rowType, legacyTimestamps);
        this.legacyTimestamps = legacyTimestamps;
        this.encoding = encoding;
        this.writer = new GenericDatumWriter<>(schema);
    }

    @Override
    public byte[] serializeToBytes(Row row) {
        GenericRecord record = record(schema, row.fields(), rowType, "");
        out.reset();
        try {
            if (encoding == Encoding.BINARY) {
                binary = EncoderFactory.get().binaryEncoder(out, binary);
                writer.write(record, binary);
                binary.flush();
            } else {
                // a JSON encoder separates the records it writes: one per record keeps each record bare
                var json = EncoderFactory.get().jsonEncoder(schema, out);
                writer.write(record, json);
                json.flush();
            }
        } catch (IOException | RuntimeException e) {
            throw new FormatException("cannot write " + row + " as Avro: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    private GenericRecord record(Schema schema, Object[] values, RowType type, String path) {
        GenericRecord record = new GenericData.Record(schema);
        for (int i = 0; i < type.arity(); i++) {
            String name = path + type.name(i);
            Schema field = schema.getFields().get(i).schema();
            record.put(i, value(field, values[i], type.type(i), name));
        }
        return record;
    }

    /** The Avro value of {@code value} of {@code type}, whose schema is {@code schema} (a union when nullable). */
    private Object value(Schema schema, Object value, DataType type, String name) {
        if (value == null) {
            if (!type.nullable()) {
                throw new FormatException("field '" + name + "' is NULL but its type is " + type);
            }
            return null;
        }
        Schema actual = type.nullable() ? schema.getTypes().get(1) : schema;
        try {
            return switch (type.root()) {
                case TINYINT, SMALLINT -> ((Number) value).intValue();
                case BOOLEAN, INTEGER, BIGINT, FLOAT, DOUBLE, DATE, TIME -> value;
                case CHAR, VARCHAR -> (String) value;
                case BINARY, VARBINARY -> ByteBuffer.wrap((byte[]) value);
                case DECIMAL -> ByteBuffer.wrap(TextValues.decimal(type, (BigDecimal) value).unscaledValue()
                        .toByteArray());
                case TIMESTAMP -> legacyTimestamps ? (Long) value : AvroTimestamps.toEpoch((Long) value, type);
                case TIMESTAMP_LTZ -> AvroTimestamps.toEpoch((Long) value, type);
                case ROW -> record(actual, (Object[]) value, type.rowType(), name + ".");
                case ARRAY -> {
                    List<Object> list = new ArrayList<>();
                    for (Object element : (List<?>) value) {
                        list.add(value(actual.getElementType(), element, type.elementType(), name));
                    }
                    yield list;
                }
                case MAP -> map(actual, (Map<?, ?>) value, type.valueType(), name);
                case MULTISET -> map(actual, CollectionValues.counts((List<?>) value), DataType.of(TypeRoot.INTEGER),
                        name);
            };
        } catch (ClassCastException | IllegalArgumentException e) {
            throw new FormatException("field '" + name + "': cannot write " + value.getClass().getSimpleName()
                    + " value '" + value + "' as " + type + " (" + e.getMessage() + ")", e);
        }
    }

    private Map<String, Object> map(Schema schema, Map<?, ?> entries, DataType valueType, String name) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : entries.entrySet()) {
            if (e.getKey() == null) {
                throw new FormatException("field '" + name + "': an Avro map cannot hold a NULL key");
            }
            map.put((String) e.getKey(), value(schema.getValueType(), e.getValue(), valueType, name));
        }
        return map;
    }
}
