package dev.runnel.runtime.operators.calc;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.Objects;

/**
 * Emits each row as many times as its first field says ({@link ReplicateRowsOperator}).
 *
 * @param name readable name, such as {@code ReplicateRows(select=[$f0, a, a0])}
 */
public record ReplicateRowsOperatorFactory(String name) implements OperatorFactory {
    public ReplicateRowsOperatorFactory {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public Operator create() {
        return new ReplicateRowsOperator();
    }
}
