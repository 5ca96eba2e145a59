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
 * An event-time temporal join ({@code JOIN r FOR SYSTEM_TIME AS OF l.ts}): each left row is
 * joined, when the watermark passes its time, with the version of the versioned table valid at
 * that time. Append-only output (Flink's {@code StreamPhysicalTemporalJoin}).
 */
public final class TemporalJoinPhysicalRel extends Join implements PhysicalRel, TimeAttributes.Provider {
    private final TemporalJoinSpec spec;

    public TemporalJoinPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode left, RelNode right,
                                   TemporalJoinSpec spec) {
        super(cluster, traits, List.of(), left, right, spec.condition(), Set.of(), spec.joinType());
        this.spec = spec;
    }

    @Override
    public Join copy(RelTraitSet traitSet, RexNode conditionExpr, RelNode left, RelNode right, JoinRelType joinType,
                     boolean semiJoinDone) {
        return new TemporalJoinPhysicalRel(getCluster(), traitSet, left, right, spec);
    }

    public TemporalJoinSpec spec() {
        return spec;
    }

    /** The left input's time attributes stay attributes; the versioned table's become plain timestamps, as in Flink. */
    @Override
    public Optional<TimeAttributes.Kind> timeAttribute(int field) {
        return field < left.getRowType().getFieldCount() ? TimeAttributes.of(left, field) : Optional.empty();
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.INSERT_ONLY;
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        List<String> names = JoinPhysicalRel.joinedNames(this);
        return pw.input("left", left).input("right", right)
                .item("joinType", JoinPhysicalRel.flinkJoinType(joinType))
                .item("where", RexFormatter.format(condition, names))
                .item("asOf", names.get(spec.leftTime()))
                .item("select", String.join(", ", getRowType().getFieldNames()));
    }

    /** The operator's name in job graphs. */
    public String describe() {
        List<String> names = JoinPhysicalRel.joinedNames(this);
        return "TemporalJoin(joinType=[" + JoinPhysicalRel.flinkJoinType(joinType) + "], where=["
                + RexFormatter.format(condition, names) + "], asOf=[" + names.get(spec.leftTime()) + "], select=["
                + String.join(", ", getRowType().getFieldNames()) + "])";
    }
}
