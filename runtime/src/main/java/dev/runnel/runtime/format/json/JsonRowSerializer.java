package dev.runnel.runtime.format.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.format.json.JsonFormatFactory.MapNullKeyMode;
import dev.runnel.runtime.format.json.JsonFormatFactory.TimestampStandard;
import dev.runnel.runtime.types.CollectionValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Writes a row as one JSON object on one line, field names being the column names. */
final class JsonRowSerializer implements RowSerializer {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    private final RowType rowType;
    private final TimestampStandard standard;
    private final boolean ignoreNullFields;
    private final MapNullKeyMode mapNullKeyMode;
    private final String mapNullKeyLiteral;

    JsonRowSerializer(RowType rowType, TimestampStandard standard, boolean ignoreNullFields,
                      MapNullKeyMode mapNullKeyMode, String mapNullKeyLiteral) {
        this.rowType = rowType;
        this.standard = standard;
        this.ignoreNullFields = ignoreNullFields;
        this.mapNullKeyMode = mapNullKeyMode;
        this.mapNullKeyLiteral = mapNullKeyLiteral;
    }

    @Override
    public String serialize(Row row) {
        StringWriter out = new StringWriter(64 + 16 * rowType.arity());
        try (JsonGenerator g = createGenerator(out)) {
            writeObject(g, row);
        } catch (IOException | ClassCastException e) {
            throw new FormatException("cannot write " + row + " as JSON: " + e.getMessage(), e);
        }
        return out.toString();
    }

    static JsonGenerator createGenerator(StringWriter out) throws IOException {
        return FACTORY.createGenerator(out);
    }

    /** Writes the fields of {@code row} as one JSON object (the debezium format nests it). */
    void writeObject(JsonGenerator g, Row row) throws IOException {
        g.writeStartObject();
        for (int i = 0; i < rowType.arity(); i++) {
            Object value = row.getField(i);
            if (value == null) {
                if (!ignoreNullFields) {
                    g.writeNullField(rowType.name(i));
                }
                continue;
            }
            g.writeFieldName(rowType.name(i));
            write(g, value, rowType.type(i));
        }
        g.writeEndObject();
    }

    private void write(JsonGenerator g, Object value, DataType type) throws IOException {
        switch (type.root()) {
            case BOOLEAN -> g.writeBoolean((Boolean) value);
            case TINYINT, SMALLINT, INTEGER, BIGINT -> g.writeNumber(((Number) value).longValue());
            case FLOAT -> g.writeNumber((Float) value);
            case DOUBLE -> g.writeNumber((Double) value);
            case DECIMAL -> g.writeNumber((BigDecimal) value);
            case CHAR, VARCHAR -> g.writeString((String) value);
            case BINARY, VARBINARY -> g.writeBinary((byte[]) value);
            case DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ -> g.writeString(
                    TextValues.format(value, type, standard == TimestampStandard.ISO_8601));
            case ROW -> writeNested(g, (Object[]) value, type.rowType());
            case ARRAY -> {
                g.writeStartArray();
                for (Object element : (List<?>) value) {
                    writeElement(g, element, type.elementType());
                }
                g.writeEndArray();
            }
            case MAP -> writeEntries(g, ((Map<?, ?>) value).entrySet(), type.keyType(), type.valueType());
            case MULTISET -> writeEntries(g, CollectionValues.counts((List<?>) value).entrySet(), type.elementType(),
                    DataType.of(TypeRoot.INTEGER));
        }
    }

    private void writeElement(JsonGenerator g, Object element, DataType type) throws IOException {
        if (element == null) {
            g.writeNull();
        } else {
            write(g, element, type);
        }
    }

    /** A map (or a multiset's counts) as an object keyed by the keys' text; NULL keys as map-null-key.mode says. */
    private void writeEntries(JsonGenerator g, Iterable<? extends Map.Entry<?, ?>> entries, DataType key,
                              DataType value) throws IOException {
        g.writeStartObject();
        for (Map.Entry<?, ?> e : entries) {
            String name;
            if (e.getKey() != null) {
                name = TextValues.format(e.getKey(), key, standard == TimestampStandard.ISO_8601);
            } else if (mapNullKeyMode == MapNullKeyMode.DROP) {
                continue;
            } else if (mapNullKeyMode == MapNullKeyMode.LITERAL) {
                name = mapNullKeyLiteral;
            } else {
                throw new FormatException("JSON format doesn't support to serialize map data with null keys. "
                        + "You can drop null key entries or encode null in literals by specifying "
                        + "map-null-key.mode option.");
            }
            g.writeFieldName(name);
            writeElement(g, e.getValue(), value);
        }
        g.writeEndObject();
    }

    /** A nested row is a nested JSON object; its NULL fields are written as the top level's are. */
    private void writeNested(JsonGenerator g, Object[] values, RowType nested) throws IOException {
        g.writeStartObject();
        for (int i = 0; i < nested.arity(); i++) {
            if (values[i] == null) {
                if (!ignoreNullFields) {
                    g.writeNullField(nested.name(i));
                }
                continue;
            }
            g.writeFieldName(nested.name(i));
            write(g, values[i], nested.type(i));
        }
        g.writeEndObject();
    }
}
