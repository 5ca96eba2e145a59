package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * A Top-N per partition key ({@code ROW_NUMBER() OVER (PARTITION BY … ORDER BY …)} filtered to a
 * rank range), emitting a changelog as Flink's Top-N does.
 *
 * @param name readable name, such as {@code Rank(rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], …)}
 * @param keyFields the partition key fields of the input (empty: one partition)
 * @param inputTypes the input's field types, for state
 * @param retracting whether the input may retract rows (then every row is kept, not only the top ones)
 */
public record TopNOperatorFactory(String name, int[] keyFields, List<DataType> inputTypes, TopNBuffer ranking,
                                  boolean retracting) implements OperatorFactory {
    public TopNOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keyFields, "keyFields");
        inputTypes = List.copyOf(inputTypes);
        Objects.requireNonNull(ranking, "ranking");
    }

    /** The name and the types of the fields its state holds, so that a changed type is a changed query. */
    @Override
    public String stateSignature() {
        return name + ", inputTypes=" + inputTypes;
    }

    @Override
    public Operator create() {
        return new TopNOperator(this);
    }
}
