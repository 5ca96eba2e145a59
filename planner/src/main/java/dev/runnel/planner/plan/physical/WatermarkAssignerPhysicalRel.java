package dev.runnel.planner.plan.physical;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexShuttle;

/**
 * Generates watermarks from a table's {@code WATERMARK} clause. It runs inside the source it
 * sits on (per split, see {@link dev.runnel.planner.graph.WatermarkTranslation}), so it adds
 * no operator: rows pass unchanged, and the source's name in the job graph shows it.
 *
 * <p>The planner puts it over the table's computed-column calc; {@link WatermarkPushDown} then
 * moves it under that calc, onto the scan, where it runs. There its rowtime column is computed
 * only above it ({@link #rowtimeField()} is -1) and its watermark expression reads the source's
 * own columns.
 */
public final class WatermarkAssignerPhysicalRel extends SingleRel implements PhysicalRel {
    private final int rowtimeField;
    private final String rowtime;
    /** Once pushed under the computed-column calc: that calc's rowtime expression, over this row; else null. */
    private final RexNode rowtimeExpression;
    private final RexNode watermark;

    public WatermarkAssignerPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, int rowtimeField,
                                        RexNode watermark) {
        this(cluster, traits, input, rowtimeField, input.getRowType().getFieldNames().get(rowtimeField), null,
                watermark);
    }

    private WatermarkAssignerPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, int rowtimeField,
                                         String rowtime, RexNode rowtimeExpression, RexNode watermark) {
        super(cluster, traits, input);
        this.rowtimeField = rowtimeField;
        this.rowtime = rowtime;
        this.rowtimeExpression = rowtimeExpression;
        this.watermark = watermark;
    }

    /** The rowtime column's index in the (unchanged) row; -1 when a calc above computes it from this row. */
    public int rowtimeField() {
        return rowtimeField;
    }

    /**
     * Where a calc above computes the rowtime column from this row (the assigner was pushed under
     * the computed-column calc): the expression that computes it; else null.
     */
    public RexNode rowtimeExpression() {
        return rowtimeExpression;
    }

    /** The watermark expression over the input row. */
    public RexNode watermark() {
        return watermark;
    }

    /**
     * This assigner moved under {@code calc}, its input (a calc without filter): the watermark
     * expression is rewritten over the calc's input, each column replaced by what the calc computes.
     */
    WatermarkAssignerPhysicalRel pushedUnder(CalcPhysicalRel calc) {
        RexProgram program = calc.getProgram();
        RexNode inlined = watermark.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return program.expandLocalRef(program.getProjectList().get(ref.getIndex()));
            }
        });
        RexNode rowtimeExpression = program.expandLocalRef(program.getProjectList().get(rowtimeField));
        return new WatermarkAssignerPhysicalRel(getCluster(), getTraitSet(), calc.getInput(), -1, rowtime,
                rowtimeExpression, inlined);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new WatermarkAssignerPhysicalRel(getCluster(), traitSet, sole(inputs), rowtimeField, rowtime,
                rowtimeExpression, watermark);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw)
                .item("rowtime", rowtime)
                .item("watermark", watermarkText(watermark, getInput().getRowType().getFieldNames()));
    }

    /** {@code WatermarkAssigner(rowtime=[ts], watermark=[-(ts, 5000:INTERVAL SECOND)])}, as Flink prints it. */
    public String describe() {
        return "WatermarkAssigner(rowtime=[" + rowtime + "], watermark=["
                + watermarkText(watermark, getInput().getRowType().getFieldNames()) + "])";
    }

    /** The expression with field names; interval literals keep their type, as in Flink's plans. */
    public static String watermarkText(RexNode watermark, List<String> fieldNames) {
        return RexFormatter.format(watermark, fieldNames);
    }
}
