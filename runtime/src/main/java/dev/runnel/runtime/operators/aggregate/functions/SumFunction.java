package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

import java.util.List;

/**
 * {@code SUM(x)} and {@code $SUM0(x)}: the sum of the non-null values, computed in the result
 * type. Over no (non-null) values SUM is NULL and SUM0 is 0. The accumulator is
 * {@code [sum, count of non-null values]}; the count tells SUM when every value was retracted.
 */
final class SumFunction implements AggregateFunction {
    private final int arg;
    private final DataType type;
    private final boolean zeroWhenEmpty;

    SumFunction(AggregateCall call, boolean zeroWhenEmpty) {
        this.arg = call.arg(0);
        this.type = call.resultType().withNullable(true);
        this.zeroWhenEmpty = zeroWhenEmpty;
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(type, DataType.of(TypeRoot.BIGINT));
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, Numbers.zero(type));
        acc.set(1, 0L);
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v != null) {
            acc.set(0, Numbers.add(acc.get(0), v, type));
            acc.set(1, (Long) acc.get(1) + 1);
        }
    }

    @Override
    public boolean supportsRetraction() {
        return true;
    }

    @Override
    public void retract(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v != null) {
            acc.set(0, Numbers.subtract(acc.get(0), v, type));
            acc.set(1, (Long) acc.get(1) - 1);
        }
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        acc.set(0, Numbers.add(acc.get(0), other.get(0), type));
        acc.set(1, (Long) acc.get(1) + (Long) other.get(1));
    }

    @Override
    public Object getValue(Accumulator acc) {
        if ((Long) acc.get(1) == 0 && !zeroWhenEmpty) {
            return null;
        }
        return acc.get(0);
    }
}
