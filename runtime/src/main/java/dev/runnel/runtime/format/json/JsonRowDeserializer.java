package dev.runnel.runtime.format.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Base64;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads one JSON object per record into a row, by field name, in one pass over the record's
 * tokens (as Flink's parser-based JSON deserializer does): no tree per record, fields converted
 * straight from the parser, unknown fields skipped. Values that are JSON objects or arrays where
 * a VARCHAR is expected are read as their JSON text.
 *
 * <p>Errors: a record that is not JSON, or not an object, fails as a whole. A value that cannot
 * be converted fails the record naming the field, or with ignore-parse-errors becomes NULL and
 * is counted. The first error in the record's text is reported.
 */
final class JsonRowDeserializer implements RowDeserializer {
    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final JsonFactory FACTORY = MAPPER.getFactory();

    private final ObjectShape shape;
    private final boolean failOnMissingField;
    private final boolean ignoreParseErrors;
    /** Which top-level fields the current record holds; only kept with fail-on-missing-field. */
    private final boolean[] present;
    private long ignoredFieldErrors;
    /** The shapes of the ROW types nested in collections, by type instance (the schema's). */
    private final Map<DataType, ObjectShape> rowShapes = new IdentityHashMap<>();
    private final JsonCollections collections = new JsonCollections(this);

    JsonRowDeserializer(RowType rowType, boolean failOnMissingField, boolean ignoreParseErrors) {
        this.shape = new ObjectShape(rowType);
        this.failOnMissingField = failOnMissingField;
        this.ignoreParseErrors = ignoreParseErrors;
        this.present = failOnMissingField ? new boolean[rowType.arity()] : null;
    }

    @Override
    public Row deserialize(String record) {
        try (JsonParser parser = FACTORY.createParser(record)) {
            return readRecord(parser);
        } catch (IOException e) {
            throw invalid(e);
        }
    }

    @Override
    public Row deserialize(byte[] record) {
        return deserialize(record, 0, record.length);
    }

    @Override
    public void deserialize(byte[] record, int offset, int length, Consumer<Row> out) {
        out.accept(deserialize(record, offset, length));
    }

    private Row deserialize(byte[] record, int offset, int length) {
        try (JsonParser parser = FACTORY.createParser(record, offset, length)) {
            return readRecord(parser);
        } catch (IOException e) {
            throw invalid(e);
        }
    }

    private static FormatException invalid(IOException e) {
        String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        String where = e instanceof JsonProcessingException json && json.getLocation() != null
                ? " (at column " + json.getLocation().getColumnNr() + ")" : "";
        return new FormatException("invalid JSON: " + message + where, e);
    }

    private Row readRecord(JsonParser parser) throws IOException {
        JsonToken token = parser.nextToken();
        if (token != JsonToken.START_OBJECT) {
            throw new FormatException("expected a JSON object, got " + describe(token));
        }
        return readRow(parser, "");
    }

    /**
     * The INSERT row of the JSON object whose {@code START_OBJECT} is {@code parser}'s current
     * token, read up to its {@code END_OBJECT}; messages name fields as {@code path + name}
     * (the debezium format passes {@code after.}).
     *
     * @throws IOException if the JSON is malformed
     */
    Row readRow(JsonParser parser, String path) throws IOException {
        if (present != null) {
            Arrays.fill(present, false);
        }
        Object[] fields = readFields(parser, shape, path, present);
        for (int i = 0; i < fields.length; i++) {
            if (present != null && !present[i]) {
                throw new FormatException("field '" + shape.fieldName(path, i) + "' is missing");
            }
            if (fields[i] == null && !shape.types[i].nullable()) {
                throw new FormatException("field '" + shape.fieldName(path, i) + "' is NULL but its type is "
                        + shape.types[i]);
            }
        }
        return Row.of(fields);
    }

    /** The fields of an object, by name; absent ones are NULL. Marks the fields seen in {@code seen} unless null. */
    private Object[] readFields(JsonParser parser, ObjectShape object, String path, boolean[] seen) throws IOException {
        Object[] values = new Object[object.names.length];
        int expected = 0;
        String name;
        while ((name = parser.nextFieldName()) != null) {
            JsonToken token = parser.nextToken();
            int i = object.indexOf(name, expected);
            if (i < 0) {
                parser.skipChildren();
                continue;
            }
            expected = i + 1;
            if (seen != null) {
                seen[i] = true;
            }
            values[i] = token == JsonToken.VALUE_NULL ? null : convert(parser, token, object, i, path);
        }
        return values;
    }

    /** Field {@code i} of {@code object} from the value at {@code token}, read to its end. */
    private Object convert(JsonParser parser, JsonToken token, ObjectShape object, int i, String path)
            throws IOException {
        return value(parser, token, object.types[i], object.fieldName(path, i), object.children[i], path);
    }

    /**
     * The value of {@code type} at {@code token} (not a JSON null), read to its end; {@code name}
     * names it in messages, {@code row} is the shape of a ROW type (null for other types).
     */
    private Object value(JsonParser parser, JsonToken token, DataType type, String name, ObjectShape row,
                         String path) throws IOException {
        TypeRoot root = type.root();
        if (token.isStructStart() && !root.isCollection() && root != TypeRoot.ROW && root != TypeRoot.CHAR
                && root != TypeRoot.VARCHAR) {
            JsonNode node = MAPPER.readTree(parser);
            return fieldError(name, node.toString(), type, new IllegalArgumentException(
                    "a JSON " + node.getNodeType().toString().toLowerCase(Locale.ROOT) + " is not a value"));
        }
        try {
            return switch (root) {
                case BOOLEAN -> token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE
                        ? parser.getBooleanValue() : TextValues.parseBoolean(parser.getText());
                case TINYINT, SMALLINT, INTEGER, BIGINT -> TextValues.integral(type, fitsLong(parser, token)
                        ? parser.getLongValue() : Long.parseLong(parser.getText().trim()));
                // FLOAT from the text: a float read through a double could round twice
                case FLOAT -> Float.parseFloat(parser.getText().trim());
                case DOUBLE -> token.isNumeric() ? parser.getDoubleValue() : Double.parseDouble(parser.getText().trim());
                case DECIMAL -> TextValues.decimal(type,
                        token.isNumeric() ? parser.getDecimalValue() : new BigDecimal(parser.getText().trim()));
                case CHAR, VARCHAR -> token.isStructStart() ? MAPPER.readTree(parser).toString() : parser.getText();
                case BINARY, VARBINARY -> token == JsonToken.VALUE_EMBEDDED_OBJECT ? parser.getBinaryValue()
                        : Base64.getDecoder().decode(parser.getText());
                case DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ -> TextValues.parse(parser.getText(), type);
                case ROW -> nested(parser, token, type, name, row, path);
                case ARRAY, MULTISET, MAP -> collections.read(parser, token, type, name, path);
            };
        } catch (JsonParseException | FormatException e) {
            // malformed JSON fails the record; a nested field's error names that field already
            throw e;
        } catch (RuntimeException | IOException e) {
            return fieldError(name, parser.getText(), type, e);
        }
    }

    private Object nested(JsonParser parser, JsonToken token, DataType type, String name, ObjectShape row,
                          String path) throws IOException {
        if (token != JsonToken.START_OBJECT) {
            String shown = token == JsonToken.START_ARRAY ? MAPPER.readTree(parser).toString() : parser.getText();
            return fieldError(name, shown, type, new IllegalArgumentException("expected a JSON object for " + type));
        }
        return readFields(parser, row, path, null);
    }

    /**
     * The value of an element of a collection (or a key of a map, from its text) at {@code token},
     * read to its end; NULL for a JSON null.
     */
    Object element(JsonParser parser, JsonToken token, DataType type, String name, String path) throws IOException {
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        ObjectShape row = type.root() == TypeRoot.ROW
                ? rowShapes.computeIfAbsent(type, t -> new ObjectShape(t, name + ".")) : null;
        return value(parser, token, type, name, row, path);
    }

    /** NULL for a value that cannot be read, with ignore-parse-errors; else the error. */
    Object fieldError(String field, String shown, DataType type, Exception cause) {
        if (ignoreParseErrors) {
            ignoredFieldErrors++;
            return null;
        }
        throw FormatException.badField(field, shown, type, cause);
    }

    private static boolean fitsLong(JsonParser parser, JsonToken token) throws IOException {
        if (token != JsonToken.VALUE_NUMBER_INT) {
            return false;
        }
        JsonParser.NumberType numberType = parser.getNumberType();
        return numberType == JsonParser.NumberType.INT || numberType == JsonParser.NumberType.LONG;
    }

    /** A token's kind as {@link com.fasterxml.jackson.databind.node.JsonNodeType} names it. */
    private static String describe(JsonToken token) {
        if (token == null) {
            return "nothing";
        }
        return switch (token) {
            case START_ARRAY -> "ARRAY";
            case VALUE_STRING -> "STRING";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "NUMBER";
            case VALUE_TRUE, VALUE_FALSE -> "BOOLEAN";
            case VALUE_NULL -> "NULL";
            default -> token.toString();
        };
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
