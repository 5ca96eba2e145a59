package dev.runnel.planner.plan.physical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * A join condition split into equi-join key pairs and a residual condition.
 *
 * <p>A key pair is used to partition both inputs only when both fields have the same runtime
 * representation, because rows are routed by the hash of their key values (an INT 1 and a
 * DECIMAL 1 would not meet); any other equality stays in the residual condition.
 *
 * @param leftKeys and {@code rightKeys}: field positions in the left and in the right input
 * @param nullSafe per pair, whether it is {@code IS NOT DISTINCT FROM} rather than {@code =}
 * @param residual what remains of the condition, over {@code left ++ right}; {@code null} if nothing
 */
public record JoinKeys(int[] leftKeys, int[] rightKeys, boolean[] nullSafe, RexNode residual) {

    public static JoinKeys of(RelNode left, RelNode right, RexNode condition) {
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        List<Boolean> filterNulls = new ArrayList<>();
        List<RexNode> residual = new ArrayList<>();
        RelOptUtil.splitJoinCondition(left, right, condition, leftKeys, rightKeys, filterNulls, residual);
        RexBuilder rex = left.getCluster().getRexBuilder();
        int leftCount = left.getRowType().getFieldCount();
        List<int[]> pairs = new ArrayList<>();
        List<Boolean> safe = new ArrayList<>();
        for (int i = 0; i < leftKeys.size(); i++) {
            RelDataType l = left.getRowType().getFieldList().get(leftKeys.get(i)).getType();
            RelDataType r = right.getRowType().getFieldList().get(rightKeys.get(i)).getType();
            if (sameRepresentation(l, r)) {
                pairs.add(new int[] {leftKeys.get(i), rightKeys.get(i)});
                safe.add(!filterNulls.get(i));
            } else {
                residual.add(rex.makeCall(filterNulls.get(i) ? SqlStdOperatorTable.EQUALS
                                : SqlStdOperatorTable.IS_NOT_DISTINCT_FROM,
                        rex.makeInputRef(l, leftKeys.get(i)), rex.makeInputRef(r, leftCount + rightKeys.get(i))));
            }
        }
        boolean[] nullSafe = new boolean[pairs.size()];
        for (int i = 0; i < nullSafe.length; i++) {
            nullSafe[i] = safe.get(i);
        }
        RexNode rest = residual.isEmpty() ? null : RexUtil.composeConjunction(rex, residual);
        return new JoinKeys(pairs.stream().mapToInt(p -> p[0]).toArray(), pairs.stream().mapToInt(p -> p[1]).toArray(),
                nullSafe, rest);
    }

    static boolean sameRepresentation(RelDataType a, RelDataType b) {
        if (SqlTypeUtil.inCharFamily(a) && SqlTypeUtil.inCharFamily(b)) {
            return true;
        }
        return a.getSqlTypeName() == b.getSqlTypeName();
    }

    public boolean hasKeys() {
        return leftKeys.length > 0;
    }
}
