package dev.runnel.planner.plan.logical;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

/**
 * Calcite's sub-query removal marks "the sub-query has a row here" with {@code LITERAL_AGG(TRUE)}
 * calls; each becomes its literal in a projection over the aggregate without it, which is the
 * plan Flink shows ({@code Calc(select=[c, true AS i])} over {@code GroupAggregate(groupBy=[c])}):
 * a group that exists has the literal.
 */
final class LiteralAggregates {
    private LiteralAggregates() {
    }

    static RelNode expand(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalAggregate aggregate) {
                LogicalAggregate visited = (LogicalAggregate) super.visit(aggregate);
                return hasLiteral(visited) ? expand(visited) : visited;
            }
        });
    }

    private static boolean hasLiteral(LogicalAggregate aggregate) {
        return aggregate.getAggCallList().stream().anyMatch(c -> c.getAggregation().getKind() == SqlKind.LITERAL_AGG);
    }

    private static RelNode expand(LogicalAggregate aggregate) {
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall call : aggregate.getAggCallList()) {
            if (call.getAggregation().getKind() != SqlKind.LITERAL_AGG) {
                calls.add(call);
            }
        }
        if (calls.isEmpty() && aggregate.getGroupSet().isEmpty()) {
            return aggregate; // no aggregate is left to stand for the group: keep it as Calcite made it
        }
        LogicalAggregate rest = aggregate.copy(aggregate.getTraitSet(), aggregate.getInput(), aggregate.getGroupSet(),
                aggregate.getGroupSets(), calls);
        RexBuilder rex = aggregate.getCluster().getRexBuilder();
        int groups = aggregate.getGroupCount();
        List<RexNode> projects = new ArrayList<>();
        for (int i = 0; i < groups; i++) {
            projects.add(rex.makeInputRef(rest, i));
        }
        int next = groups;
        for (AggregateCall call : aggregate.getAggCallList()) {
            projects.add(call.getAggregation().getKind() == SqlKind.LITERAL_AGG
                    ? rex.ensureType(call.getType(), call.rexList.get(0), true)
                    : rex.makeInputRef(rest, next++));
        }
        return LogicalProject.create(rest, List.of(), projects, aggregate.getRowType().getFieldNames(), Set.of());
    }
}
