package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.types.CollectionValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code ARRAY_AGG(x [RESPECT NULLS | IGNORE NULLS])}: the values in arrival order as an ARRAY,
 * NULL elements included unless IGNORE NULLS, NULL over no values (Flink's
 * {@code ArrayAggFunction}).
 *
 * <p>Without retraction the accumulator is {@code [the list]}. With retraction it is
 * {@code [next sequence number]} plus a view {@code sequence number → (value)}; a retraction
 * removes the earliest equal value, as Flink's list view does, and is ignored when there is none.
 */
final class ArrayAggFunction implements AggregateFunction {
    private final int arg;
    private final DataType elementType;
    private final boolean ignoreNulls;
    private final boolean withRetraction;

    ArrayAggFunction(AggregateCall call, boolean ignoreNulls, boolean withRetraction) {
        this.arg = call.arg(0);
        this.elementType = call.argTypes().get(0).withNullable(true);
        this.ignoreNulls = ignoreNulls;
        this.withRetraction = withRetraction;
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(withRetraction ? DataType.of(TypeRoot.BIGINT) : DataType.array(elementType));
    }

    @Override
    public List<ViewSpec> views() {
        return withRetraction ? List.of(ViewSpec.of("values", Serializers.LONG, Serializers.row(List.of(elementType))))
                : List.of();
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, withRetraction ? 0L : new ArrayList<>());
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        Object value = input.getField(arg);
        if (value == null && ignoreNulls) {
            return;
        }
        add(acc, value);
    }

    @SuppressWarnings("unchecked")
    private void add(Accumulator acc, Object value) {
        if (withRetraction) {
            long seq = (Long) acc.get(0);
            acc.set(0, seq + 1);
            acc.view(0).put(seq, Row.of(value));
        } else {
            List<Object> list = new ArrayList<>((List<Object>) acc.get(0));
            list.add(value);
            acc.set(0, list);
        }
    }

    @Override
    public boolean supportsRetraction() {
        return withRetraction;
    }

    @Override
    public void retract(Accumulator acc, Row input) {
        if (!withRetraction) {
            throw new UnsupportedOperationException("ARRAY_AGG was created without retraction");
        }
        Object value = input.getField(arg);
        if (value == null && ignoreNulls) {
            return;
        }
        for (Map.Entry<Object, Object> e : RetractableFunction.bySequence(acc.view(0))) {
            if (CollectionValues.equal(((Row) e.getValue()).getField(0), value)) {
                acc.view(0).remove(e.getKey());
                return;
            }
        }
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        for (Object value : values(other)) {
            add(acc, value);
        }
    }

    @Override
    public Object getValue(Accumulator acc) {
        List<Object> values = values(acc);
        return values.isEmpty() ? null : values;
    }

    /** The accumulated values in order, in a new list. */
    @SuppressWarnings("unchecked")
    private List<Object> values(Accumulator acc) {
        if (!withRetraction) {
            return new ArrayList<>((List<Object>) acc.get(0));
        }
        List<Object> values = new ArrayList<>();
        for (Map.Entry<Object, Object> e : RetractableFunction.bySequence(acc.view(0))) {
            values.add(((Row) e.getValue()).getField(0));
        }
        return values;
    }
}
