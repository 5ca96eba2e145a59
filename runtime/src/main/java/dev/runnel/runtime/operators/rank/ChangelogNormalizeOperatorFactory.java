package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * Flink's ChangelogNormalize: turns the upserts and deletes by key of an upsert source (such as
 * {@code upsert-kafka}) into a full changelog, with the {@code -U} of the row each upsert
 * replaces and the whole row a delete removes.
 *
 * @param name readable name, such as {@code ChangelogNormalize(key=[id])}
 * @param keyFields the primary key's fields
 * @param inputTypes the input's field types, for state
 */
public record ChangelogNormalizeOperatorFactory(String name, int[] keyFields, List<DataType> inputTypes)
        implements OperatorFactory {
    public ChangelogNormalizeOperatorFactory {
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
        return new ChangelogNormalizeOperator(this);
    }
}
