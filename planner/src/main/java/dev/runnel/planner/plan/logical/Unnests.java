package dev.runnel.planner.plan.logical;

import dev.runnel.planner.session.SqlExecutionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Uncollect;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;

/**
 * Plans {@code UNNEST} as Flink does: SqlToRel makes of {@code FROM t CROSS JOIN UNNEST(t.a) AS
 * u(x)} (also {@code , UNNEST(…)} and {@code LEFT JOIN UNNEST(…) ON …}) a correlate whose right
 * side is an {@link Uncollect} of the correlated value, under projections and filters; this turns
 * it into an {@link UnnestLogicalRel} over the left side that emits each left row joined with each
 * element. A plain {@code FROM UNNEST(ARRAY[…])} is one over its one-row input. Projections and
 * filters on the right side become a projection above and the unnest's condition.
 */
public final class Unnests {
    private Unnests() {
    }

    /** Whether {@code correlate}'s right side unnests a value of the left row. */
    public static boolean isUnnest(Correlate correlate) {
        Uncollect uncollect = uncollect(correlate.getRight());
        return uncollect != null && uncollect.getInput() instanceof Project p && p.getInput() instanceof Values v
                && v.getTuples().size() == 1;
    }

    /** The {@link Uncollect} under the projections and filters of {@code right}, or null. */
    private static Uncollect uncollect(RelNode right) {
        RelNode node = right;
        while (node instanceof Project || node instanceof Filter) {
            node = node.getInput(0);
        }
        return node instanceof Uncollect u ? u : null;
    }

    /**
     * {@code rel} with every unnest correlate and plain unnest replaced by an {@link UnnestLogicalRel}.
     *
     * @throws SqlExecutionException for the forms that are not supported yet (several collections,
     *         RIGHT and FULL joins)
     */
    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                if (other instanceof Correlate correlate && isUnnest(correlate)) {
                    // The right side is read, not rewritten: it becomes the unnest itself.
                    return correlated(correlate, correlate.getLeft().accept(this));
                }
                RelNode visited = super.visit(other);
                if (visited instanceof Uncollect uncollect) {
                    checkOneCollection(uncollect);
                    return UnnestLogicalRel.create(uncollect.getInput(), 0, uncollect, JoinRelType.INNER, null, false);
                }
                return visited;
            }
        });
    }

    private static void checkOneCollection(Uncollect uncollect) {
        if (uncollect.getInput().getRowType().getFieldCount() != 1) {
            throw new SqlExecutionException("UNNEST of several collections is not supported yet");
        }
    }

    /**
     * The correlate as an unnest over its left side. The right side is read from the top: its
     * projections give the right fields as expressions over the uncollect's output, its filters
     * conditions over it; correlation variables become references to the left row.
     */
    private static RelNode correlated(Correlate correlate, RelNode left) {
        JoinRelType joinType = correlate.getJoinType();
        if (joinType != JoinRelType.INNER && joinType != JoinRelType.LEFT) {
            throw new SqlExecutionException("A " + joinType + " JOIN of UNNEST is not supported yet");
        }
        RexBuilder rex = correlate.getCluster().getRexBuilder();
        int leftCount = left.getRowType().getFieldCount();
        Uncollect uncollect = uncollect(correlate.getRight());
        checkOneCollection(uncollect);

        // The chain from the right side's top down to the uncollect.
        List<RelNode> chain = new ArrayList<>();
        for (RelNode node = correlate.getRight(); node != uncollect; node = node.getInput(0)) {
            chain.add(0, node);
        }
        // Over left ++ uncollect output: the current right fields, and the conditions so far.
        int elementCount = uncollect.getRowType().getFieldCount();
        List<RexNode> fields = new ArrayList<>();
        for (int i = 0; i < elementCount; i++) {
            fields.add(rex.makeInputRef(uncollect.getRowType().getFieldList().get(i).getType(), leftCount + i));
        }
        List<RexNode> conditions = new ArrayList<>();
        RexShuttle correlation = leftReferences(correlate.getCorrelationId(), left, rex);
        for (RelNode node : chain) {
            List<RexNode> current = fields;
            RexShuttle substitute = new RexShuttle() {
                @Override
                public RexNode visitInputRef(RexInputRef ref) {
                    return current.get(ref.getIndex());
                }
            };
            if (node instanceof Project project) {
                List<RexNode> projected = new ArrayList<>();
                for (RexNode e : project.getProjects()) {
                    projected.add(e.accept(correlation).accept(substitute));
                }
                fields = projected;
            } else {
                conditions.add(((Filter) node).getCondition().accept(correlation).accept(substitute));
            }
        }

        // The collection: a field of the left row, or an expression computed into one.
        RexNode argument = ((Project) uncollect.getInput()).getProjects().get(0).accept(correlation);
        RelNode input = left;
        int collectionField;
        if (argument instanceof RexInputRef ref) {
            collectionField = ref.getIndex();
        } else {
            List<RexNode> projects = new ArrayList<>(rex.identityProjects(left.getRowType()));
            projects.add(argument);
            List<String> names = new ArrayList<>(left.getRowType().getFieldNames());
            names.add("$unnest");
            input = LogicalProject.create(left, List.of(), projects, names, Set.of());
            collectionField = leftCount;
            RexShuttle shift = shiftRight(leftCount, 1);
            fields.replaceAll(f -> f.accept(shift));
            conditions.replaceAll(c -> c.accept(shift));
        }
        RexNode condition = conditions.isEmpty() ? null : RexUtil.composeConjunction(rex, conditions);
        RelNode unnest = UnnestLogicalRel.create(input, collectionField, uncollect, joinType, condition, true);

        // Above: the left fields and the right side's fields, nullable in a LEFT join.
        List<RexNode> output = new ArrayList<>();
        for (int i = 0; i < leftCount; i++) {
            output.add(rex.makeInputRef(unnest, i));
        }
        for (RexNode f : fields) {
            RexNode over = f.accept(new RexShuttle() {
                @Override
                public RexNode visitInputRef(RexInputRef ref) {
                    return rex.makeInputRef(unnest, ref.getIndex());
                }
            });
            output.add(joinType == JoinRelType.LEFT ? rex.makeNullable(over) : over);
        }
        RelDataType type = correlate.getRowType();
        List<RexNode> typed = new ArrayList<>();
        for (int i = 0; i < output.size(); i++) {
            RelDataType expected = type.getFieldList().get(i).getType();
            typed.add(output.get(i).getType().equals(expected) ? output.get(i)
                    : rex.makeCast(expected, output.get(i), true, false));
        }
        return LogicalProject.create(unnest, List.of(), typed, type.getFieldNames(), Set.of());
    }

    /** Rewrites {@code $cor.field} of {@code id} into a reference to the left row's field. */
    private static RexShuttle leftReferences(CorrelationId id, RelNode left, RexBuilder rex) {
        return new RexShuttle() {
            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable v && v.id.equals(id)) {
                    return rex.makeInputRef(left, access.getField().getIndex());
                }
                return super.visitFieldAccess(access);
            }
        };
    }

    /** Shifts references at or after {@code from} by {@code by}. */
    private static RexShuttle shiftRight(int from, int by) {
        return new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return ref.getIndex() >= from ? new RexInputRef(ref.getIndex() + by, ref.getType()) : ref;
            }
        };
    }
}
