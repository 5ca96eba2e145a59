package dev.runnel.planner.plan.logical;

import dev.runnel.planner.session.SqlExecutionException;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Window;

/**
 * Refuses, after the logical rules ran, the OVER windows that no rule turned into an operator
 * (a ranking function without a constant rank bound, an OVER aggregation of a kind the runtime
 * cannot run), naming the function, before the physical planner would fail without a reason.
 */
public final class OverWindows {
    private OverWindows() {
    }

    /** @throws SqlExecutionException for the first OVER window left in {@code rel} */
    public static void checkPlanned(RelNode rel) {
        if (rel instanceof Window window) {
            for (Window.Group group : window.groups) {
                for (Window.RexWinAggCall call : group.aggCalls) {
                    String function = call.getOperator().getName();
                    switch (call.getOperator().getKind()) {
                        case ROW_NUMBER, RANK, DENSE_RANK -> throw new SqlExecutionException(function
                                + "() OVER (…) is supported only as a Top-N: filter its result by a constant upper bound in the"
                                + " enclosing query, as in WHERE rn <= 10");
                        // Not named: Calcite rewrote SUM(x) OVER w into CASE(COUNT(x) OVER w > 0, …), say.
                        default -> throw new SqlExecutionException("An OVER aggregation is not supported yet");
                    }
                }
            }
        }
        for (RelNode input : rel.getInputs()) {
            checkPlanned(input);
        }
    }
}
