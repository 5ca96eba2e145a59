package dev.runnel.planner.plan.logical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * Emits each input row {@code [n, f1, …, fk]} {@code n} times, each copy followed by its fields
 * again ({@code [n, f1, …, fk, f1, …, fk]}): Flink's correlate with the {@code $REPLICATE_ROWS$1}
 * table function, which its {@code INTERSECT ALL} and {@code EXCEPT ALL} plans end in
 * ({@link SetOpRules}). Each copy has the kind of its input row, so a retracted count retracts
 * that many copies. {@code n} is a BIGINT.
 */
public final class ReplicateRowsLogicalRel extends SingleRel {

    public ReplicateRowsLogicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input) {
        super(cluster, traits, input);
        this.rowType = rowType(cluster.getTypeFactory(), input.getRowType());
    }

    public static ReplicateRowsLogicalRel create(RelNode input) {
        return new ReplicateRowsLogicalRel(input.getCluster(), input.getCluster().traitSetOf(Convention.NONE), input);
    }

    /** {@code input}'s fields, then its fields but the count again, with unique names ({@code a} and {@code a0}). */
    public static RelDataType rowType(RelDataTypeFactory types, RelDataType input) {
        List<RelDataTypeField> fields = input.getFieldList();
        List<String> names = new ArrayList<>(input.getFieldNames());
        List<RelDataType> fieldTypes = new ArrayList<>();
        fields.forEach(f -> fieldTypes.add(f.getType()));
        for (int i = 1; i < fields.size(); i++) {
            names.add(fields.get(i).getName());
            fieldTypes.add(fields.get(i).getType());
        }
        return types.createStructType(fieldTypes, SqlValidatorUtil.uniquify(names, SqlValidatorUtil.EXPR_SUGGESTER, true));
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new ReplicateRowsLogicalRel(getCluster(), traitSet, sole(inputs));
    }
}
