package dev.runnel.planner.plan.logical;

import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rex.RexNode;

/**
 * {@code WATERMARK FOR rowtime AS expression} of a table, right above its scan (and the
 * projection that computes its computed columns): rows pass unchanged, and event time advances
 * to the maximum of {@code watermark} over the rows seen. Field {@code rowtimeField} is the
 * rowtime attribute from here on ({@link dev.runnel.planner.plan.TimeAttributes}).
 */
public final class WatermarkAssignerLogicalRel extends SingleRel {
    private final int rowtimeField;
    private final RexNode watermark;

    private WatermarkAssignerLogicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, int rowtimeField,
                                        RexNode watermark) {
        super(cluster, traits, input);
        this.rowtimeField = rowtimeField;
        this.watermark = watermark;
    }

    /**
     * @param rowtimeField the rowtime column's index in {@code input}'s row
     * @param watermark the watermark expression over {@code input}'s row
     */
    public static WatermarkAssignerLogicalRel create(RelNode input, int rowtimeField, RexNode watermark) {
        return new WatermarkAssignerLogicalRel(input.getCluster(), input.getTraitSet().replace(Convention.NONE), input,
                rowtimeField, watermark);
    }

    /**
     * Marks where the assigner of a table with computed columns goes: over the projection that
     * computes them, as SqlToRel builds it (before it could merge that projection with the
     * query's). {@link WatermarkAssigners#insert} replaces it by the real assigner; until then
     * its watermark is {@code null}.
     */
    public static WatermarkAssignerLogicalRel pending(RelNode computedColumns) {
        return new WatermarkAssignerLogicalRel(computedColumns.getCluster(),
                computedColumns.getTraitSet().replace(Convention.NONE), computedColumns, -1, null);
    }

    /** Whether this is a {@link #pending} assigner. */
    boolean isPending() {
        return watermark == null;
    }

    public int rowtimeField() {
        return rowtimeField;
    }

    public RexNode watermark() {
        return watermark;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new WatermarkAssignerLogicalRel(getCluster(), traitSet, sole(inputs), rowtimeField, watermark);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw)
                .item("rowtime", isPending() ? "?" : getRowType().getFieldNames().get(rowtimeField))
                .item("watermark", isPending() ? "?" : watermark);
    }
}
