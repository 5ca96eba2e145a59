package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.RankLogicalRel;
import dev.runnel.planner.plan.logical.RankSpec;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A Top-N per partition key ({@link RankSpec}), run by the runtime's {@code TopNOperator}. Its
 * strategy follows its input as Flink's does: {@code AppendFastStrategy} keeps only the top
 * rows of an insert-only input, {@code RetractStrategy} keeps all rows of a retracting one.
 * Either way it updates what it emitted, so its changelog mode is {@code [I,UB,UA,D]}.
 */
public final class RankPhysicalRel extends SingleRel implements PhysicalRel {
    private final RankSpec spec;

    public RankPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RankSpec spec) {
        super(cluster, traits, input);
        this.spec = spec;
    }

    public RankSpec spec() {
        return spec;
    }

    /** Whether the input may retract rows (only known once the input is physical, as after planning). */
    public boolean inputRetracts() {
        return !((PhysicalRel) getInput()).changelogMode().isInsertOnly();
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.ALL;
    }

    @Override
    protected RelDataType deriveRowType() {
        return RankLogicalRel.rowType(getCluster().getTypeFactory(), getInput().getRowType(), spec);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new RankPhysicalRel(getCluster(), traitSet, sole(inputs), spec);
    }

    /** {@code Rank(strategy=[…], rankType=[…], rankRange=[…], partitionBy=[…], orderBy=[…], select=[…])}, as Flink's. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        RelWriter w = super.explainTerms(pw);
        // While planning, the input is a set of alternatives without a changelog mode yet.
        if (getInput() instanceof PhysicalRel) {
            w.item("strategy", inputRetracts() ? "RetractStrategy" : "AppendFastStrategy");
        }
        spec.explainItems(getInput().getRowType().getFieldNames()).forEach(w::item);
        return w.item("select", String.join(", ", getRowType().getFieldNames()));
    }

    /** The operator's name in job graphs. */
    public String describe() {
        List<String> terms = new ArrayList<>();
        spec.explainItems(getInput().getRowType().getFieldNames()).forEach((k, v) -> terms.add(k + "=[" + v + "]"));
        return "Rank(" + String.join(", ", terms) + ")";
    }
}
