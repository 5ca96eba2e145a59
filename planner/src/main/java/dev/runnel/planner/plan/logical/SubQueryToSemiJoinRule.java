package dev.runnel.planner.plan.logical;

import com.google.common.collect.ImmutableSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.LogicVisitor;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.Util;

/**
 * {@code IN}, {@code EXISTS} and their negations in a filter's conjunctions become semi and
 * anti joins, as Flink's {@code FlinkSubQueryRemoveRule} makes them:
 * <ul>
 *   <li>{@code (a, b) IN (SELECT x, y …)}: a semi join on {@code a = x AND b = y} (an operand
 *       that is an expression is first projected onto the left input);</li>
 *   <li>{@code NOT IN}: an anti join on {@code (a = x OR (a = x) IS NULL) AND …}, so that a NULL on
 *       either side counts as a match and removes the row, as SQL's three-valued {@code NOT IN}
 *       does (it simplifies to {@code a IS NULL OR x IS NULL OR a = x});</li>
 *   <li>{@code [NOT] EXISTS} correlated on the outer row: a semi (anti) join on the conditions
 *       that read the outer row ({@link SubQueryDecorrelation}); uncorrelated: a semi (anti)
 *       join on {@code m IS NOT NULL} with {@code m = MIN(TRUE)} over the sub-query, one row
 *       that says whether it has any.</li>
 * </ul>
 * Correlation conditions join the IN condition. Filters whose sub-queries sit elsewhere (under
 * {@code OR}, in a {@code CASE}) or whose correlation has another shape are left to Calcite's
 * sub-query removal, which makes joins with aggregates of them.
 */
@SuppressWarnings("deprecation") // RelOptRule's operand helpers: the rule is too small for Calcite's immutable configs
final class SubQueryToSemiJoinRule extends RelOptRule {
    static final SubQueryToSemiJoinRule INSTANCE = new SubQueryToSemiJoinRule();

    private SubQueryToSemiJoinRule() {
        super(operand(LogicalFilter.class, any()), "SubQueryToSemiJoinRule");
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalFilter filter = call.rel(0);
        RexNode condition = filter.getCondition();
        if (findSubQuery(condition) == null || !onlyInConjunctions(condition)) {
            return;
        }
        RelBuilder builder = call.builder();
        builder.push(filter.getInput());
        RexCall subQuery;
        while ((subQuery = findSubQuery(condition)) != null) {
            if (LogicVisitor.find(RelOptUtil.Logic.TRUE, List.of(condition), subQuery) != RelOptUtil.Logic.TRUE
                    || !join(subQuery, filter.getVariablesSet(), builder)) {
                return;
            }
            condition = replace(condition, subQuery, builder.literal(true));
        }
        int fields = filter.getRowType().getFieldCount();
        RexNode rest = condition;
        if (filter.getVariablesSet().stream().anyMatch(v -> SubQueryDecorrelation.uses(rest, v))) {
            // A scalar sub-query left in the condition still reads the outer row: keep the variables.
            builder.push(LogicalFilter.create(builder.build(), rest, ImmutableSet.copyOf(filter.getVariablesSet())));
        } else {
            builder.filter(rest);
        }
        builder.project(builder.fields(Util.range(fields)));
        call.transformTo(builder.build());
    }

    /**
     * Joins the sub-query of {@code call} ({@code IN}/{@code EXISTS}, or {@code NOT} of one) to the
     * builder's top; false, with the builder unchanged, when this shape is not handled here.
     */
    private static boolean join(RexCall call, Set<CorrelationId> variables, RelBuilder builder) {
        boolean negated = call.getKind() == SqlKind.NOT;
        RexSubQuery subQuery = (RexSubQuery) (negated ? call.getOperands().get(0) : call);
        Set<CorrelationId> used = RelOptUtil.getVariablesUsed(subQuery.rel);
        if (used.size() > 1 || !variables.containsAll(used)
                || subQuery.getOperands().stream().anyMatch(o -> variables.stream()
                        .anyMatch(v -> SubQueryDecorrelation.uses(o, v)))) {
            return false;
        }
        CorrelationId id = used.isEmpty() ? null : used.iterator().next();
        SubQueryDecorrelation.Decorrelated right = id == null
                ? new SubQueryDecorrelation.Decorrelated(subQuery.rel, List.of())
                : SubQueryDecorrelation.of(subQuery.rel, id);
        if (right == null) {
            return false;
        }
        JoinRelType type = negated ? JoinRelType.ANTI : JoinRelType.SEMI;
        return switch (subQuery.getKind()) {
            case IN -> joinIn(subQuery, negated, type, right, id, builder);
            case EXISTS -> joinExists(subQuery, type, right, id, builder);
            default -> false;
        };
    }

