package dev.runnel.runtime.operators.aggregate.functions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code JSON_OBJECTAGG(KEY k VALUE v [NULL ON NULL | ABSENT ON NULL])}: a JSON object of the
 * key/value pairs, as Flink's: {@code NULL ON NULL} (the default) keeps a NULL value as
 * {@code null}, {@code ABSENT ON NULL} leaves the pair out; a key seen twice fails the job with
 * Flink's message; {@code {}} over no pairs. The object's keys are in key order. Retracting a
 * pair removes it; one that is not there is remembered, and cancels its pair when accumulators
 * merge (as Flink's retract map).
 *
 * <p>Without retraction the accumulator is {@code [the object's JSON]}; with retraction two views
 * {@code key → value JSON} (pairs, and retractions still to match), {@code ""} standing for NULL.
 */
final class JsonObjectAggFunction implements AggregateFunction {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A NULL value in the views; never the JSON text of a value. */
    private static final String NULL = "";
    private final int keyArg;
    private final int valueArg;
    private final DataType valueType;
    private final boolean skipNulls;
    private final boolean withRetraction;

    JsonObjectAggFunction(AggregateCall call, boolean skipNulls, boolean withRetraction) {
        this.keyArg = call.arg(0);
        this.valueArg = call.arg(1);
        this.valueType = call.argTypes().get(1);
        this.skipNulls = skipNulls;
        this.withRetraction = withRetraction;
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(DataType.of(TypeRoot.VARCHAR));
    }

    @Override
    public List<ViewSpec> views() {
        return withRetraction ? List.of(ViewSpec.of("pairs", Serializers.STRING, Serializers.STRING),
                ViewSpec.of("retracted", Serializers.STRING, Serializers.STRING)) : List.of();
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, null);
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        String key = key(input);
        Object v = input.getField(valueArg);
        String value = v == null ? NULL : JsonValues.toJson(v, valueType);
        if (withRetraction) {
            MapView<Object, Object> pairs = acc.view(0);
            checkNew(pairs.get(key) != null, key);
            if (!(v == null && skipNulls)) {
                pairs.put(key, value);
            }
            return;
        }
        Map<String, String> pairs = parse((String) acc.get(0));
        checkNew(pairs.containsKey(key), key);
        if (!(v == null && skipNulls)) {
            pairs.put(key, value);
            acc.set(0, format(pairs));
        }
    }

    @Override
    public boolean supportsRetraction() {
        return withRetraction;
    }

    @Override
    public void retract(Accumulator acc, Row input) {
        if (!withRetraction) {
            throw new UnsupportedOperationException("JSON_OBJECTAGG was created without retraction");
        }
        String key = key(input);
        Object v = input.getField(valueArg);
        String value = v == null ? NULL : JsonValues.toJson(v, valueType);
        MapView<Object, Object> pairs = acc.view(0);
        if (value.equals(pairs.get(key))) {
            pairs.remove(key);
        } else {
            acc.view(1).put(key, value);
        }
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        if (!withRetraction) {
            Map<String, String> pairs = parse((String) acc.get(0));
            for (Map.Entry<String, String> e : parse((String) other.get(0)).entrySet()) {
                checkNew(pairs.containsKey(e.getKey()), e.getKey());
                pairs.put(e.getKey(), e.getValue());
            }
            acc.set(0, format(pairs));
            return;
        }
        MapView<Object, Object> pairs = acc.view(0);
        MapView<Object, Object> retracted = acc.view(1);
        for (Map.Entry<Object, Object> e : other.view(1).entries()) {
            if (e.getValue().equals(pairs.get(e.getKey()))) {
                pairs.remove(e.getKey());
            } else {
                retracted.put(e.getKey(), e.getValue());
            }
        }
        for (Map.Entry<Object, Object> e : other.view(0).entries()) {
            if (e.getValue().equals(retracted.get(e.getKey()))) {
                retracted.remove(e.getKey());
            } else {
                checkNew(pairs.get(e.getKey()) != null, (String) e.getKey());
                pairs.put(e.getKey(), e.getValue());
            }
        }
    }

    @Override
    public Object getValue(Accumulator acc) {
        if (!withRetraction) {
            return acc.get(0) == null ? "{}" : acc.get(0);
        }
        Map<String, String> pairs = new TreeMap<>();
        acc.view(0).entries().forEach(e -> pairs.put((String) e.getKey(), (String) e.getValue()));
        return format(pairs);
    }

    private String key(Row input) {
        Object key = input.getField(keyArg);
        if (key == null) {
            throw new IllegalArgumentException("The key of JSON_OBJECTAGG must not be NULL");
        }
        return key.toString();
    }

    private static void checkNew(boolean present, String key) {
        if (present) {
            throw new IllegalStateException("Key '" + key + "' is already present. Duplicate keys are not allowed in"
                    + " JSON_OBJECTAGG. Please ensure that keys are unique.");
        }
    }

    /** {@code {"a":1,"b":null}} with the keys in order ({@code ""} values are NULL). */
    private static String format(Map<String, String> pairs) {
        StringBuilder sb = new StringBuilder("{");
        for (Map.Entry<String, String> e : new TreeMap<>(pairs).entrySet()) {
            sb.append(sb.length() > 1 ? "," : "").append(JsonValues.toJson(e.getKey(), DataType.of(TypeRoot.VARCHAR)))
                    .append(':').append(e.getValue().isEmpty() ? "null" : e.getValue());
        }
        return sb.append('}').toString();
    }

    /** The pairs of an object written by {@link #format}, each value as its JSON text. */
    private static Map<String, String> parse(String object) {
        Map<String, String> pairs = new TreeMap<>();
        if (object == null) {
            return pairs;
        }
        try {
            Iterator<Map.Entry<String, JsonNode>> fields = JSON.readTree(object).fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> e = fields.next();
                pairs.put(e.getKey(), e.getValue().isNull() ? NULL : JSON.writeValueAsString(e.getValue()));
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Corrupt JSON_OBJECTAGG accumulator: " + object, e);
        }
        return pairs;
    }
}
