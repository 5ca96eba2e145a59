package dev.runnel.planner.plan.logical;

import com.google.common.collect.ImmutableSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Takes the correlation out of an {@code IN} or {@code EXISTS} sub-query, as Flink's
 * {@code SubQueryDecorrelator} does for the shapes it handles: the conjuncts of the sub-query's
 * filters that read the outer row ({@code r.k = l.k}, {@code r.v > l.v}) are removed there and
 * returned, to become the condition of the semi or anti join. They are lifted through
 * projections (which then also output the fields the conditions read, after their own fields)
 * and through aggregates with a GROUP BY when they are equalities on an input field (which then
 * becomes a group key too: grouping by it and then keeping one value of it is filtering by it
 * first). Anything else that reads the outer row is not handled, and Calcite's general
 * sub-query removal and decorrelation get the query instead.
 */
final class SubQueryDecorrelation {
    private final CorrelationId id;
    private final RexBuilder rex;

    private SubQueryDecorrelation(CorrelationId id, RexBuilder rex) {
        this.id = id;
        this.rex = rex;
    }

    /**
     * {@code rel} without its correlation, and the lifted conditions over its new output fields
     * and the outer row's fields ({@code $cor.f}); its first fields are {@code rel}'s.
     */
    record Decorrelated(RelNode rel, List<RexNode> conditions) {
    }

    /** {@code subQuery} decorrelated from {@code id}, or {@code null} when its shape is not handled. */
    static Decorrelated of(RelNode subQuery, CorrelationId id) {
        return new SubQueryDecorrelation(id, subQuery.getCluster().getRexBuilder()).pull(subQuery);
    }

    /** Whether {@code node} reads correlation {@code id}, also from inside a sub-query. */
    static boolean uses(RexNode node, CorrelationId id) {
        RelOptUtil.VariableUsedVisitor visitor = new RelOptUtil.VariableUsedVisitor(null);
        node.accept(visitor);
        if (visitor.variables.contains(id)) {
            return true;
        }
        List<RexSubQuery> subQueries = new ArrayList<>();
        node.accept(new RexVisitorImpl<Void>(true) {
            @Override
            public Void visitSubQuery(RexSubQuery subQuery) {
                subQueries.add(subQuery);
                return super.visitSubQuery(subQuery);
            }
        });
        return RelOptUtil.getVariablesUsed(subQueries).contains(id);
    }

    private boolean uses(RelNode rel) {
        return RelOptUtil.getVariablesUsed(rel).contains(id);
    }

    private Decorrelated pull(RelNode rel) {
        if (!uses(rel)) {
            return new Decorrelated(rel, List.of());
        }
        if (rel instanceof Filter filter) {
            return pullFilter(filter);
        }
        if (rel instanceof Project project) {
            return pullProject(project);
        }
        if (rel instanceof Aggregate aggregate) {
            return pullAggregate(aggregate);
        }
        return null;
    }

