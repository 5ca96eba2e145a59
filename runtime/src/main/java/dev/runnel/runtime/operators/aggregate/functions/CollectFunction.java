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
 * {@code COLLECT(x)}: the non-NULL values as a MULTISET, empty over none (Flink's
 * {@code CollectAggFunction}), values in the order they first came. Without retraction the
 * accumulator is {@code [the values]}. With retraction it is {@code [next sequence number]} plus a
 * view {@code value → (count, first sequence number, value)}; the result holds each value as often
 * as it was accumulated and not retracted.
 */
final class CollectFunction extends RetractableFunction {
    private final DataType elementType;

    CollectFunction(AggregateCall call, boolean withRetraction) {
        super(call, withRetraction);
        this.elementType = call.argTypes().get(0).withNullable(true);
    }

    @Override
    public List<DataType> accumulatorTypes() {
        // The values in order (an ARRAY keeps it), or the next sequence number of the view.
        return List.of(withRetraction ? DataType.of(TypeRoot.BIGINT) : DataType.array(elementType));
    }

    @Override
    public List<ViewSpec> views() {
        DataType bigint = DataType.of(TypeRoot.BIGINT);
        return withRetraction ? List.of(ViewSpec.of("counts", Serializers.row(List.of(elementType)),
                Serializers.row(List.of(bigint, bigint, elementType)))) : List.of();
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, withRetraction ? 0L : new ArrayList<>());
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        Object value = input.getField(arg);
        if (value != null) {
            add(acc, value, 1);
        }
    }

    @SuppressWarnings("unchecked")
    private void add(Accumulator acc, Object value, long n) {
        if (!withRetraction) {
            List<Object> values = new ArrayList<>((List<Object>) acc.get(0));
            for (long i = 0; i < n; i++) {
                values.add(value);
            }
            acc.set(0, values);
            return;
        }
        // Keyed by the normalized value, so that 1.0 and 1.00 are one value in any view.
        Row key = Row.of(Numbers.normalizeKey(value));
        Row entry = (Row) acc.view(0).get(key);
        if (entry == null) {
            long seq = (Long) acc.get(0);
            acc.set(0, seq + 1);
            entry = Row.of(0L, seq, value);
        }
        long count = (Long) entry.getField(0) + n;
        if (count == 0) {
            acc.view(0).remove(key);
        } else {
            acc.view(0).put(key, Row.of(count, entry.getField(1), entry.getField(2)));
        }
    }

    @Override
    void retractValue(Accumulator acc, Object value) {
        add(acc, value, -1);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void merge(Accumulator acc, Accumulator other) {
        if (!withRetraction) {
            for (Object value : (List<Object>) other.get(0)) {
                add(acc, value, 1);
            }
            return;
        }
        for (Map.Entry<Object, Object> e : byFirstArrival(other)) {
            Row entry = (Row) e.getValue();
            add(acc, entry.getField(2), (Long) entry.getField(0));
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object getValue(Accumulator acc) {
        if (!withRetraction) {
            return new ArrayList<>((List<Object>) acc.get(0));
        }
        List<Object> multiset = new ArrayList<>();
        for (Map.Entry<Object, Object> e : byFirstArrival(acc)) {
            Row entry = (Row) e.getValue();
            for (long i = 0; i < (Long) entry.getField(0); i++) {
                multiset.add(entry.getField(2));
            }
        }
        return multiset;
    }

    private static List<Map.Entry<Object, Object>> byFirstArrival(Accumulator acc) {
        List<Map.Entry<Object, Object>> entries = new ArrayList<>();
        acc.view(0).entries().forEach(entries::add);
        entries.sort(Comparator.comparing(e -> (Long) ((Row) e.getValue()).getField(1)));
        return entries;
    }
}
