package dev.runnel.shell.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.ZoneId;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * {@code json}: one object per row and line (JSON Lines), its fields named by the columns in
 * their order. A changelog row starts with {@code "op"} (its kind, {@code +I}, {@code -U},
 * {@code +U} or {@code -D}). Values are written as Flink's {@code json} format writes them with
 * {@code 'json.timestamp-format.standard' = 'ISO-8601'}, so that a program reads them back without
 * guessing: SQL NULL is {@code null}; numbers and booleans are JSON numbers and booleans (DECIMAL
 * with all its digits, never in exponent form; FLOAT and DOUBLE NaN and infinities as the strings
 * {@code "NaN"}, {@code "Infinity"}); strings are strings; BINARY is Base64; DATE, TIME and
 * TIMESTAMP are ISO-8601 strings ({@code "2024-01-31"}, {@code "12:00:00"},
 * {@code "2024-01-31T12:00:00.123"}) and TIMESTAMP_LTZ is the instant in UTC with a {@code Z}
 * ({@code "2024-01-31T12:00:00.123Z"}); a nested ROW is an object. A {@link List} value (ARRAY,
 * MULTISET elements) is an array and a {@link Map} value (MAP, MULTISET) an object whose keys are
 * the keys' text. A result with no rows prints nothing.
 */
final class JsonRows implements RowFormat {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    @Override
    public void start(PrintWriter out, List<ColumnInfo> columns, boolean changelog) {
    }

    /* The line is built first and printed whole, with its line feed, in one write. */
    @Override
    public void row(PrintWriter out, List<ColumnInfo> columns, boolean changelog, Row row, ZoneId zone) {
        StringWriter line = new StringWriter(32 + 16 * columns.size());
        try (JsonGenerator json = JSON.createGenerator(line)) {
            json.writeStartObject();
            if (changelog) {
                json.writeStringField("op", row.kind().shortString());
            }
            for (int c = 0; c < columns.size(); c++) {
                json.writeFieldName(columns.get(c).name());
                writeValue(json, row.getField(c), columns.get(c).type());
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.print(line.append('\n'));
    }

    /** Writes {@code value} of {@code type}; where the type says nothing about it (collections), by its Java class. */
    private static void writeValue(JsonGenerator json, Object value, DataType type) throws IOException {
        if (value == null) {
            json.writeNull();
        } else if (value instanceof List<?> list) {
            json.writeStartArray();
            for (Object element : list) {
                writeValue(json, element, null);
            }
            json.writeEndArray();
        } else if (value instanceof Map<?, ?> map) {
            json.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                json.writeFieldName(String.valueOf(entry.getKey()));
                writeValue(json, entry.getValue(), null);
            }
            json.writeEndObject();
        } else if (type == null) {
            writeUntyped(json, value);
        } else {
            switch (type.root()) {
                case BOOLEAN -> json.writeBoolean((Boolean) value);
                case TINYINT, SMALLINT, INTEGER, BIGINT -> json.writeNumber(((Number) value).longValue());
                case DECIMAL -> json.writeNumber((BigDecimal) value);
                case FLOAT, DOUBLE -> writeFloating(json, (Number) value);
                case CHAR, VARCHAR -> json.writeString((String) value);
                case BINARY, VARBINARY -> json.writeString(Base64.getEncoder().encodeToString((byte[]) value));
                case DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ -> json.writeString(TextValues.format(value, type, true));
                case ROW -> writeRow(json, (Object[]) value, type.rowType());
            }
        }
    }

    private static void writeRow(JsonGenerator json, Object[] values, RowType type) throws IOException {
        json.writeStartObject();
        for (int i = 0; i < type.arity(); i++) {
            json.writeFieldName(type.name(i));
            writeValue(json, values[i], type.type(i));
        }
        json.writeEndObject();
    }

    /*
     * Inside a collection, whose element type the column's type does not carry yet: numbers,
     * booleans and strings are what they are, a nested row (its field names unknown) an array,
     * anything else its text.
     */
    private static void writeUntyped(JsonGenerator json, Object value) throws IOException {
        if (value instanceof Boolean b) {
            json.writeBoolean(b);
        } else if (value instanceof BigDecimal d) {
            json.writeNumber(d);
        } else if (value instanceof BigInteger i) {
            json.writeNumber(i);
        } else if (value instanceof Float || value instanceof Double) {
            writeFloating(json, (Number) value);
        } else if (value instanceof Number n) {
            json.writeNumber(n.longValue());
        } else if (value instanceof byte[] bytes) {
            json.writeString(Base64.getEncoder().encodeToString(bytes));
        } else if (value instanceof Object[] fields) {
            json.writeStartArray();
            for (Object field : fields) {
                writeValue(json, field, null);
            }
            json.writeEndArray();
        } else {
            json.writeString(value.toString());
        }
    }

    private static void writeFloating(JsonGenerator json, Number value) throws IOException {
        if (Double.isFinite(value.doubleValue())) {
            // FLOAT keeps its own shortest text (0.1, not 0.10000000149011612).
            json.writeNumber(value.toString());
        } else {
            json.writeString(value.toString());
        }
    }
}
