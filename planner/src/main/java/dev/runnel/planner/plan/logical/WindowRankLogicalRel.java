package dev.runnel.planner.plan.logical;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A window Top-N: {@code ROW_NUMBER() OVER (PARTITION BY window_start, window_end[, …] ORDER BY
 * …) <= N} over a window table function or window aggregate, made by {@link WindowRankRules}.
 * Its rows are the input's followed by the row number; the spec's range starts at 1.
 *
 * @see dev.runnel.planner.plan.physical.WindowRankPhysicalRel
 */
public final class WindowRankLogicalRel extends SingleRel {
    private final RankSpec spec;
    private final int windowEndField;

    public WindowRankLogicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RankSpec spec,
                                int windowEndField) {
        super(cluster, traits, input);
        this.spec = spec;
        this.windowEndField = windowEndField;
    }

    public RankSpec spec() {
        return spec;
    }

    /** The input's {@code window_end} field, whose end fires the window. */
    public int windowEndField() {
        return windowEndField;
    }

    @Override
    protected RelDataType deriveRowType() {
        return RankLogicalRel.rowType(getCluster().getTypeFactory(), getInput().getRowType(), spec);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new WindowRankLogicalRel(getCluster(), traitSet, sole(inputs), spec, windowEndField);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        RelWriter w = super.explainTerms(pw);
        spec.explainItems(getInput().getRowType().getFieldNames()).forEach(w::item);
        return w.item("select", String.join(", ", getRowType().getFieldNames()));
    }
}
