package dev.runnel.planner.plan.physical;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexNode;

/**
 * A regular streaming join (inner, left, right or full outer, or a semi or anti join, whose
 * output is the left row) of two inputs on equi-join keys, with an optional residual
 * condition; both inputs are kept in keyed state (Flink's {@code StreamPhysicalJoin}). The keys were checked by {@link JoinKeys} when the rule matched.
 */
public final class JoinPhysicalRel extends Join implements PhysicalRel {
    private final JoinKeys keys;

    public JoinPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode left, RelNode right, RexNode condition,
                           JoinRelType joinType, JoinKeys keys) {
        super(cluster, traits, List.of(), left, right, condition, Set.of(), joinType);
        this.keys = keys;
    }

    @Override
    public Join copy(RelTraitSet traitSet, RexNode conditionExpr, RelNode left, RelNode right, JoinRelType joinType,
                     boolean semiJoinDone) {
        return new JoinPhysicalRel(getCluster(), traitSet, left, right, conditionExpr, joinType,
                JoinKeys.of(left, right, conditionExpr));
    }

    public JoinKeys keys() {
        return keys;
    }

    /**
     * An inner or semi join passes on the kinds of changes of its inputs (Flink forwards them);
     * an outer join retracts its null-padded rows, an anti join the rows a new match removes, so
     * they may emit every kind.
     */
    @Override
    public ChangelogMode changelogMode() {
        return joinType == JoinRelType.INNER || joinType == JoinRelType.SEMI ? PhysicalRel.super.changelogMode()
                : ChangelogMode.ALL;
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return pw.input("left", left).input("right", right)
                .item("joinType", flinkJoinType(joinType))
                .item("where", RexFormatter.format(condition, joinedNames(this)))
                .item("select", String.join(", ", getRowType().getFieldNames()));
    }

    /** The field names of {@code left ++ right}, which conditions refer to. */
    static List<String> joinedNames(Join join) {
        List<String> names = new ArrayList<>(join.getLeft().getRowType().getFieldNames());
        names.addAll(join.getRight().getRowType().getFieldNames());
        return names;
    }

    /** {@code Join(joinType=[LeftOuterJoin], where=[=(id, id0)], select=[id, name, id0, amount])}, as Flink names it. */
    public String describe() {
        return "Join(joinType=[" + flinkJoinType(joinType) + "], where=[" + RexFormatter.format(condition, joinedNames(this))
                + "], select=[" + String.join(", ", getRowType().getFieldNames()) + "])";
    }

    static String flinkJoinType(JoinRelType type) {
        return switch (type) {
            case INNER -> "InnerJoin";
            case LEFT -> "LeftOuterJoin";
            case RIGHT -> "RightOuterJoin";
            case FULL -> "FullOuterJoin";
            case SEMI -> "LeftSemiJoin";
            case ANTI -> "LeftAntiJoin";
            default -> type.name();
        };
    }
}
