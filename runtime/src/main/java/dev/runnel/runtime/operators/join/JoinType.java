package dev.runnel.runtime.operators.join;

/** The kinds of streaming joins: which sides keep their unmatched rows (padded with nulls). */
public enum JoinType {
    INNER(false, false),
    LEFT(true, false),
    RIGHT(false, true),
    FULL(true, true);

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
}
