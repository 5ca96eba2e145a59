package dev.runnel.planner.plan.logical;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.logical.LogicalIntersect;
import org.apache.calcite.rel.logical.LogicalMinus;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.Util;

/**
 * {@code INTERSECT} and {@code EXCEPT}, as Flink rewrites them (its
 * {@code ReplaceIntersectWithSemiJoinRule}, {@code ReplaceMinusWithAntiJoinRule},
 * {@code RewriteIntersectAllRule} and {@code RewriteMinusAllRule}):
 * <ul>
 *   <li>{@code INTERSECT}: a distinct aggregate over the semi join of the left input with the
 *       right on every column, {@code IS NOT DISTINCT FROM} (NULLs are equal in set operations);</li>
 *   <li>{@code EXCEPT}: the same over an anti join;</li>
 *   <li>{@code INTERSECT ALL}: the union of both inputs, each row marked with the side it comes
 *       from, counted per distinct row by side; rows that both sides have are emitted
 *       {@code min(left count, right count)} times ({@link ReplicateRowsLogicalRel}; Flink
 *       computes the minimum with {@code IF}, here it is the same {@code CASE});</li>
 *   <li>{@code EXCEPT ALL}: the union with a marker of +1 for left rows and -1 for right rows,
 *       summed per distinct row; rows with a positive sum are emitted that many times.</li>
 * </ul>
 * An input whose column types differ from the set operation's is cast to them first. Only
 * set operations of two inputs are rewritten (SqlToRel makes no others).
 */
@SuppressWarnings("deprecation") // RelOptRule's operand helpers: the rules are too small for Calcite's immutable configs
public final class SetOpRules {
    private SetOpRules() {
    }

    public static final RelOptRule INTERSECT = new SetOpRule(LogicalIntersect.class, false, "IntersectToSemiJoinRule");
    public static final RelOptRule EXCEPT = new SetOpRule(LogicalMinus.class, false, "ExceptToAntiJoinRule");
    public static final RelOptRule INTERSECT_ALL = new SetOpRule(LogicalIntersect.class, true, "RewriteIntersectAllRule");
    public static final RelOptRule EXCEPT_ALL = new SetOpRule(LogicalMinus.class, true, "RewriteExceptAllRule");

    private static final class SetOpRule extends RelOptRule {
        private final boolean all;

        SetOpRule(Class<? extends SetOp> type, boolean all, String description) {
            super(operand(type, any()), description);
            this.all = all;
        }

        @Override
        public boolean matches(RelOptRuleCall call) {
            SetOp setOp = call.rel(0);
            return setOp.all == all && setOp.getInputs().size() == 2;
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            SetOp setOp = call.rel(0);
            RelBuilder builder = call.builder();
            RelNode left = coerce(builder, setOp.getInput(0), setOp.getRowType());
            RelNode right = coerce(builder, setOp.getInput(1), setOp.getRowType());
            boolean intersect = setOp instanceof LogicalIntersect;
            if (!all) {
                distinct(builder, left, right, intersect ? JoinRelType.SEMI : JoinRelType.ANTI);
            } else if (intersect) {
                intersectAll(builder, left, right);
            } else {
                exceptAll(builder, left, right);
            }
            call.transformTo(builder.convert(setOp.getRowType(), true).build());
        }
    }

    private static void distinct(RelBuilder builder, RelNode left, RelNode right, JoinRelType type) {
        int fields = left.getRowType().getFieldCount();
        builder.push(left).push(right);
        List<RexNode> conditions = new ArrayList<>();
        for (int i = 0; i < fields; i++) {
            conditions.add(builder.isNotDistinctFrom(builder.field(2, 0, i), builder.field(2, 1, i)));
        }
        builder.join(type, conditions).distinct();
    }

