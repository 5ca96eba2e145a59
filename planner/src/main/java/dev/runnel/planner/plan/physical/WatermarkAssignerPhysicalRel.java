package dev.runnel.planner.plan.physical;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rex.RexNode;

/**
 * Generates watermarks from a table's {@code WATERMARK} clause. It runs inside the source it
 * sits on (per split, see {@link dev.runnel.planner.graph.WatermarkTranslation}), so it adds
 * no operator: rows pass unchanged, and the source's name in the job graph shows it.
 */
public final class WatermarkAssignerPhysicalRel extends SingleRel implements PhysicalRel {
    private final int rowtimeField;
    private final RexNode watermark;

    public WatermarkAssignerPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, int rowtimeField,
                                        RexNode watermark) {
        super(cluster, traits, input);
        this.rowtimeField = rowtimeField;
        this.watermark = watermark;
    }

    /** The rowtime column's index in the (unchanged) row. */
    public int rowtimeField() {
        return rowtimeField;
    }

    /** The watermark expression over the input row. */
    public RexNode watermark() {
        return watermark;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new WatermarkAssignerPhysicalRel(getCluster(), traitSet, sole(inputs), rowtimeField, watermark);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        List<String> names = getInput().getRowType().getFieldNames();
        return super.explainTerms(pw)
                .item("rowtime", names.get(rowtimeField))
                .item("watermark", watermarkText(watermark, names));
    }

    /** {@code WatermarkAssigner(rowtime=[ts], watermark=[-(ts, 5000:INTERVAL SECOND)])}, as Flink prints it. */
    public String describe() {
        List<String> names = getInput().getRowType().getFieldNames();
        return "WatermarkAssigner(rowtime=[" + names.get(rowtimeField) + "], watermark=["
                + watermarkText(watermark, names) + "])";
    }

    /** The expression with field names; interval literals keep their type, as in Flink's plans. */
    public static String watermarkText(RexNode watermark, List<String> fieldNames) {
        return RexFormatter.format(watermark, fieldNames);
    }
}
