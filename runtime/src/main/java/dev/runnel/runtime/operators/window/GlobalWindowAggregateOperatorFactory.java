package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.Objects;

/**
 * The global phase of a two-phase window aggregation over slices (Flink's
 * {@code GlobalWindowAggregate}), behind the shuffle: the window aggregate of {@code spec}, whose
 * input rows are the partial rows of a {@link LocalWindowAggregateOperatorFactory} (key fields,
 * slice end, accumulators) that it merges into its slices instead of accumulating input rows.
 * Its state is that of the one-phase aggregate. Get one from
 * {@link LocalWindowAggregateOperatorFactory#global}.
 */
public record GlobalWindowAggregateOperatorFactory(WindowAggregateOperatorFactory spec) implements OperatorFactory {
    public GlobalWindowAggregateOperatorFactory {
        Objects.requireNonNull(spec, "spec");
        if (spec.slices() == null) {
            throw new IllegalArgumentException("Global window aggregate " + spec.name() + ": only sliced windows");
        }
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public String stateSignature() {
        return spec.stateSignature();
    }

    @Override
    public Operator create() {
        return new SlicingWindowAggregateOperator(spec, true);
    }
}
