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
 * {@code FIRST_VALUE(x)} and {@code LAST_VALUE(x)}: the first/last non-null value in arrival
 * order (as Flink, NULLs are skipped), NULL over none.
 *
 * <p>Accumulator {@code [current value, its sequence number, next sequence number]}. With
 * retraction a view {@code sequence number → value} keeps every accumulated value; retracting
 * removes the latest equal value and, when that was the current one, scans for the new
 * first/last. Without retraction the view is not used.
 */
final class FirstLastValueFunction implements AggregateFunction {
    private final int arg;
    private final DataType type;
    private final boolean last;
    private final boolean withRetraction;

    FirstLastValueFunction(AggregateCall call, boolean last, boolean withRetraction) {
        this.arg = call.arg(0);
        this.type = call.argTypes().get(0).withNullable(true);
        this.last = last;
        this.withRetraction = withRetraction;
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(type, DataType.of(TypeRoot.BIGINT), DataType.of(TypeRoot.BIGINT));
    }

    @Override
    public List<ViewSpec> views() {
        return withRetraction ? List.of(ViewSpec.of("values", Serializers.LONG, Serializers.forType(type))) : List.of();
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, null);
        acc.set(1, null);
        acc.set(2, 0L);
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v != null) {
            add(acc, v);
        }
    }

    private void add(Accumulator acc, Object v) {
        long seq = (Long) acc.get(2);
        acc.set(2, seq + 1);
        if (last || acc.get(0) == null) {
            acc.set(0, v);
            acc.set(1, seq);
        }
        if (withRetraction) {
            acc.view(0).put(seq, v);
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
        MapView<Object, Object> values = acc.view(0);
        Long found = null;
        for (Map.Entry<Object, Object> e : values.entries()) {
            if (Numbers.compare(e.getValue(), v) == 0 && (found == null || (Long) e.getKey() > found)) {
                found = (Long) e.getKey();
            }
        }
        if (found == null) {
            return;
        }
        values.remove(found);
        if (found.equals(acc.get(1))) {
            Map.Entry<Object, Object> next = null;
            for (Map.Entry<Object, Object> e : values.entries()) {
                long seq = (Long) e.getKey();
                if (next == null || (last ? seq > (Long) next.getKey() : seq < (Long) next.getKey())) {
                    next = e;
                }
            }
            acc.set(0, next == null ? null : next.getValue());
            acc.set(1, next == null ? null : next.getKey());
        }
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        if (!withRetraction) {
            if (other.get(0) != null && (last || acc.get(0) == null)) {
                acc.set(0, other.get(0));
            }
            return;
        }
        List<Map.Entry<Object, Object>> entries = new ArrayList<>();
        other.view(0).entries().forEach(entries::add);
        entries.sort(Comparator.comparing(e -> (Long) e.getKey()));
        for (Map.Entry<Object, Object> e : entries) {
            add(acc, e.getValue());
        }
    }

    @Override
    public Object getValue(Accumulator acc) {
        return acc.get(0);
    }
}
