package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A processing-time temporal join, or lookup join ({@link LookupJoinSpec}): its one input is the
 * left side; the table is looked up, not read as a stream, so it is no input. Rows keep their
 * kind, so the changelog is the input's (Flink's {@code StreamPhysicalLookupJoin}).
 */
public final class LookupJoinPhysicalRel extends SingleRel implements PhysicalRel, TimeAttributes.Provider {
    private final LookupJoinSpec spec;

    /** @param rowType {@code left ++ table}, the table's fields nullable in a LEFT join */
    public LookupJoinPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelDataType rowType,
                                 LookupJoinSpec spec) {
        super(cluster, traits, input);
        this.rowType = rowType;
        this.spec = spec;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new LookupJoinPhysicalRel(getCluster(), traitSet, sole(inputs), rowType, spec);
    }

    public LookupJoinSpec spec() {
        return spec;
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    /** The input's time attributes stay attributes; the table's fields are plain values. */
    @Override
    public Optional<TimeAttributes.Kind> timeAttribute(int field) {
        return field < input.getRowType().getFieldCount() ? TimeAttributes.of(input, field) : Optional.empty();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw)
                .item("table", spec.table().qualifiedName())
                .item("joinType", JoinPhysicalRel.flinkJoinType(spec.joinType()))
                .item("lookup", lookup())
                .itemIf("where", spec.residual() == null ? "" : residual(), spec.residual() != null)
                .item("select", String.join(", ", getRowType().getFieldNames()));
    }

    /** The operator's name in job graphs, as Flink names it. */
    public String describe() {
        return "LookupJoin(table=[" + spec.table().qualifiedName() + "], joinType=["
                + JoinPhysicalRel.flinkJoinType(spec.joinType()) + "], lookup=[" + lookup() + "]"
                + (spec.residual() == null ? "" : ", where=[" + residual() + "]")
                + ", select=[" + String.join(", ", getRowType().getFieldNames()) + "])";
    }

    public boolean isLeftOuter() {
        return spec.joinType() == JoinRelType.LEFT;
    }

    /** {@code key=MOD(auction, 10000)}: each looked-up field with the left value it must equal. */
    private String lookup() {
        List<String> leftNames = input.getRowType().getFieldNames();
        List<String> rightNames = spec.rightType().getFieldNames();
        List<String> keys = new ArrayList<>();
        for (LookupJoinSpec.LookupKey key : spec.keys()) {
            keys.add(rightNames.get(key.rightField()) + (key.nullSafe() ? " IS NOT DISTINCT FROM " : "=")
                    + RexFormatter.format(key.value(), leftNames));
        }
        return String.join(", ", keys);
    }

    private String residual() {
        List<String> names = new ArrayList<>(input.getRowType().getFieldNames());
        names.addAll(spec.rightType().getFieldNames());
        return RexFormatter.format(spec.residual(), names);
    }
}
