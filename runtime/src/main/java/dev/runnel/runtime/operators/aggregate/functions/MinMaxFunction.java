package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.types.DataType;

import java.util.List;
import java.util.Map;

/**
 * {@code MIN(x)} and {@code MAX(x)}: the least/greatest non-null value, NULL over none.
 *
 * <p>Without retraction the accumulator is just {@code [extreme]}. With retraction (as Flink's
 * {@code MinWithRetractAggFunction}) it also keeps a view {@code value → number of rows with it};
 * retracting the current extreme scans the view for the next one, so state holds each distinct
 * value once, not every row.
 */
final class MinMaxFunction implements AggregateFunction {
    private final int arg;
    private final DataType type;
    private final boolean max;
    private final boolean withRetraction;

    MinMaxFunction(AggregateCall call, boolean max, boolean withRetraction) {
        this.arg = call.arg(0);
        this.type = call.argTypes().get(0).withNullable(true);
        this.max = max;
        this.withRetraction = withRetraction;
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(type);
    }

    @Override
    public List<ViewSpec> views() {
        return withRetraction ? List.of(ViewSpec.of("counts", Serializers.forType(type), Serializers.LONG)) : List.of();
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, null);
    }

    private boolean better(Object candidate, Object current) {
        if (current == null) {
            return true;
        }
        int c = Numbers.compare(candidate, current);
        return max ? c > 0 : c < 0;
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v == null) {
            return;
        }
        if (better(v, acc.get(0))) {
            acc.set(0, v);
        }
        if (withRetraction) {
            Object key = Numbers.normalizeKey(v);
            Long count = (Long) acc.view(0).get(key);
            acc.view(0).put(key, count == null ? 1L : count + 1);
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
        Object key = Numbers.normalizeKey(v);
        MapView<Object, Object> counts = acc.view(0);
        Long count = (Long) counts.get(key);
        if (count == null) {
            return; // retracting a value never seen (e.g. its state expired): nothing to take back
        }
        if (count > 1) {
            counts.put(key, count - 1);
            return;
        }
        counts.remove(key);
        if (acc.get(0) != null && Numbers.compare(acc.get(0), v) == 0) {
            acc.set(0, extreme(counts));
        }
    }

    private Object extreme(MapView<Object, Object> counts) {
        Object best = null;
        for (Map.Entry<Object, Object> e : counts.entries()) {
            if (better(e.getKey(), best)) {
                best = e.getKey();
            }
        }
        return best;
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        Object v = other.get(0);
        if (v != null && better(v, acc.get(0))) {
            acc.set(0, v);
        }
        if (withRetraction) {
            MapView<Object, Object> counts = acc.view(0);
            for (Map.Entry<Object, Object> e : other.view(0).entries()) {
                Long mine = (Long) counts.get(e.getKey());
                counts.put(e.getKey(), (mine == null ? 0L : mine) + (Long) e.getValue());
            }
        }
    }

    @Override
    public Object getValue(Accumulator acc) {
        return acc.get(0);
    }
}
