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
 * An interval join: rows of both inputs meet when their time attributes (on processing time, their
 * arrival times) are within the bounds of {@link IntervalJoinSpec}; each side's rows are kept only
 * until the watermark (the clock) makes them unmatchable, and the output is append-only (Flink's
 * {@code StreamPhysicalIntervalJoin}).
 */
public final class IntervalJoinPhysicalRel extends Join implements PhysicalRel, TimeAttributes.Provider {
    private final IntervalJoinSpec spec;

    public IntervalJoinPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode left, RelNode right,
                                   RexNode condition, JoinRelType joinType, IntervalJoinSpec spec) {
        super(cluster, traits, List.of(), left, right, condition, Set.of(), joinType);
        this.spec = spec;
    }

    @Override
    public Join copy(RelTraitSet traitSet, RexNode conditionExpr, RelNode left, RelNode right, JoinRelType joinType,
                     boolean semiJoinDone) {
        return new IntervalJoinPhysicalRel(getCluster(), traitSet, left, right, conditionExpr, joinType, spec);
    }

    public IntervalJoinSpec spec() {
        return spec;
    }

    /** Both inputs' time attributes stay attributes, as in Flink. */
    @Override
    public Optional<TimeAttributes.Kind> timeAttribute(int field) {
        return TimeAttributes.ofJoinInput(this, field);
    }

    /** Rows are only ever inserted: an outer row is padded once, when it expires unmatched. */
    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.INSERT_ONLY;
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return pw.input("left", left).input("right", right)
                .item("joinType", JoinPhysicalRel.flinkJoinType(joinType))
                .item("windowBounds", boundsText())
                .item("where", RexFormatter.format(condition, JoinPhysicalRel.joinedNames(this)))
                .item("select", String.join(", ", getRowType().getFieldNames()));
    }

    private String boundsText() {
        return "isRowTime=" + !spec.processingTime() + ", leftLowerBound=" + spec.lowerBound()
                + ", leftUpperBound=" + spec.upperBound() + ", leftTimeIndex=" + spec.leftTime()
                + ", rightTimeIndex=" + spec.rightTime();
    }

    /** The operator's name in job graphs, as EXPLAIN shows the rel. */
    public String describe() {
        return "IntervalJoin(joinType=[" + JoinPhysicalRel.flinkJoinType(joinType) + "], windowBounds=[" + boundsText()
                + "], where=[" + RexFormatter.format(condition, JoinPhysicalRel.joinedNames(this)) + "], select=["
                + String.join(", ", getRowType().getFieldNames()) + "])";
    }
}
