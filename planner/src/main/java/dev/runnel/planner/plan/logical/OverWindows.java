package dev.runnel.planner.plan.logical;

import dev.runnel.planner.plan.physical.OverAggregatePhysicalRules;
import dev.runnel.planner.session.SqlExecutionException;
import java.util.List;
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
            String unsupported = OverAggregatePhysicalRules.unsupported(window);
            for (Window.Group group : unsupported == null ? List.<Window.Group>of() : window.groups) {
                for (Window.RexWinAggCall call : group.aggCalls) {
                    String function = call.getOperator().getName();
                    switch (call.getOperator().getKind()) {
                        case ROW_NUMBER, RANK, DENSE_RANK -> throw new SqlExecutionException(function
                                + "() OVER (…) is supported only as a Top-N: filter its result by a constant upper bound in the"
                                + " enclosing query, as in WHERE rn <= 10");
                        default -> throw new SqlExecutionException(unsupported);
                    }
                }
            }
        }
        for (RelNode input : rel.getInputs()) {
            checkPlanned(input);
        }
    }
}
