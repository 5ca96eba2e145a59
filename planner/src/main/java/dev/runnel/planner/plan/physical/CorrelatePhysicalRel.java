package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.logical.UnnestLogicalRel;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;

/**
 * {@code UNNEST}, as Flink's {@code StreamPhysicalCorrelate} of its input with the
 * {@code $UNNEST_ROWS} table function ({@link UnnestLogicalRel}): a stateless operator chained to
 * its input that emits each input row joined with each element of a collection field, keeping the
 * row's kind (so the changelog is the input's); a LEFT join pads a row that no element joins.
 */
public final class CorrelatePhysicalRel extends SingleRel implements PhysicalRel, TimeAttributes.Provider {
    private final int collectionField;
    private final RelDataType elementType;
    private final boolean withOrdinality;
    private final JoinRelType joinType;
    private final RexNode condition;
    private final boolean keepsInput;

    public CorrelatePhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelDataType rowType,
                                int collectionField, RelDataType elementType, boolean withOrdinality,
                                JoinRelType joinType, RexNode condition, boolean keepsInput) {
        super(cluster, traits, input);
        this.rowType = rowType;
        this.collectionField = collectionField;
        this.elementType = elementType;
        this.withOrdinality = withOrdinality;
        this.joinType = joinType;
        this.condition = condition;
        this.keepsInput = keepsInput;
    }

    static CorrelatePhysicalRel of(UnnestLogicalRel unnest, RelTraitSet traits, RelNode input) {
        return new CorrelatePhysicalRel(unnest.getCluster(), traits, input, unnest.getRowType(),
                unnest.collectionField(), unnest.elementType(), unnest.withOrdinality(), unnest.joinType(),
                unnest.condition(), unnest.keepsInput());
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new CorrelatePhysicalRel(getCluster(), traitSet, sole(inputs), rowType, collectionField, elementType,
                withOrdinality, joinType, condition, keepsInput);
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    /** The index of the input field holding the collection. */
    public int collectionField() {
        return collectionField;
    }

    /** The columns of one element: the element, a ROW element's fields or a MAP entry's key and value, then ORDINALITY. */
    public RelDataType elementType() {
        return elementType;
    }

    public boolean withOrdinality() {
        return withOrdinality;
    }

    public boolean isLeftOuter() {
        return joinType == JoinRelType.LEFT;
    }

    /** Over the input's fields followed by the element columns; null when every element joins. */
    public RexNode condition() {
        return condition;
    }

    public boolean keepsInput() {
        return keepsInput;
    }

    /** The input's time attributes stay attributes (Flink's correlate keeps the left side's). */
    @Override
    public Optional<TimeAttributes.Kind> timeAttribute(int field) {
        return keepsInput && field < input.getRowType().getFieldCount() ? TimeAttributes.of(input, field)
                : Optional.empty();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        String invocation = invocation();
        return super.explainTerms(pw)
                .item("invocation", invocation)
                .item("correlate", "table(" + invocation + ")")
                .item("select", String.join(",", rowType.getFieldNames()))
                .item("rowType", rowType.toString())
                .item("joinType", isLeftOuter() ? "LEFT" : "INNER")
                .itemIf("condition", condition == null ? "" : conditionText(), condition != null);
    }

    /** The operator's name in job graphs, as Flink names a correlate of UNNEST. */
    public String describe() {
        return "Correlate(invocation=[" + invocation() + "], select=[" + String.join(",", rowType.getFieldNames())
                + "], joinType=[" + (isLeftOuter() ? "LEFT" : "INNER") + "]"
                + (condition == null ? "" : ", condition=[" + conditionText() + "]") + ")";
    }

    /** {@code $UNNEST_ROWS$1($cor0.tags)}, Flink's table function call. */
    private String invocation() {
        return (withOrdinality ? "$UNNEST_ROWS_WITH_ORDINALITY$1(" : "$UNNEST_ROWS$1(")
                + (keepsInput ? "$cor0." : "") + input.getRowType().getFieldNames().get(collectionField) + ")";
    }

    /** The condition over the output's own (unique) field names. */
    private String conditionText() {
        return RexFormatter.format(condition, rowType.getFieldNames());
    }
}
