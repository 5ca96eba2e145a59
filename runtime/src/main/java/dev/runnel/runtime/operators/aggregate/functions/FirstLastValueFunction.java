package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

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
final class FirstLastValueFunction extends RetractableFunction {
    private final DataType type;
    private final boolean last;

    FirstLastValueFunction(AggregateCall call, boolean last, boolean withRetraction) {
        super(call, withRetraction);
        this.type = call.argTypes().get(0).withNullable(true);
        this.last = last;
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
    void retractValue(Accumulator acc, Object v) {
        MapView<Object, Object> values = acc.view(0);
        Long found = latestSequenceOf(values, v);
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
        for (Map.Entry<Object, Object> e : bySequence(other.view(0))) {
            add(acc, e.getValue());
        }
    }

    @Override
    public Object getValue(Accumulator acc) {
        return acc.get(0);
    }
}
