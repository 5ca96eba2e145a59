package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * {@code AVG(x)}: the mean of the non-null values in the result type (as Flink: an integer
 * argument gives an integer average, truncated; DECIMAL divides to the result's scale, rounding
 * half up), NULL over no values. The accumulator is {@code [sum, count]}, the sum a BIGINT for
 * integer arguments, a DOUBLE for FLOAT/DOUBLE, a DECIMAL(38, s) for DECIMAL(p, s).
 */
final class AvgFunction implements AggregateFunction {
    private final int arg;
    private final DataType sumType;
    private final DataType resultType;

    AvgFunction(AggregateCall call) {
        this.arg = call.arg(0);
        this.resultType = call.resultType();
        DataType argType = call.argTypes().get(0);
        this.sumType = switch (argType.root()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> DataType.of(TypeRoot.BIGINT);
            case FLOAT, DOUBLE -> DataType.of(TypeRoot.DOUBLE);
            case DECIMAL -> DataType.decimal(38, argType.scale());
            default -> throw new IllegalArgumentException("AVG of " + argType + " is not supported");
        };
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(sumType, DataType.of(TypeRoot.BIGINT));
    }

    @Override
    public void init(Accumulator acc) {
        acc.set(0, Numbers.zero(sumType));
        acc.set(1, 0L);
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v != null) {
            acc.set(0, Numbers.add(acc.get(0), v, sumType));
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
            acc.set(0, Numbers.subtract(acc.get(0), v, sumType));
            acc.set(1, (Long) acc.get(1) - 1);
        }
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        acc.set(0, Numbers.add(acc.get(0), other.get(0), sumType));
        acc.set(1, (Long) acc.get(1) + (Long) other.get(1));
    }

    @Override
    public Object getValue(Accumulator acc) {
        long count = (Long) acc.get(1);
        if (count == 0) {
            return null;
        }
        Object sum = acc.get(0);
        return switch (sumType.root()) {
            case BIGINT -> Numbers.cast((Long) sum / count, resultType);
            case DOUBLE -> Numbers.cast((Double) sum / count, resultType);
            default -> {
                BigDecimal avg = ((BigDecimal) sum).divide(BigDecimal.valueOf(count),
                        resultType.root() == TypeRoot.DECIMAL ? resultType.scale() : 18, RoundingMode.HALF_UP);
                yield Numbers.cast(avg, resultType);
            }
        };
    }
}
