package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * {@code AVG(x)}: the mean of the non-null values in the result type (as Flink: an integer
 * argument gives an integer average, truncated; DECIMAL divides to the result's scale, rounding
 * half up), NULL over no values. The sum is a BIGINT for integer arguments, a DOUBLE for
 * FLOAT/DOUBLE, a DECIMAL(38, s) for DECIMAL(p, s).
 */
final class AvgFunction extends SumCountFunction {
    private final DataType resultType;

    AvgFunction(AggregateCall call) {
        super(call, sumType(call.argTypes().get(0)));
        this.resultType = call.resultType();
    }

    private static DataType sumType(DataType argType) {
        return switch (argType.root()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> DataType.of(TypeRoot.BIGINT);
            case FLOAT, DOUBLE -> DataType.of(TypeRoot.DOUBLE);
            case DECIMAL -> DataType.decimal(38, argType.scale());
            default -> throw new IllegalArgumentException("AVG of " + argType + " is not supported");
        };
    }

    @Override
    public Object getValue(Accumulator acc) {
        long count = count(acc);
        if (count == 0) {
            return null;
        }
        Object sum = sum(acc);
        if (sum instanceof Long l) {
            return Numbers.cast(l / count, resultType);
        }
        if (sum instanceof Double d) {
            return Numbers.cast(d / count, resultType);
        }
        int scale = resultType.root() == TypeRoot.DECIMAL ? resultType.scale() : 18;
        return Numbers.cast(((BigDecimal) sum).divide(BigDecimal.valueOf(count), scale, RoundingMode.HALF_UP),
                resultType);
    }
}
