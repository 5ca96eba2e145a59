package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.Objects;

/**
 * A windowing table function used on its own ({@code SELECT * FROM TABLE(TUMBLE(...))}): each row
 * is emitted once per window it belongs to, with {@code window_start}, {@code window_end} and
 * {@code window_time} appended.
 *
 * @param timeField the index of the time attribute column in the input rows
 */
public record WindowTableFunctionOperatorFactory(String name, WindowAssigner assigner, int timeField,
                                                 WindowTime time) implements OperatorFactory {
    public WindowTableFunctionOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(assigner, "assigner");
        Objects.requireNonNull(time, "time");
    }

    @Override
    public Operator create() {
        return new WindowTableFunctionOperator(assigner, timeField, time);
    }
}
