package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;

/**
 * The sum of squared distances from the mean of the non-null values ({@code M2}), by Welford's
 * online algorithm, as Flink's internal {@code WELFORD_M2}: the planner rewrites
 * {@code STDDEV_POP}, {@code STDDEV_SAMP}, {@code VAR_POP} and {@code VAR_SAMP} into it and a
 * COUNT (for example {@code VAR_SAMP(x) = M2(x) / (COUNT(x) - 1)}), as Flink does. DOUBLE, NULL
 * over no values (and, as in Flink, when retractions took the count to zero or below).
 *
 * <p>Accumulator {@code [n, mean, m2]}. Retraction reverses a step; a count at or below zero
 * keeps counting (so that it stays in step with the COUNT beside it) without touching mean and m2.
 */
final class WelfordM2Function implements AggregateFunction {
    private static final DataType DOUBLE = DataType.of(TypeRoot.DOUBLE);
    private final int arg;

    WelfordM2Function(AggregateCall call) {
        this.arg = call.arg(0);
    }

    @Override
    public List<DataType> accumulatorTypes() {
        return List.of(DataType.of(TypeRoot.BIGINT), DOUBLE, DOUBLE);
    }

    @Override
    public void init(Accumulator acc) {
        set(acc, 0, 0.0, 0.0);
    }

    @Override
    public void accumulate(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v == null) {
            return;
        }
        long n = n(acc) + 1;
        acc.set(0, n);
        if (n <= 0) {
            return;
        }
        double x = ((Number) v).doubleValue();
        double mean = (Double) acc.get(1);
        double delta = x - mean;
        mean += delta / n;
        set(acc, n, mean, (Double) acc.get(2) + delta * (x - mean));
    }

    @Override
    public boolean supportsRetraction() {
        return true;
    }

    @Override
    public void retract(Accumulator acc, Row input) {
        Object v = input.getField(arg);
        if (v == null) {
            return;
        }
        long n = n(acc) - 1;
        acc.set(0, n);
        if (n <= 0) {
            if (n == 0) {
                set(acc, 0, 0.0, 0.0);
            }
            return;
        }
        double x = ((Number) v).doubleValue();
        double delta2 = x - (Double) acc.get(1);
        double mean = (Double) acc.get(1) - delta2 / n;
        set(acc, n, mean, (Double) acc.get(2) - (x - mean) * delta2);
    }

    @Override
    public void merge(Accumulator acc, Accumulator other) {
        long otherN = n(other);
        long n = n(acc);
        if (otherN <= 0) {
            acc.set(0, n + otherN);
        } else if (n <= 0) {
            set(acc, n + otherN, (Double) other.get(1), (Double) other.get(2));
        } else {
            long total = n + otherN;
            double deltaMean = (Double) other.get(1) - (Double) acc.get(1);
            double mean = (Double) acc.get(1) + (double) otherN / total * deltaMean;
            double m2 = (Double) acc.get(2) + (Double) other.get(2) + (double) n * otherN / total * deltaMean * deltaMean;
            set(acc, total, mean, m2);
        }
        if (n(acc) <= 0) {
            set(acc, n(acc), 0.0, 0.0);
        }
    }

    @Override
    public Object getValue(Accumulator acc) {
        double m2 = (Double) acc.get(2);
        return n(acc) <= 0 || m2 < 0 ? null : m2;
    }

    private static long n(Accumulator acc) {
        return (Long) acc.get(0);
    }

    private static void set(Accumulator acc, long n, double mean, double m2) {
        acc.set(0, n);
        acc.set(1, mean);
        acc.set(2, m2);
    }
}
