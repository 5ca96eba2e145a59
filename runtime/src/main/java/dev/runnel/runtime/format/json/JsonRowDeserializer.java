package dev.runnel.runtime.format.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.Locale;

/** Reads one JSON object per record into a row, by field name. */
final class JsonRowDeserializer implements RowDeserializer {
    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private final RowType rowType;
    private final boolean failOnMissingField;
    private final boolean ignoreParseErrors;
    private long ignoredFieldErrors;

    JsonRowDeserializer(RowType rowType, boolean failOnMissingField, boolean ignoreParseErrors) {
        this.rowType = rowType;
        this.failOnMissingField = failOnMissingField;
        this.ignoreParseErrors = ignoreParseErrors;
    }

    @Override
    public Row deserialize(String record) {
        try {
            return toRow(MAPPER.readTree(record));
        } catch (JsonProcessingException e) {
            throw new FormatException("invalid JSON: " + e.getOriginalMessage(), e);
        }
    }

    @Override
    public Row deserialize(byte[] record) {
        try {
            return toRow(MAPPER.readTree(record));
        } catch (IOException e) {
            throw new FormatException("invalid JSON: " + e.getMessage(), e);
        }
    }

    private Row toRow(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new FormatException("expected a JSON object, got " + (node == null ? "nothing" : node.getNodeType()));
        }
        return toRow(node, "");
    }

    /**
     * The INSERT row in the JSON object {@code node}; messages name fields as
     * {@code path + name} (the debezium format passes {@code after.}).
     */
    Row toRow(JsonNode node, String path) {
        Object[] fields = new Object[rowType.arity()];
        for (int i = 0; i < fields.length; i++) {
            String name = rowType.name(i);
            JsonNode value = node.get(name);
            if (value == null && failOnMissingField) {
                throw new FormatException("field '" + path + name + "' is missing");
            }
            fields[i] = value == null || value.isNull() ? null : convert(path + name, value, rowType.type(i));
            if (fields[i] == null && !rowType.type(i).nullable()) {
                throw new FormatException("field '" + path + name + "' is NULL but its type is " + rowType.type(i));
            }
        }
        return Row.of(fields);
    }

    private Object convert(String name, JsonNode value, DataType type) {
        try {
            return switch (type.root()) {
                case BOOLEAN -> value.isBoolean() ? value.booleanValue() : TextValues.parseBoolean(value.asText());
                case TINYINT, SMALLINT, INTEGER, BIGINT -> TextValues.integral(type,
                        value.isIntegralNumber() && value.canConvertToLong() ? value.longValue()
                                : Long.parseLong(textOf(value).trim()));
                case FLOAT -> value.isNumber() ? value.floatValue() : Float.parseFloat(textOf(value).trim());
                case DOUBLE -> value.isNumber() ? value.doubleValue() : Double.parseDouble(textOf(value).trim());
                case DECIMAL -> TextValues.decimal(type,
                        value.isNumber() ? value.decimalValue() : new BigDecimal(textOf(value).trim()));
                case CHAR, VARCHAR -> value.isTextual() ? value.textValue() : value.toString();
                case BINARY, VARBINARY -> value.isBinary() ? value.binaryValue()
                        : Base64.getDecoder().decode(textOf(value));
                case DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ -> TextValues.parse(textOf(value), type);
                case ROW -> nested(name, value, type);
            };
        } catch (RuntimeException | IOException e) {
            if (ignoreParseErrors) {
                ignoredFieldErrors++;
                return null;
            }
            throw FormatException.badField(name, value.isTextual() ? value.textValue() : value.toString(), type, e);
        }
    }

    /** A nested object's fields, by name; a missing field is NULL. */
    private Object[] nested(String name, JsonNode value, DataType type) {
        if (!value.isObject()) {
            throw new IllegalArgumentException("expected a JSON object for " + type);
        }
        Object[] values = new Object[type.fields().size()];
        for (int i = 0; i < values.length; i++) {
            var field = type.fields().get(i);
            JsonNode child = value.get(field.name());
            values[i] = child == null || child.isNull() ? null : convert(name + "." + field.name(), child, field.type());
        }
        return values;
    }

    private static String textOf(JsonNode value) {
        if (!value.isValueNode()) {
            throw new IllegalArgumentException("a JSON " + value.getNodeType().toString().toLowerCase(Locale.ROOT) + " is not a value");
        }
        return value.asText();
    }

    @Override
    public boolean ignoreParseErrors() {
        return ignoreParseErrors;
    }

    @Override
    public long ignoredFieldErrors() {
        return ignoredFieldErrors;
    }
}
