package dev.runnel.runtime.operators.aggregate;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.Objects;

/**
 * The global phase of a two-phase group aggregation (Flink's {@code GlobalGroupAggregate}),
 * behind the shuffle: the group aggregation of {@code spec}, whose input rows are the partial
 * rows of a {@link LocalGroupAggregateOperatorFactory} (key fields, accumulators, change of the
 * row count) that it merges into each group's accumulators instead of accumulating input rows.
 * Its state and its changelog are those of the one-phase aggregation. Get one from
 * {@link LocalGroupAggregateOperatorFactory#global}.
 */
public record GlobalGroupAggregateOperatorFactory(GroupAggregateOperatorFactory spec) implements OperatorFactory {
    public GlobalGroupAggregateOperatorFactory {
        Objects.requireNonNull(spec, "spec");
    }

    @Override
    public String name() {
        return spec.name();
    }

    public int[] groupKeys() {
        return spec.groupKeys();
    }

    @Override
    public String stateSignature() {
        return spec.stateSignature();
    }

    @Override
    public Operator create() {
        return new GroupAggregateOperator(spec, true);
    }
}
