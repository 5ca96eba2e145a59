package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.Objects;

/**
 * A windowing table function ({@code SELECT * FROM TABLE(TUMBLE(...))}): each row is emitted once
 * per window it belongs to, with {@code window_start}, {@code window_end} and {@code window_time}
 * appended. In front of a window aggregate over slices ({@code slices}), each row is emitted once,
 * with its slice ({@link SliceAssigner}) in those three fields instead.
 *
 * @param timeField the index of the time attribute column in the input rows
 * @param slices whether rows get their slice appended rather than each of their windows
 */
public record WindowTableFunctionOperatorFactory(String name, WindowAssigner assigner, int timeField,
                                                 WindowTime time, boolean slices) implements OperatorFactory {
    public WindowTableFunctionOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(assigner, "assigner");
        Objects.requireNonNull(time, "time");
        if (slices && assigner.isMerging()) {
            throw new IllegalArgumentException(name + ": session windows cannot be sliced");
        }
    }

    /** Each row once per window. */
    public WindowTableFunctionOperatorFactory(String name, WindowAssigner assigner, int timeField, WindowTime time) {
        this(name, assigner, timeField, time, false);
    }

    @Override
    public Operator create() {
        return new WindowTableFunctionOperator(assigner, timeField, time, slices ? new SliceAssigner(assigner) : null);
    }
}
