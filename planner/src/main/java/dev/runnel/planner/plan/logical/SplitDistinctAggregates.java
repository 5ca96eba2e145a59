package dev.runnel.planner.plan.logical;

import dev.runnel.planner.functions.RunnelOperatorTable;
import dev.runnel.planner.plan.RelTrees;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Flink's split distinct aggregation ({@code table.optimizer.distinct-agg.split.enabled}): an
 * aggregate with {@code COUNT(DISTINCT x)} (or SUM(DISTINCT x)) becomes two. The partial one
 * groups by the group key and a bucket of {@code x} ({@code $HASH_BUCKET(x, bucket-num)}), so
 * that a hot group's distinct values spread over many keys and subtasks; the final one groups
 * by the key alone and adds up the partial results (COUNT → $SUM0, SUM → SUM, MIN/MAX stay).
 *
 * <p>Applies when all distinct calls read the same arguments and every call is one of COUNT,
 * SUM, $SUM0, MIN and MAX; other aggregates are left as they are.
 */
public final class SplitDistinctAggregates {
    private static final Set<SqlKind> SPLITTABLE = EnumSet.of(SqlKind.COUNT, SqlKind.SUM, SqlKind.SUM0, SqlKind.MIN,
            SqlKind.MAX);

    private SplitDistinctAggregates() {
    }

    /** {@code rel} with every splittable distinct aggregate split, bucketing by {@code buckets}. */
    public static RelNode rewrite(RelNode rel, int buckets) {
        return RelTrees.rewriteBottomUp(rel, node -> node instanceof LogicalAggregate aggregate && splittable(aggregate)
                ? split(aggregate, buckets) : node);
    }

    private static boolean splittable(LogicalAggregate aggregate) {
        if (aggregate.getGroupType() != LogicalAggregate.Group.SIMPLE) {
            return false;
        }
        List<Integer> distinctArgs = null;
        for (AggregateCall call : aggregate.getAggCallList()) {
            if (!SPLITTABLE.contains(call.getAggregation().getKind())) {
                return false;
            }
            if (call.isDistinct()) {
                if (call.getArgList().size() != 1 || distinctArgs != null && !distinctArgs.equals(call.getArgList())) {
                    return false;
                }
                distinctArgs = call.getArgList();
            }
        }
        return distinctArgs != null;
    }

    private static RelNode split(LogicalAggregate aggregate, int buckets) {
        RelNode input = aggregate.getInput();
        RexBuilder rex = aggregate.getCluster().getRexBuilder();
        int distinctArg = aggregate.getAggCallList().stream().filter(AggregateCall::isDistinct).findFirst()
                .orElseThrow().getArgList().get(0);
        List<RexNode> projects = new ArrayList<>(rex.identityProjects(input.getRowType()));
        List<String> names = new ArrayList<>(input.getRowType().getFieldNames());
        projects.add(rex.makeCall(RunnelOperatorTable.HASH_BUCKET, rex.makeInputRef(input, distinctArg),
                rex.makeExactLiteral(BigDecimal.valueOf(buckets))));
        names.add("$bucket");
        RelNode bucketed = LogicalProject.create(input, List.of(), projects, names, Set.of());

        int bucketField = input.getRowType().getFieldCount();
        ImmutableBitSet groupSet = aggregate.getGroupSet();
        LogicalAggregate partial = LogicalAggregate.create(bucketed, List.of(), groupSet.set(bucketField), null,
                aggregate.getAggCallList());

        int keys = groupSet.cardinality();
        List<AggregateCall> finalCalls = new ArrayList<>();
        for (int i = 0; i < aggregate.getAggCallList().size(); i++) {
            AggregateCall call = aggregate.getAggCallList().get(i);
            SqlAggFunction merge = switch (call.getAggregation().getKind()) {
                case COUNT, SUM0 -> SqlStdOperatorTable.SUM0;
                case SUM -> SqlStdOperatorTable.SUM;
                default -> call.getAggregation();
            };
            finalCalls.add(AggregateCall.create(merge, false, false, false, List.of(), List.of(keys + 1 + i), -1,
                    null, call.getCollation(), call.getType(), call.getName()));
        }
        return LogicalAggregate.create(partial, List.of(), ImmutableBitSet.range(keys), null, finalCalls);
    }
}
