package dev.runnel.planner.plan.physical;

import dev.runnel.runtime.data.RowKind;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The kinds of rows a physical operator emits: {@code [I]} for an append-only stream,
 * {@code [I,UB,UA,D]} for an operator that updates and retracts what it emitted before.
 * Shown by {@code EXPLAIN CHANGELOG_MODE} as Flink shows it.
 */
public record ChangelogMode(Set<RowKind> kinds) {
    /** Only inserts: what every source and stateless operator of an append-only plan emits. */
    public static final ChangelogMode INSERT_ONLY = new ChangelogMode(EnumSet.of(RowKind.INSERT));

    /** Every kind of change. */
    public static final ChangelogMode ALL = new ChangelogMode(EnumSet.allOf(RowKind.class));

    public ChangelogMode {
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("A changelog mode has at least one row kind");
        }
        kinds = Set.copyOf(kinds);
    }

    public boolean isInsertOnly() {
        return kinds.size() == 1 && kinds.contains(RowKind.INSERT);
    }

    /** The kinds of either mode: what a union of both streams carries. */
    public ChangelogMode union(ChangelogMode other) {
        EnumSet<RowKind> both = EnumSet.copyOf(kinds);
        both.addAll(other.kinds);
        return new ChangelogMode(both);
    }

    /** {@code [I,UB,UA,D]}, kinds in this order. */
    @Override
    public String toString() {
        return EnumSet.copyOf(kinds).stream().map(ChangelogMode::shortName).collect(Collectors.joining(",", "[", "]"));
    }

    private static String shortName(RowKind kind) {
        return switch (kind) {
            case INSERT -> "I";
            case UPDATE_BEFORE -> "UB";
            case UPDATE_AFTER -> "UA";
            case DELETE -> "D";
        };
    }
}
