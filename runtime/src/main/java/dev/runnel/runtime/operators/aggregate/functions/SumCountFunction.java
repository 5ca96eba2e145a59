package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

import java.util.List;

/**
 * The accumulator {@code [sum, count of non-null values]} that SUM, $SUM0 and AVG share: the sum
 * in {@code sumType}, the count so that the result knows when no value is left.
 */
abstract class SumCountFunction implements AggregateFunction {
    private final int arg;
    private final DataType sumType;

    SumCountFunction(AggregateCall call, DataType sumType) {
        this.arg = call.arg(0);
        this.sumType = sumType.withNullable(true);
    }

    @Override
    public final List<DataType> accumulatorTypes() {
        return List.of(sumType, DataType.of(TypeRoot.BIGINT));
    }

    @Override
    public final void init(Accumulator acc) {
        acc.set(0, Numbers.zero(sumType));
        acc.set(1, 0L);
    }

    @Override
    public final void accumulate(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v != null) {
            acc.set(0, Numbers.add(acc.get(0), v, sumType));
            acc.set(1, count(acc) + 1);
        }
    }

    @Override
    public final boolean supportsRetraction() {
        return true;
    }

    @Override
    public final void retract(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v != null) {
            acc.set(0, Numbers.subtract(acc.get(0), v, sumType));
            acc.set(1, count(acc) - 1);
        }
    }

    @Override
    public final void merge(Accumulator acc, Accumulator other) {
        acc.set(0, Numbers.add(acc.get(0), other.get(0), sumType));
        acc.set(1, count(acc) + count(other));
    }

    static Object sum(Accumulator acc) {
        return acc.get(0);
    }

    static long count(Accumulator acc) {
        return (Long) acc.get(1);
    }
}
