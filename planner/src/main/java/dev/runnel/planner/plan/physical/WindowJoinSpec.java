package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.WindowRankRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * The shape of a window join (Flink's {@code WindowJoin}): a join whose condition equates
 * {@code window_start} with {@code window_start} and {@code window_end} with {@code window_end}
 * of the two inputs, each tracing back to one window table function (through projections,
 * filters and window aggregates, {@link WindowRankRules#isWindowColumn}).
 *
 * @param keys the other equi-keys, which partition the operator, and the residual condition;
 *             the {@code window_start} equality is kept in the residual so windows of different
 *             sizes that end together do not meet
 * @param leftWindowStart and the other three: the window bounds' positions in each input
 */
public record WindowJoinSpec(JoinKeys keys, int leftWindowStart, int leftWindowEnd, int rightWindowStart,
                             int rightWindowEnd) {

    /** The window join spec of {@code join}, empty when it is not a window join. */
    public static Optional<WindowJoinSpec> of(Join join) {
        RelNode left = join.getLeft();
        RelNode right = join.getRight();
        JoinKeys all = JoinKeys.of(left, right, join.getCondition());
        int[] start = null;
        int[] end = null;
        List<Integer> rest = new ArrayList<>();
        for (int i = 0; i < all.leftKeys().length; i++) {
            int l = all.leftKeys()[i];
            int r = all.rightKeys()[i];
            if (start == null && !all.nullSafe()[i] && isWindowColumn(left, l, right, r, "window_start")) {
                start = new int[] {l, r};
            } else if (end == null && !all.nullSafe()[i] && isWindowColumn(left, l, right, r, "window_end")) {
                end = new int[] {l, r};
            } else {
                rest.add(i);
            }
        }
        if (start == null || end == null) {
            return Optional.empty();
        }
        RexBuilder rex = join.getCluster().getRexBuilder();
        int leftCount = left.getRowType().getFieldCount();
        List<RexNode> residual = new ArrayList<>();
        residual.add(rex.makeCall(SqlStdOperatorTable.EQUALS,
                rex.makeInputRef(left.getRowType().getFieldList().get(start[0]).getType(), start[0]),
                rex.makeInputRef(right.getRowType().getFieldList().get(start[1]).getType(), leftCount + start[1])));
        if (all.residual() != null) {
            residual.add(all.residual());
        }
        JoinKeys keys = new JoinKeys(rest.stream().mapToInt(i -> all.leftKeys()[i]).toArray(),
                rest.stream().mapToInt(i -> all.rightKeys()[i]).toArray(), nullSafe(all.nullSafe(), rest),
                RexUtil.composeConjunction(rex, residual));
        return Optional.of(new WindowJoinSpec(keys, start[0], end[0], start[1], end[1]));
    }

    private static boolean isWindowColumn(RelNode left, int l, RelNode right, int r, String column) {
        return WindowRankRules.isWindowColumn(left, l, column) && WindowRankRules.isWindowColumn(right, r, column);
    }

    private static boolean[] nullSafe(boolean[] all, List<Integer> kept) {
        boolean[] result = new boolean[kept.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = all[kept.get(i)];
        }
        return result;
    }
}
