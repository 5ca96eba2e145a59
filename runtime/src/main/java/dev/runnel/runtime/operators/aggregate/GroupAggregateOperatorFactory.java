package dev.runnel.runtime.operators.aggregate;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * A group aggregation ({@code GROUP BY} without windows): see {@link GroupAggregateOperator}.
 *
 * @param name       readable name, such as {@code GroupAggregate(groupBy=[a], select=[a, COUNT(*) AS c])}
 * @param groupKeys  the input fields of the group key (empty for a global aggregate); the
 *                   output row is these fields followed by one field per aggregate call
 * @param keyTypes   the types of those fields
 * @param aggregates the aggregate calls; created with retraction when the input may retract
 * @param miniBatch  mini-batch buffering, or {@code null} to update state per row
 */
public record GroupAggregateOperatorFactory(String name, int[] groupKeys, List<DataType> keyTypes,
                                            AggregatesHandle aggregates, MiniBatchSettings miniBatch)
        implements OperatorFactory {
    public GroupAggregateOperatorFactory {
        Objects.requireNonNull(name, "name");
        groupKeys = groupKeys.clone();
        keyTypes = List.copyOf(keyTypes);
        Objects.requireNonNull(aggregates, "aggregates");
        if (groupKeys.length != keyTypes.size()) {
            throw new IllegalArgumentException(name + ": " + groupKeys.length + " keys but " + keyTypes.size() + " key types");
        }
    }

    @Override
    public int[] groupKeys() {
        return groupKeys.clone();
    }

    /** The name and the types of the fields its state holds, so that a changed type is a changed query. */
    @Override
    public String stateSignature() {
        return name + ", keyTypes=" + keyTypes + aggregates.stateLayout();
    }

    @Override
    public Operator create() {
        return new GroupAggregateOperator(this, false);
    }
}
