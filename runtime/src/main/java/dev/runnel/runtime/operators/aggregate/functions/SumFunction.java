package dev.runnel.runtime.operators.aggregate.functions;

/**
 * {@code SUM(x)} and {@code $SUM0(x)}: the sum of the non-null values, computed in the result
 * type (integers wrap on overflow, as in Flink). Over no (non-null) values SUM is NULL and SUM0
 * is 0.
 */
final class SumFunction extends SumCountFunction {
    private final boolean zeroWhenEmpty;

    SumFunction(AggregateCall call, boolean zeroWhenEmpty) {
        super(call, call.resultType());
        this.zeroWhenEmpty = zeroWhenEmpty;
    }

    @Override
    public Object getValue(Accumulator acc) {
        return count(acc) == 0 && !zeroWhenEmpty ? null : sum(acc);
    }
}
