package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * Deduplication per key over an insert-only input: {@code ROW_NUMBER() OVER (PARTITION BY key
 * ORDER BY time attribute ASC|DESC) = 1}, as Flink's Deduplicate.
 *
 * @param name readable name, such as {@code Deduplicate(keep=[FirstRow], key=[id], order=[PROCTIME])}
 * @param keyFields the deduplication key fields (empty: one key)
 * @param inputTypes the input's field types, for state
 * @param keepLastRow keep the last row ({@code ORDER BY ts DESC}) instead of the first
 * @param rowtimeField the event-time field the rows are ordered by, or -1 for processing time
 *     (then arrival order is time order)
 */
public record DeduplicateOperatorFactory(String name, int[] keyFields, List<DataType> inputTypes, boolean keepLastRow,
                                         int rowtimeField) implements OperatorFactory {
    public DeduplicateOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keyFields, "keyFields");
        inputTypes = List.copyOf(inputTypes);
    }

    /** The name and the types of the fields its state holds, so that a changed type is a changed query. */
    @Override
    public String stateSignature() {
        return name + ", inputTypes=" + inputTypes;
    }

    @Override
    public Operator create() {
        return new DeduplicateOperator(this);
    }
}
