package dev.runnel.planner.plan.logical;

import dev.runnel.planner.functions.FlinkAggregateFunctions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Rewrites {@code STDDEV_POP}, {@code STDDEV_SAMP}, {@code VAR_POP} and {@code VAR_SAMP} (and
 * their aliases {@code STDDEV}, {@code VARIANCE}) of a group or window aggregate as Flink does,
 * with Welford's sum of squared deviations {@code M2} and a COUNT, computed in DOUBLE and cast to
 * the function's type (an INT argument gives an INT, truncated):
 *
 * <pre>
 * VAR_POP(x)     = CAST(M2(x) / COUNT(x) AS t)
 * VAR_SAMP(x)    = CAST(M2(x) / CASE WHEN COUNT(x) = 1 THEN NULL ELSE COUNT(x) - 1 END AS t)
 * STDDEV_POP(x)  = CAST(POWER(M2(x) / COUNT(x), 0.5) AS t)
 * STDDEV_SAMP(x) = CAST(POWER(M2(x) / CASE … END, 0.5) AS t)
 * </pre>
 *
 * Both parts retract, so the functions work over updating input. DISTINCT and FILTER carry over
 * to both calls; equal calls are shared. (In OVER windows Calcite's SqlToRel already expands them.)
 */
@SuppressWarnings("deprecation") // RelOptRule's operand helpers: the rule is too small for Calcite's immutable configs
public final class VarianceReductions {
    private static final Set<SqlKind> REDUCED = EnumSet.of(SqlKind.STDDEV_POP, SqlKind.STDDEV_SAMP, SqlKind.VAR_POP,
            SqlKind.VAR_SAMP);

    private VarianceReductions() {
    }

    public static final RelOptRule RULE = new ReduceVarianceRule();

    /** Whether {@code call} is one of the functions this rewrite replaces. */
    public static boolean reduces(AggregateCall call) {
        return REDUCED.contains(call.getAggregation().getKind());
    }

    private static final class ReduceVarianceRule extends RelOptRule {
        ReduceVarianceRule() {
            super(operand(LogicalAggregate.class, any()), "ReduceVarianceRule");
        }

        @Override
        public boolean matches(RelOptRuleCall call) {
            return ((Aggregate) call.rel(0)).getAggCallList().stream().anyMatch(VarianceReductions::reduces);
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            Aggregate aggregate = call.rel(0);
            RexBuilder rex = aggregate.getCluster().getRexBuilder();
            int groupCount = aggregate.getGroupCount();
            List<AggregateCall> calls = new ArrayList<>();
            Map<AggregateCall, RexNode> shared = new HashMap<>();
            List<RexNode> projects = new ArrayList<>();
            for (int i = 0; i < groupCount; i++) {
                projects.add(rex.makeInputRef(aggregate, i));
            }
            RelNode input = aggregate.getInput();
            for (AggregateCall old : aggregate.getAggCallList()) {
                if (!reduces(old)) {
                    projects.add(rex.addAggCall(old, groupCount, calls, shared, input::fieldIsNullable));
                    continue;
                }
                RexNode m2 = rex.addAggCall(like(old, FlinkAggregateFunctions.WELFORD_M2, groupCount, input), groupCount,
                        calls, shared, input::fieldIsNullable);
                RexNode count = rex.addAggCall(like(old, SqlStdOperatorTable.COUNT, groupCount, input), groupCount,
                        calls, shared, input::fieldIsNullable);
                SqlKind kind = old.getAggregation().getKind();
                boolean population = kind == SqlKind.STDDEV_POP || kind == SqlKind.VAR_POP;
                RexNode one = rex.makeExactLiteral(BigDecimal.ONE);
                RexNode denominator = population ? count : rex.makeCall(SqlStdOperatorTable.CASE,
                        rex.makeCall(SqlStdOperatorTable.EQUALS, count, one), rex.makeNullLiteral(count.getType()),
                        rex.makeCall(SqlStdOperatorTable.MINUS, count, one));
                RexNode variance = rex.makeCall(SqlStdOperatorTable.DIVIDE, m2, denominator);
                boolean root = kind == SqlKind.STDDEV_POP || kind == SqlKind.STDDEV_SAMP;
                RexNode result = root ? rex.makeCall(SqlStdOperatorTable.POWER, variance,
                        rex.makeExactLiteral(new BigDecimal("0.5"))) : variance;
                projects.add(rex.makeCast(old.getType(), result));
            }
            RelNode reduced = aggregate.copy(aggregate.getTraitSet(), input, aggregate.getGroupSet(),
                    aggregate.getGroupSets(), calls);
            call.transformTo(LogicalProject.create(reduced, List.of(), projects, aggregate.getRowType().getFieldNames(),
                    Set.of()));
        }

        /** {@code function} over the argument of {@code old}, with its DISTINCT and FILTER. */
        private static AggregateCall like(AggregateCall old, org.apache.calcite.sql.SqlAggFunction function,
                                          int groupCount, RelNode input) {
            return AggregateCall.create(function, old.isDistinct(), old.isApproximate(), old.ignoreNulls(), List.of(),
                    old.getArgList(), old.filterArg, old.distinctKeys, old.getCollation(), groupCount, input, null,
                    null);
        }
    }
}
