package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;

/**
 * {@code SINGLE_VALUE(x)}: the value of the only row, NULL over none; a second row fails the job,
 * as Flink's {@code SingleValueAggFunction} does. Calcite puts it over a scalar sub-query that
 * might return more than one row ({@code WHERE x = (SELECT y FROM t)}). The accumulator is
 * {@code [value, count]}; a retraction leaves no value (the count may go below zero for a
 * retraction that arrives first, as in Flink).
 */
final class SingleValueFunction implements AggregateFunction {
    /** Flink's message, which the job's failure carries. */
    static final String MORE_THAN_ONE = "SingleValueAggFunction received more than one element.";

    private final int arg;
    private final DataType type;

    SingleValueFunction(AggregateCall call) {
        this.arg = call.arg(0);
        this.type = call.argTypes().get(0).withNullable(true);
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(type, DataType.of(TypeRoot.INTEGER));
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, null);
        acc.set(1, 0);
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        int count = (Integer) acc.get(1);
        if (count > 0) {
            throw new IllegalStateException(MORE_THAN_ONE);
        }
        acc.set(0, input.getField(arg));
        acc.set(1, count + 1);
    }

    @Override
    public boolean supportsRetraction() {
        return true;
    }

    @Override
    public void retract(Accumulator acc, Row input) {
        int count = (Integer) acc.get(1);
        if (count > 1) {
            throw new IllegalStateException(MORE_THAN_ONE);
        }
        acc.set(0, null);
        acc.set(1, count - 1);
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        int count = (Integer) acc.get(1);
        int otherCount = (Integer) other.get(1);
        if (count + otherCount > 1) {
            throw new IllegalStateException(MORE_THAN_ONE);
        }
        if (otherCount > 0 || count + otherCount == 0 && count == 0) {
            acc.set(0, other.get(0));
        }
        acc.set(1, count + otherCount);
    }

    @Override
    public Object getValue(Accumulator acc) {
        return acc.get(0);
    }
}
