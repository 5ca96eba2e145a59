package dev.runnel.planner.plan.window;

import dev.runnel.planner.plan.physical.WindowJoinSpec;
import java.util.Optional;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;

/**
 * How window columns pass through a window join ({@link WindowJoinSpec}), as Flink's window
 * properties do: the output's {@code window_start}, {@code window_end} and {@code window_time} of an
 * input that is never padded with nulls stay window columns, so a window aggregate, Top-N or join
 * can follow the window join; those of a side an outer join pads are plain (nullable) timestamps.
 */
public final class WindowJoins {
    private WindowJoins() {
    }

    /** A field of one input of a join: {@code input} 0 is the left, 1 the right. */
    public record InputField(int input, int field) {
    }

    /**
     * The input field that field {@code field} of {@code join} forwards, when {@code join} is a
     * window join and that input is never padded with nulls; empty otherwise.
     */
    public static Optional<InputField> preservedInputField(Join join, int field) {
        InputField input = inputField(join, field);
        JoinRelType type = join.getJoinType();
        boolean padded = input.input() == 0 ? type.generatesNullsOnLeft() : type.generatesNullsOnRight();
        return padded || !isWindowJoin(join) ? Optional.empty() : Optional.of(input);
    }

    /** The input field that field {@code field} of {@code join} forwards, when {@code join} is a window join. */
    public static Optional<InputField> anyInputField(Join join, int field) {
        return isWindowJoin(join) ? Optional.of(inputField(join, field)) : Optional.empty();
    }

    /** Whether the left input of {@code join} is never padded, so its window columns stand for both sides'. */
    public static boolean leftPreserved(Join join) {
        return !join.getJoinType().generatesNullsOnLeft();
    }

    private static InputField inputField(Join join, int field) {
        int leftCount = join.getLeft().getRowType().getFieldCount();
        return field < leftCount ? new InputField(0, field) : new InputField(1, field - leftCount);
    }

    private static boolean isWindowJoin(Join join) {
        JoinRelType type = join.getJoinType();
        return (type == JoinRelType.INNER || type == JoinRelType.LEFT || type == JoinRelType.RIGHT
                || type == JoinRelType.FULL) && WindowJoinSpec.of(join).isPresent();
    }
}
