package dev.runnel.runtime.format.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.format.json.JsonFormatFactory.TimestampStandard;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;

/** Writes a row as one JSON object on one line, field names being the column names. */
final class JsonRowSerializer implements RowSerializer {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    private final RowType rowType;
    private final TimestampStandard standard;
    private final boolean ignoreNullFields;

    JsonRowSerializer(RowType rowType, TimestampStandard standard, boolean ignoreNullFields) {
        this.rowType = rowType;
        this.standard = standard;
        this.ignoreNullFields = ignoreNullFields;
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
        }
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