    private static boolean joinIn(RexSubQuery subQuery, boolean negated, JoinRelType type,
                                  SubQueryDecorrelation.Decorrelated right, CorrelationId id, RelBuilder builder) {
        List<RexNode> operands = leftOperands(subQuery.getOperands(), builder);
        int leftFields = builder.peek().getRowType().getFieldCount();
        builder.push(right.rel());
        List<RexNode> conditions = new ArrayList<>();
        for (int i = 0; i < operands.size(); i++) {
            RexNode field = builder.field(i);
            RexNode equal = builder.equals(operands.get(i), new RexInputRef(leftFields + i, field.getType()));
            conditions.add(negated ? builder.or(equal, builder.isNull(equal)) : equal);
        }
        right.conditions().forEach(c -> conditions.add(SubQueryDecorrelation.toJoinCondition(c, id, leftFields)));
        builder.join(type, conditions);
        return true;
    }

    private static boolean joinExists(RexSubQuery subQuery, JoinRelType type, SubQueryDecorrelation.Decorrelated right,
                                      CorrelationId id, RelBuilder builder) {
        int leftFields = builder.peek().getRowType().getFieldCount();
        if (id != null) {
            builder.push(right.rel());
            builder.join(type, right.conditions().stream()
                    .map(c -> SubQueryDecorrelation.toJoinCondition(c, id, leftFields)).toList());
            return true;
        }
        // One row telling whether the sub-query has any: MIN over an empty input is NULL.
        builder.push(subQuery.rel)
                .project(builder.alias(builder.literal(true), "i"))
                .aggregate(builder.groupKey(), builder.min("m", builder.field(0)))
                .project(builder.isNotNull(builder.field(0)));
        RexNode any = new RexInputRef(leftFields, builder.peek().getRowType().getFieldList().get(0).getType());
        builder.join(type, any);
        return true;
    }

    /**
     * The IN operands as fields of the left input: an expression operand ({@code a + 1 IN …})
     * is added to a projection of the left input, after its fields.
     */
    private static List<RexNode> leftOperands(List<RexNode> operands, RelBuilder builder) {
        if (operands.stream().allMatch(o -> o instanceof RexInputRef)) {
            return operands;
        }
        RelNode left = builder.peek();
        List<RexNode> projects = new ArrayList<>(builder.fields());
        List<Integer> positions = new ArrayList<>();
        for (RexNode operand : operands) {
            int position = projects.indexOf(operand);
            if (position < 0) {
                position = projects.size();
                projects.add(operand);
            }
            positions.add(position);
        }
        builder.project(projects);
        return positions.stream().map(p -> (RexNode) builder.getRexBuilder().makeInputRef(builder.peek(), p)).toList();
    }

    /** The first sub-query that is not scalar, or the NOT over it, or {@code null}. */
    private static RexCall findSubQuery(RexNode condition) {
        try {
            condition.accept(new RexVisitorImpl<Void>(true) {
                @Override
                public Void visitSubQuery(RexSubQuery subQuery) {
                    if (subQuery.getKind() != SqlKind.SCALAR_QUERY) {
                        throw new Util.FoundOne(subQuery);
                    }
                    return null;
                }

                @Override
                public Void visitCall(RexCall call) {
                    if (call.getKind() == SqlKind.NOT && call.getOperands().get(0) instanceof RexSubQuery s
                            && s.getKind() != SqlKind.SCALAR_QUERY) {
                        throw new Util.FoundOne(call);
                    }
                    return super.visitCall(call);
                }
            });
            return null;
        } catch (Util.FoundOne found) {
            return (RexCall) found.getNode();
        }
    }

    /** Whether every sub-query that is not scalar is a conjunct (or the NOT of one) of {@code condition}. */
    private static boolean onlyInConjunctions(RexNode condition) {
        Deque<SqlKind> path = new ArrayDeque<>();
        try {
            condition.accept(new RexVisitorImpl<Void>(true) {
                @Override
                public Void visitSubQuery(RexSubQuery subQuery) {
                    if (subQuery.getKind() != SqlKind.SCALAR_QUERY && path.stream().anyMatch(k -> k != SqlKind.AND)) {
                        throw new Util.FoundOne(subQuery);
                    }
                    return null;
                }

                @Override
                public Void visitCall(RexCall call) {
                    if (call.getKind() == SqlKind.NOT && call.getOperands().get(0) instanceof RexSubQuery s) {
                        if (s.getKind() != SqlKind.SCALAR_QUERY && path.stream().anyMatch(k -> k != SqlKind.AND)) {
                            throw new Util.FoundOne(call);
                        }
                        return null;
                    }
                    path.push(call.getKind());
                    call.getOperands().forEach(o -> o.accept(this));
                    path.pop();
                    return null;
                }
            });
            return true;
        } catch (Util.FoundOne found) {
            return false;
        }
    }

    private static RexNode replace(RexNode condition, RexCall subQuery, RexNode replacement) {
        return condition.accept(new RexShuttle() {
            @Override
            public RexNode visitSubQuery(RexSubQuery s) {
                return s.equals(subQuery) ? replacement : s;
            }

            @Override
            public RexNode visitCall(RexCall call) {
                return call.equals(subQuery) ? replacement : super.visitCall(call);
            }
        });
    }
}
