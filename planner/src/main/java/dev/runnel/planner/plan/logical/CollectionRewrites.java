package dev.runnel.planner.plan.logical;

import dev.runnel.planner.functions.CollectionOperatorTable;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Replaces Calcite's {@code ELEMENT} by {@link CollectionOperatorTable#ELEMENT} (Flink's error for
 * more than one element) before the optimizer could fold it with Calcite's.
 */
final class CollectionRewrites {
    private CollectionRewrites() {
    }

    static RelNode rewrite(RelNode rel) {
        RexBuilder rexBuilder = rel.getCluster().getRexBuilder();
        RexShuttle calls = new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                RexCall visited = (RexCall) super.visitCall(call);
                if (visited.getOperator() == SqlStdOperatorTable.ELEMENT) {
                    return rexBuilder.makeCall(visited.getType(), CollectionOperatorTable.ELEMENT, visited.getOperands());
                }
                return visited;
            }
        };
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                return super.visit(other).accept(calls);
            }
        });
    }
}
