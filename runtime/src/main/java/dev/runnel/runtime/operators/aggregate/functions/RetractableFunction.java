package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A function of one argument that keeps its values in a map view when created with
 * retraction (MIN/MAX, FIRST_VALUE/LAST_VALUE, LISTAGG, COLLECT) and cannot retract without it. NULL
 * arguments are neither accumulated nor retracted.
 */
abstract class RetractableFunction implements AggregateFunction {
    final int arg;
    final boolean withRetraction;

    RetractableFunction(AggregateCall call, boolean withRetraction) {
        this.arg = call.arg(0);
        this.withRetraction = withRetraction;
    }

    @Override
    public final boolean supportsRetraction() {
        return withRetraction;
    }

    @Override
    public final void retract(Accumulator acc, Row input) {
        if (!withRetraction) {
            throw new UnsupportedOperationException(getClass().getSimpleName() + " was created without retraction");
        }
        Object value = input.getField(arg);
        if (value != null) {
            retractValue(acc, value);
        }
    }

    /** Takes back one row with the non-null {@code value}. */
    abstract void retractValue(Accumulator acc, Object value);

    /** In a view {@code sequence number → value}: the latest sequence number holding {@code value}, or null. */
    static Long latestSequenceOf(MapView<Object, Object> view, Object value) {
        Long found = null;
        for (Map.Entry<Object, Object> e : view.entries()) {
            if (Numbers.compare(e.getValue(), value) == 0 && (found == null || (Long) e.getKey() > found)) {
                found = (Long) e.getKey();
            }
        }
        return found;
    }

    /** The entries of a view {@code sequence number → value}, in sequence order. */
    static List<Map.Entry<Object, Object>> bySequence(MapView<Object, Object> view) {
        List<Map.Entry<Object, Object>> entries = new ArrayList<>();
        view.entries().forEach(entries::add);
        entries.sort(Comparator.comparing(e -> (Long) e.getKey()));
        return entries;
    }
}
