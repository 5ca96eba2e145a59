package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

import java.util.List;

/** {@code COUNT(*)} and {@code COUNT(x, …)}: rows (where all arguments are non-null); BIGINT, 0 over no rows. */
final class CountFunction implements AggregateFunction {
    private final int[] args;

    CountFunction(AggregateCall call) {
        this.args = call.args();
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(DataType.of(TypeRoot.BIGINT));
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, 0L);
    }

    private boolean counts(Row input) {
        for (int arg : args) {
            if (input.getField(arg) == null) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        if (counts(input)) {
            acc.set(0, (Long) acc.get(0) + 1);
        }
    }

    @Override
    public boolean supportsRetraction() {
        return true;
    }

    @Override
    public void retract(Accumulator acc, Row input) {
        if (counts(input)) {
            acc.set(0, (Long) acc.get(0) - 1);
        }
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        acc.set(0, (Long) acc.get(0) + (Long) other.get(0));
    }

    @Override
    public Object getValue(Accumulator acc) {
        return acc.get(0);
    }
}
