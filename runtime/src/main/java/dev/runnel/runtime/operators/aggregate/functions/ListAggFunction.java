package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code LISTAGG(x [, separator])}: the non-null values in arrival order joined by the
 * separator (default {@code ","}, as Flink), NULL over none.
 *
 * <p>Without retraction the accumulator is {@code [joined string, separator, -]}. With
 * retraction it is {@code [-, separator, next sequence number]} plus a view
 * {@code sequence number → value}; retracting removes the latest equal value, and the result
 * joins the view's values in sequence order.
 */
final class ListAggFunction implements AggregateFunction {
    private static final String DEFAULT_SEPARATOR = ",";
    private final int arg;
    private final int separatorArg;
    private final boolean withRetraction;

    ListAggFunction(AggregateCall call, boolean withRetraction) {
        this.arg = call.arg(0);
        this.separatorArg = call.argCount() > 1 ? call.arg(1) : -1;
        this.withRetraction = withRetraction;
    }

    @Override
    public List<DataType> accumulatorTypes() {
        DataType string = DataType.of(TypeRoot.VARCHAR);
        return List.of(string, string, DataType.of(TypeRoot.BIGINT));
    }

    @Override
    public List<ViewSpec> views() {
        return withRetraction ? List.of(ViewSpec.of("values", Serializers.LONG, Serializers.STRING)) : List.of();
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, null);
        acc.set(1, DEFAULT_SEPARATOR);
        acc.set(2, 0L);
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v == null) {
            return;
        }
        if (separatorArg >= 0 && input.getField(separatorArg) != null) {
            acc.set(1, input.getField(separatorArg).toString());
        }
        add(acc, v.toString());
    }

    private void add(Accumulator acc, String value) {
        if (withRetraction) {
            long seq = (Long) acc.get(2);
            acc.set(2, seq + 1);
            acc.view(0).put(seq, value);
        } else {
            String joined = (String) acc.get(0);
            acc.set(0, joined == null ? value : joined + acc.get(1) + value);
        }
    }

    @Override
    public boolean supportsRetraction() {
        return withRetraction;
    }

    @Override
    public void retract(Accumulator acc, Row input) {
        if (!withRetraction) {
            AggregateFunction.super.retract(acc, input);
            return;
        }
        Object v = input.getField(arg);
        if (v == null) {
            return;
        }
        String value = v.toString();
        Long found = null;
        for (Map.Entry<Object, Object> e : acc.view(0).entries()) {
            if (value.equals(e.getValue()) && (found == null || (Long) e.getKey() > found)) {
                found = (Long) e.getKey();
            }
        }
        if (found != null) {
            acc.view(0).remove(found);
        }
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        if (withRetraction) {
            for (Map.Entry<Object, Object> e : sorted(other)) {
                add(acc, (String) e.getValue());
            }
        } else if (other.get(0) != null) {
            acc.set(1, other.get(1));
            add(acc, (String) other.get(0));
        }
    }

    private static List<Map.Entry<Object, Object>> sorted(Accumulator acc) {
        List<Map.Entry<Object, Object>> entries = new ArrayList<>();
        acc.view(0).entries().forEach(entries::add);
        entries.sort(Comparator.comparing(e -> (Long) e.getKey()));
        return entries;
    }

    @Override
    public Object getValue(Accumulator acc) {
        if (!withRetraction) {
            return acc.get(0);
        }
        List<Map.Entry<Object, Object>> entries = sorted(acc);
        if (entries.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < entries.size(); i++) {
            sb.append(i > 0 ? acc.get(1) : "").append(entries.get(i).getValue());
        }
        return sb.toString();
    }
}
