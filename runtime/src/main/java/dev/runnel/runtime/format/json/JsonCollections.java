package dev.runnel.runtime.format.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads collection values as Flink's json format has them: an ARRAY is a JSON array (its
 * {@code null}s are NULL elements), a MAP a JSON object whose field names are the keys' text,
 * a MULTISET a JSON object from each element's text to the number of times it occurs.
 */
final class JsonCollections {
    private final JsonRowDeserializer deserializer;

    JsonCollections(JsonRowDeserializer deserializer) {
        this.deserializer = deserializer;
    }

    /** The collection of {@code type} at {@code token}, read to its end. */
    Object read(JsonParser parser, JsonToken token, DataType type, String name, String path) throws IOException {
        JsonToken expected = type.root() == TypeRoot.ARRAY ? JsonToken.START_ARRAY : JsonToken.START_OBJECT;
        if (token != expected) {
            String shown = token.isStructStart() ? JsonRowDeserializer.MAPPER.readTree(parser).toString()
                    : parser.getText();
            return deserializer.fieldError(name, shown, type, new IllegalArgumentException("expected a JSON "
                    + (expected == JsonToken.START_ARRAY ? "array" : "object") + " for " + type));
        }
        return switch (type.root()) {
            case ARRAY -> array(parser, type.elementType(), name, path);
            case MAP -> map(parser, type, name, path);
            default -> multiset(parser, type.elementType(), name, path);
        };
    }

    private List<Object> array(JsonParser parser, DataType element, String name, String path) throws IOException {
        List<Object> list = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            list.add(deserializer.element(parser, token, element, name, path));
        }
        return list;
    }

    private Map<Object, Object> map(JsonParser parser, DataType type, String name, String path) throws IOException {
        Map<Object, Object> map = new LinkedHashMap<>();
        String field;
        while ((field = parser.nextFieldName()) != null) {
            JsonToken token = parser.nextToken();
            try {
                Object key = key(field, type.keyType(), name);
                map.put(key, deserializer.element(parser, token, type.valueType(), name, path));
            } catch (IllegalArgumentException e) {
                // an entry whose key cannot be read is left out with ignore-parse-errors
                parser.skipChildren();
                deserializer.fieldError(name, field, type, e);
            }
        }
        return map;
    }

    private List<Object> multiset(JsonParser parser, DataType element, String name, String path) throws IOException {
        List<Object> list = new ArrayList<>();
        String field;
        while ((field = parser.nextFieldName()) != null) {
            JsonToken token = parser.nextToken();
            try {
                Object value = key(field, element, name);
                int count = token == JsonToken.VALUE_NULL ? 0 : token.isNumeric() ? parser.getIntValue()
                        : Integer.parseInt(parser.getText().trim());
                for (int i = 0; i < count; i++) {
                    list.add(value);
                }
            } catch (IllegalArgumentException e) {
                parser.skipChildren();
                deserializer.fieldError(name, field, DataType.multiset(element), e);
            }
        }
        return list;
    }

    /** A map key (or multiset element) from the text of a JSON field name. */
    private static Object key(String text, DataType type, String name) {
        if (type.root() == TypeRoot.ROW || type.root().isCollection()) {
            throw new IllegalArgumentException("the key of " + name + " cannot be read from text as " + type);
        }
        return TextValues.parse(text, type);
    }
}
