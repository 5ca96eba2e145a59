package dev.runnel.planner.plan.logical;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A Top-N ({@link RankSpec}): the rows of each partition whose rank is in the range, made from
 * {@code WHERE rn <= N} over {@code ROW_NUMBER() OVER (…) AS rn} by {@link RankRules}. Its
 * rows are the input's, followed by the rank number when the query uses it.
 */
public final class RankLogicalRel extends SingleRel {
    private final RankSpec spec;

    public RankLogicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RankSpec spec) {
        super(cluster, traits, input);
        this.spec = spec;
    }

    public RankSpec spec() {
        return spec;
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType(getCluster().getTypeFactory(), getInput().getRowType(), spec);
    }

    /** The input's fields, then the rank number ({@code BIGINT NOT NULL}) if it is output. */
    public static RelDataType rowType(RelDataTypeFactory factory, RelDataType input, RankSpec spec) {
        if (!spec.outputRankNumber()) {
            return input;
        }
        return factory.builder().addAll(input.getFieldList())
                .add(spec.rankFieldName(), factory.createSqlType(SqlTypeName.BIGINT)).build();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new RankLogicalRel(getCluster(), traitSet, sole(inputs), spec);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        RelWriter w = super.explainTerms(pw);
        spec.explainItems(getInput().getRowType().getFieldNames()).forEach(w::item);
        return w.item("select", String.join(", ", getRowType().getFieldNames()));
    }
}
