package dev.runnel.planner.plan.logical;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Snapshot;

/** Recognizes the correlates that Calcite makes of {@code JOIN t FOR SYSTEM_TIME AS OF l.ts}. */
public final class TemporalJoins {
    private TemporalJoins() {
    }

    /** Whether {@code correlate}'s right side reads a table {@code FOR SYSTEM_TIME AS OF} a left field. */
    public static boolean isTemporalJoin(Correlate correlate) {
        return containsSnapshot(correlate.getRight());
    }

    private static boolean containsSnapshot(RelNode rel) {
        return rel instanceof Snapshot || rel.getInputs().stream().anyMatch(TemporalJoins::containsSnapshot);
    }
}