    private Decorrelated pullFilter(Filter filter) {
        Decorrelated input = pull(filter.getInput());
        if (input == null) {
            return null;
        }
        List<RexNode> kept = new ArrayList<>();
        List<RexNode> lifted = new ArrayList<>(input.conditions());
        for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
            if (!uses(conjunct, id)) {
                kept.add(conjunct);
            } else if (RexUtil.SubQueryFinder.find(List.of(conjunct)) == null && RexUtil.isDeterministic(conjunct)) {
                lifted.add(conjunct);
            } else {
                return null; // a nested sub-query or a non-deterministic call reads the outer row
            }
        }
        RelNode rest = kept.isEmpty() ? input.rel()
                : LogicalFilter.create(input.rel(), RexUtil.composeConjunction(rex, kept), 
                        filter.getVariablesSet().stream().filter(v -> !v.equals(id)).collect(ImmutableSet.toImmutableSet()));
        return new Decorrelated(rest, lifted);
    }

    private Decorrelated pullProject(Project project) {
        if (project.getProjects().stream().anyMatch(p -> uses(p, id))) {
            return null;
        }
        Decorrelated input = pull(project.getInput());
        if (input == null) {
            return null;
        }
        List<RexNode> projects = new ArrayList<>(project.getProjects());
        List<String> names = new ArrayList<>(project.getRowType().getFieldNames());
        Map<Integer, Integer> positions = new HashMap<>();
        for (int field : RelOptUtil.InputFinder.bits(input.conditions(), null)) {
            int position = projects.indexOf(rex.makeInputRef(input.rel(), field));
            if (position < 0) {
                position = projects.size();
                projects.add(rex.makeInputRef(input.rel(), field));
                names.add(input.rel().getRowType().getFieldNames().get(field));
            }
            positions.put(field, position);
        }
        RelNode projected = LogicalProject.create(input.rel(), project.getHints(), projects,
                uniquify(names), project.getVariablesSet());
        return new Decorrelated(projected, remap(input.conditions(), positions, projected));
    }

    private Decorrelated pullAggregate(Aggregate aggregate) {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE || aggregate.getGroupSet().isEmpty()) {
            return null; // a global aggregate has a row even for an outer row that no input row matches
        }
        Decorrelated input = pull(aggregate.getInput());
        if (input == null) {
            return null;
        }
        List<Integer> keys = new ArrayList<>();
        for (RexNode condition : input.conditions()) {
            Integer field = equalityField(condition);
            if (field == null) {
                return null;
            }
            keys.add(field);
        }
        ImmutableBitSet groupSet = aggregate.getGroupSet().union(ImmutableBitSet.of(keys));
        RelNode grouped = LogicalAggregate.create(input.rel(), aggregate.getHints(), groupSet, null,
                aggregate.getAggCallList());
        // Keep the aggregate's own fields first: its group keys, its calls, then the added keys.
        List<Integer> oldKeys = aggregate.getGroupSet().asList();
        List<Integer> newKeys = groupSet.asList();
        List<RexNode> projects = new ArrayList<>();
        for (int key : oldKeys) {
            projects.add(rex.makeInputRef(grouped, newKeys.indexOf(key)));
        }
        for (int i = 0; i < aggregate.getAggCallList().size(); i++) {
            projects.add(rex.makeInputRef(grouped, newKeys.size() + i));
        }
        Map<Integer, Integer> positions = new HashMap<>();
        for (int key : newKeys) {
            int old = oldKeys.indexOf(key);
            if (old >= 0) {
                positions.put(key, old);
            } else {
                positions.put(key, projects.size());
                projects.add(rex.makeInputRef(grouped, newKeys.indexOf(key)));
            }
        }
        List<String> names = new ArrayList<>(aggregate.getRowType().getFieldNames());
        for (int i = names.size(); i < projects.size(); i++) {
            names.add(grouped.getRowType().getFieldNames().get(((RexInputRef) projects.get(i)).getIndex()));
        }
        RelNode projected = LogicalProject.create(grouped, List.of(), projects, uniquify(names),
                Set.of());
        return new Decorrelated(projected, remap(input.conditions(), positions, projected));
    }

    /** The input field {@code f} of a condition {@code f = <outer expression>} (either way round), or {@code null}. */
    private Integer equalityField(RexNode condition) {
        if (condition.getKind() != SqlKind.EQUALS) {
            return null;
        }
        List<RexNode> operands = ((RexCall) condition).getOperands();
        for (int i = 0; i < 2; i++) {
            RexNode local = operands.get(i);
            RexNode outer = operands.get(1 - i);
            if (local instanceof RexInputRef ref && RelOptUtil.InputFinder.bits(outer).isEmpty()) {
                return ref.getIndex();
            }
        }
        return null;
    }

    /** {@code conditions} with input field {@code f} read as field {@code positions[f]} of {@code rel}. */
    private List<RexNode> remap(List<RexNode> conditions, Map<Integer, Integer> positions, RelNode rel) {
        RexShuttle shuttle = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return rex.makeInputRef(rel, positions.get(ref.getIndex()));
            }
        };
        return conditions.stream().map(c -> c.accept(shuttle)).toList();
    }

    /**
     * {@code condition} (over the decorrelated sub-query's fields and the outer row) over the
     * joined row {@code outer ++ sub-query}: outer fields {@code $cor.f} become field {@code f},
     * the sub-query's fields move right by {@code outerFields}.
     */
    static RexNode toJoinCondition(RexNode condition, CorrelationId id, int outerFields) {
        return condition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(ref.getIndex() + outerFields, ref.getType());
            }

            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable variable && variable.id.equals(id)) {
                    return new RexInputRef(access.getField().getIndex(), access.getType());
                }
                return super.visitFieldAccess(access);
            }
        });
    }

    /** Unique field names, as Calcite's validator makes them. */
    private static List<String> uniquify(List<String> names) {
        return SqlValidatorUtil.uniquify(names, SqlValidatorUtil.EXPR_SUGGESTER, true);
    }
}
