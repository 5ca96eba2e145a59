package dev.runnel.runtime.operators.calc;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.Objects;

/**
 * A filter and projection whose code the planner generated.
 *
 * @param name readable name, such as {@code Calc(select=[id, amount], where=[>(amount, 100)])}
 * @param calc the generated {@link CalcFunction}, compiled where the operator runs
 */
public record CalcOperatorFactory(String name, GeneratedClass<CalcFunction> calc) implements OperatorFactory {
    public CalcOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(calc, "calc");
    }

    @Override
    public Operator create() {
        return new CalcOperator(calc);
    }
}
