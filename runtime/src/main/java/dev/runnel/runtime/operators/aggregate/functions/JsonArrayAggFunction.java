package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import java.util.Map;

/**
 * {@code JSON_ARRAYAGG(x [ABSENT ON NULL | NULL ON NULL])}: a JSON array of the values in arrival
 * order, as Flink's: {@code ABSENT ON NULL} (the default) skips NULLs, {@code NULL ON NULL} adds
 * {@code null}; {@code []} over no values. Retracting a value removes its earliest occurrence.
 *
 * <p>Without retraction the accumulator is {@code [the items' JSON joined by commas, -]}. With
 * retraction it is {@code [-, next sequence number]} plus a view {@code sequence number → item}.
 */
final class JsonArrayAggFunction implements AggregateFunction {
    private final int arg;
    private final DataType argType;
    private final boolean skipNulls;
    private final boolean withRetraction;

    JsonArrayAggFunction(AggregateCall call, boolean skipNulls, boolean withRetraction) {
        this.arg = call.arg(0);
        this.argType = call.argTypes().get(0);
        this.skipNulls = skipNulls;
        this.withRetraction = withRetraction;
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(DataType.of(TypeRoot.VARCHAR), DataType.of(TypeRoot.BIGINT));
    }

    @Override
    public List<ViewSpec> views() {
        return withRetraction ? List.of(ViewSpec.of("items", Serializers.LONG, Serializers.STRING)) : List.of();
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, null);
        acc.set(1, 0L);
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v == null && skipNulls) {
            return;
        }
        add(acc, JsonValues.toJson(v, argType));
    }

    private void add(Accumulator acc, String item) {
        if (withRetraction) {
            long seq = (Long) acc.get(1);
            acc.set(1, seq + 1);
            acc.view(0).put(seq, item);
        } else {
            String joined = (String) acc.get(0);
            acc.set(0, joined == null ? item : joined + "," + item);
        }
    }

    @Override
    public boolean supportsRetraction() {
        return withRetraction;
    }

    @Override
    public void retract(Accumulator acc, Row input) {
        if (!withRetraction) {
            throw new UnsupportedOperationException("JSON_ARRAYAGG was created without retraction");
        }
        String item = JsonValues.toJson(input.getField(arg), argType);
        for (Map.Entry<Object, Object> e : RetractableFunction.bySequence(acc.view(0))) {
            if (e.getValue().equals(item)) {
                acc.view(0).remove(e.getKey());
                return;
            }
        }
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        if (withRetraction) {
            for (Map.Entry<Object, Object> e : RetractableFunction.bySequence(other.view(0))) {
                add(acc, (String) e.getValue());
            }
        } else if (other.get(0) != null) {
            add(acc, (String) other.get(0));
        }
    }

    @Override
    public Object getValue(Accumulator acc) {
        if (!withRetraction) {
            return acc.get(0) == null ? "[]" : "[" + acc.get(0) + "]";
        }
        StringBuilder sb = new StringBuilder("[");
        for (Map.Entry<Object, Object> e : RetractableFunction.bySequence(acc.view(0))) {
            sb.append(sb.length() > 1 ? "," : "").append(e.getValue());
        }
        return sb.append(']').toString();
    }
}
