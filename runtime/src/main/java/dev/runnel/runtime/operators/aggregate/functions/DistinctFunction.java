package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * DISTINCT around another function, as Flink's distinct views: a view
 * {@code argument values → number of rows with them} (view 0; the inner function's views follow)
 * lets a value reach the inner function only when it first appears and be retracted from it
 * only when its last row is retracted. The accumulator fields are the inner function's. Over
 * input without retractions the counts do not matter: a value is written to the view once, when
 * it first appears, so a value seen before costs one read of the view and no write.
 */
final class DistinctFunction implements AggregateFunction {
    private final AggregateFunction inner;
    private final int[] args;
    private final List<DataType> argTypes;
    private final int width;
    private final boolean withRetraction;

    DistinctFunction(AggregateCall call, AggregateFunction inner, boolean withRetraction) {
        this.inner = inner;
        this.withRetraction = withRetraction;
        this.args = call.args();
        this.argTypes = call.argTypes().stream().map(t -> t.withNullable(true)).toList();
        int max = 0;
        for (int a : args) {
            max = Math.max(max, a + 1);
        }
        this.width = max;
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return inner.accumulatorTypes();
    }

    @Override
    public List<ViewSpec> views() {
        List<ViewSpec> views = new ArrayList<>();
        views.add(ViewSpec.of("distinct", Serializers.row(argTypes), Serializers.LONG));
        for (ViewSpec v : inner.views()) {
            views.add(v.prefixed("inner_"));
        }
        return views;
    }

    @Override
    public void init(Accumulator acc) {
        inner.init(innerAcc(acc));
    }

    private static Accumulator innerAcc(Accumulator acc) {
        return new Accumulator() {
            @Override
            public Object get(int field) {
                return acc.get(field);
            }

            @Override
            public void set(int field, Object value) {
                acc.set(field, value);
            }

            @Override
            public MapView<Object, Object> view(int index) {
                return acc.view(index + 1);
            }
        };
    }

    private Row key(Row input) {
        return key(input, args);
    }

    private Row input(Row key) {
        return input(key, args, width);
    }

    /** The distinct view's key of {@code input}: its argument values {@code args}, normalized. */
    static Row key(Row input, int[] args) {
        Object[] values = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            values[i] = Numbers.normalizeKey(input.getField(args[i]));
        }
        return Row.of(values);
    }

    /** An input row of {@code width} holding {@code key}'s values at the argument positions, for a function. */
    static Row input(Row key, int[] args, int width) {
        Row row = new Row(width);
        for (int i = 0; i < args.length; i++) {
            row.setField(args[i], key.getField(i));
        }
        return row;
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        add(acc, key(input), 1L, input);
    }

    private void add(Accumulator acc, Row key, long n, Row input) {
        MapView<Object, Object> counts = acc.view(0);
        Long count = (Long) counts.get(key);
        if (count == null) {
            counts.put(key, n);
            inner.accumulate(innerAcc(acc), input);
        } else if (withRetraction) {
            counts.put(key, count + n);
        }
    }

    @Override
    public boolean supportsRetraction() {
        return inner.supportsRetraction();
    }

    @Override
    public void retract(Accumulator acc, Row input) {
        Row key = key(input);
        MapView<Object, Object> counts = acc.view(0);
        Long count = (Long) counts.get(key);
        if (count == null) {
            return;
        }
        if (count > 1) {
            counts.put(key, count - 1);
        } else {
            counts.remove(key);
            inner.retract(innerAcc(acc), input);
        }
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        for (Map.Entry<Object, Object> e : other.view(0).entries()) {
            Row key = (Row) e.getKey();
            add(acc, key, (Long) e.getValue(), input(key));
        }
    }

    @Override
    public Object getValue(Accumulator acc) {
        return inner.getValue(innerAcc(acc));
    }
}