    private static void intersectAll(RelBuilder builder, RelNode left, RelNode right) {
        int fields = left.getRowType().getFieldCount();
        RelDataType bool = builder.getTypeFactory().createTypeWithNullability(
                builder.getTypeFactory().createSqlType(SqlTypeName.BOOLEAN), true);
        RexNode nullBool = builder.getRexBuilder().makeNullLiteral(bool);
        builder.push(left).project(withMarkers(builder, fields, builder.literal(true), nullBool),
                names(left, "vcol_left_marker", "vcol_right_marker"));
        builder.push(right).project(withMarkers(builder, fields, nullBool, builder.literal(true)),
                names(right, "vcol_left_marker", "vcol_right_marker"));
        builder.union(true)
                .aggregate(builder.groupKey(builder.fields(Util.range(fields))),
                        builder.count(false, "vcol_left_cnt", builder.field("vcol_left_marker")),
                        builder.count(false, "vcol_right_cnt", builder.field("vcol_right_marker")))
                .filter(builder.greaterThanOrEqual(builder.field("vcol_left_cnt"), builder.literal(1)),
                        builder.greaterThanOrEqual(builder.field("vcol_right_cnt"), builder.literal(1)));
        RexNode leftCount = builder.field("vcol_left_cnt");
        RexNode rightCount = builder.field("vcol_right_cnt");
        List<RexNode> projects = new ArrayList<>();
        projects.add(builder.call(SqlStdOperatorTable.CASE, builder.greaterThan(leftCount, rightCount), rightCount,
                leftCount));
        projects.addAll(builder.fields(Util.range(fields)));
        builder.project(projects);
        replicate(builder, fields);
    }

    private static void exceptAll(RelBuilder builder, RelNode left, RelNode right) {
        int fields = left.getRowType().getFieldCount();
        RelDataType bigint = builder.getTypeFactory().createSqlType(SqlTypeName.BIGINT);
        builder.push(left).project(withMarkers(builder, fields, builder.getRexBuilder().makeExactLiteral(
                BigDecimal.ONE, bigint)), names(left, "vcol_marker"));
        builder.push(right).project(withMarkers(builder, fields, builder.getRexBuilder().makeExactLiteral(
                BigDecimal.ONE.negate(), bigint)), names(right, "vcol_marker"));
        builder.union(true)
                .aggregate(builder.groupKey(builder.fields(Util.range(fields))),
                        builder.sum(false, "sum_vcol_marker", builder.field("vcol_marker")))
                .filter(builder.greaterThan(builder.field("sum_vcol_marker"), builder.literal(0)));
        List<RexNode> projects = new ArrayList<>();
        projects.add(builder.field("sum_vcol_marker"));
        projects.addAll(builder.fields(Util.range(fields)));
        builder.project(projects);
        replicate(builder, fields);
    }

    /** Emits each row of the builder's top ({@code [count, fields…]}) count times, as its {@code fields}. */
    private static void replicate(RelBuilder builder, int fields) {
        RelNode counted = builder.build();
        builder.push(ReplicateRowsLogicalRel.create(counted));
        builder.project(builder.fields(Util.range(fields + 1, 2 * fields + 1)));
    }

    private static List<RexNode> withMarkers(RelBuilder builder, int fields, RexNode... markers) {
        List<RexNode> projects = new ArrayList<>(builder.fields(Util.range(fields)));
        projects.addAll(List.of(markers));
        return projects;
    }

    private static List<String> names(RelNode input, String... markers) {
        List<String> names = new ArrayList<>(input.getRowType().getFieldNames());
        names.addAll(List.of(markers));
        return names;
    }

    /** {@code input} with its columns cast to {@code type}'s where they differ other than in nullability. */
    private static RelNode coerce(RelBuilder builder, RelNode input, RelDataType type) {
        List<RelDataTypeField> fields = input.getRowType().getFieldList();
        boolean same = true;
        for (int i = 0; i < fields.size(); i++) {
            same &= SqlTypeUtil.equalSansNullability(builder.getTypeFactory(), fields.get(i).getType(),
                    type.getFieldList().get(i).getType());
        }
        if (same) {
            return input;
        }
        builder.push(input);
        List<RexNode> projects = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            RelDataType target = builder.getTypeFactory().createTypeWithNullability(
                    type.getFieldList().get(i).getType(), fields.get(i).getType().isNullable());
            projects.add(builder.getRexBuilder().ensureType(target, builder.field(i), true));
        }
        return builder.project(projects, input.getRowType().getFieldNames(), true).build();
    }
}
