package dev.runnel.runtime.operators.join;

/**
 * The kinds of streaming joins: which sides keep their unmatched rows (padded with nulls), and
 * the semi and anti joins, which emit left rows only.
 */
public enum JoinType {
    INNER(false, false),
    LEFT(true, false),
    RIGHT(false, true),
    FULL(true, true),
    /** A left row is emitted while it matches at least one right row ({@code IN}, {@code EXISTS}). */
    SEMI(false, false),
    /** A left row is emitted while it matches no right row ({@code NOT IN}, {@code NOT EXISTS}). */
    ANTI(false, false);

    private final boolean leftOuter;
    private final boolean rightOuter;

    JoinType(boolean leftOuter, boolean rightOuter) {
        this.leftOuter = leftOuter;
        this.rightOuter = rightOuter;
    }

    /** Whether unmatched rows of input {@code input} (0 = left, 1 = right) are emitted null-padded. */
    public boolean isOuter(int input) {
        return input == 0 ? leftOuter : rightOuter;
    }

    /** Whether this is a semi or an anti join, whose output is the left row alone. */
    public boolean isSemiOrAnti() {
        return this == SEMI || this == ANTI;
    }
}
