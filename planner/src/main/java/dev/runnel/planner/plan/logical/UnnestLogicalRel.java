package dev.runnel.planner.plan.logical;

import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Uncollect;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * Each input row joined with each element of one of its collection fields ({@link Unnests}),
 * Flink's correlate of the input with its {@code $UNNEST_ROWS} table function.
 *
 * <p>The elements are the columns of {@link Uncollect}: the element itself, the fields of a
 * ROW element, or a MAP entry's key and value, then the 1-based {@code ORDINALITY} when asked.
 * The row type is the input's fields (when {@link #keepsInput()}) followed by these columns,
 * nullable in a LEFT join, where an input row that no element joins is padded with NULLs.
 *
 * @see dev.runnel.planner.plan.physical.CorrelatePhysicalRel
 */
public final class UnnestLogicalRel extends SingleRel {
    private final int collectionField;
    private final RelDataType elementType;
    private final boolean withOrdinality;
    private final JoinRelType joinType;
    private final RexNode condition;
    private final boolean keepsInput;

    /**
     * @param elementType the columns of the elements (the uncollect's row type)
     * @param condition   over the input's fields followed by the element columns; null for none
     */
    public UnnestLogicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, int collectionField,
                            RelDataType elementType, boolean withOrdinality, JoinRelType joinType, RexNode condition,
                            boolean keepsInput) {
        super(cluster, traits, input);
        this.collectionField = collectionField;
        this.elementType = elementType;
        this.withOrdinality = withOrdinality;
        this.joinType = joinType;
        this.condition = condition;
        this.keepsInput = keepsInput;
    }

    static UnnestLogicalRel create(RelNode input, int collectionField, Uncollect uncollect, JoinRelType joinType,
                                   RexNode condition, boolean keepsInput) {
        RelOptCluster cluster = input.getCluster();
        return new UnnestLogicalRel(cluster, cluster.traitSetOf(Convention.NONE), input, collectionField,
                uncollect.getRowType(), uncollect.withOrdinality, joinType, condition, keepsInput);
    }

    @Override
    protected RelDataType deriveRowType() {
        RelDataTypeFactory f = getCluster().getTypeFactory();
        RelDataTypeFactory.Builder builder = f.builder();
        if (keepsInput) {
            builder.addAll(input.getRowType().getFieldList());
        }
        elementType.getFieldList().forEach(field -> builder.add(field.getName(),
                joinType == JoinRelType.LEFT ? f.createTypeWithNullability(field.getType(), true) : field.getType()));
        return builder.uniquify().build();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new UnnestLogicalRel(getCluster(), traitSet, sole(inputs), collectionField, elementType,
                withOrdinality, joinType, condition, keepsInput);
    }

    @Override
    public RelNode accept(RexShuttle shuttle) {
        RexNode visited = condition == null ? null : condition.accept(shuttle);
        return visited == condition ? this : new UnnestLogicalRel(getCluster(), traitSet, input, collectionField,
                elementType, withOrdinality, joinType, visited, keepsInput);
    }

    public int collectionField() {
        return collectionField;
    }

    public RelDataType elementType() {
        return elementType;
    }

    public boolean withOrdinality() {
        return withOrdinality;
    }

    public JoinRelType joinType() {
        return joinType;
    }

    /** Over the input's fields followed by the element columns; null when every element joins. */
    public RexNode condition() {
        return condition;
    }

    /** Whether the output starts with the input's fields (a correlate), or holds the elements only. */
    public boolean keepsInput() {
        return keepsInput;
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw)
                .item("collection", input.getRowType().getFieldNames().get(collectionField))
                .itemIf("withOrdinality", true, withOrdinality)
                .item("joinType", joinType)
                .itemIf("condition", condition, condition != null);
    }
}
