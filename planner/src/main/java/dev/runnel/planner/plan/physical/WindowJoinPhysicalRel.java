package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexNode;

/**
 * A window join: the rows of both windowed inputs that share a window and the equi-keys join
 * when the watermark passes the window's end; outer sides are padded then, and the output is
 * append-only (Flink's {@code StreamPhysicalWindowJoin}). Both inputs' time attributes (their
 * rowtimes and {@code window_time}s) stay attributes, as in Flink, and the window columns of a
 * side that is never padded stay window columns ({@link dev.runnel.planner.plan.window.WindowJoins}),
 * so a window aggregate or Top-N can follow.
 */
public final class WindowJoinPhysicalRel extends Join implements PhysicalRel, TimeAttributes.Provider {
    private final WindowJoinSpec spec;

    public WindowJoinPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode left, RelNode right,
                                 RexNode condition, JoinRelType joinType, WindowJoinSpec spec) {
        super(cluster, traits, List.of(), left, right, condition, Set.of(), joinType);
        this.spec = spec;
    }

    @Override
    public Join copy(RelTraitSet traitSet, RexNode conditionExpr, RelNode left, RelNode right, JoinRelType joinType,
                     boolean semiJoinDone) {
        return new WindowJoinPhysicalRel(getCluster(), traitSet, left, right, conditionExpr, joinType, spec);
    }

    public WindowJoinSpec spec() {
        return spec;
    }

    @Override
    public Optional<TimeAttributes.Kind> timeAttribute(int field) {
        return TimeAttributes.ofJoinInput(this, field);
    }

    /** Every joined or padded row is emitted once, when its window fires. */
    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.INSERT_ONLY;
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return pw.input("left", left).input("right", right)
                .item("leftWindow", window(left, spec.leftWindowStart(), spec.leftWindowEnd()))
                .item("rightWindow", window(right, spec.rightWindowStart(), spec.rightWindowEnd()))
                .item("joinType", JoinPhysicalRel.flinkJoinType(joinType))
                .item("where", RexFormatter.format(condition, JoinPhysicalRel.joinedNames(this)))
                .item("select", String.join(", ", getRowType().getFieldNames()));
    }

    private static String window(RelNode input, int start, int end) {
        List<String> names = input.getRowType().getFieldNames();
        return "win_start=[" + names.get(start) + "], win_end=[" + names.get(end) + "]";
    }

    /** The operator's name in job graphs, as EXPLAIN shows the rel. */
    public String describe() {
        return "WindowJoin(leftWindow=[" + window(left, spec.leftWindowStart(), spec.leftWindowEnd())
                + "], rightWindow=[" + window(right, spec.rightWindowStart(), spec.rightWindowEnd())
                + "], joinType=[" + JoinPhysicalRel.flinkJoinType(joinType) + "], where=["
                + RexFormatter.format(condition, JoinPhysicalRel.joinedNames(this)) + "], select=["
                + String.join(", ", getRowType().getFieldNames()) + "])";
    }
}
