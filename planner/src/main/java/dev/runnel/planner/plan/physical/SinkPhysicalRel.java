package dev.runnel.planner.plan.physical;

import dev.runnel.planner.catalog.CatalogTable;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;

/**
 * Writes its input into a catalog table's connector: rows of the table's physical columns
 * followed by the values of its written metadata columns
 * ({@link dev.runnel.planner.catalog.MetadataColumns#writtenColumns}).
 */
public final class SinkPhysicalRel extends SingleRel implements PhysicalRel {
    private final CatalogTable table;

    public SinkPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, CatalogTable table) {
        super(cluster, traits, input);
        this.table = table;
    }

    public CatalogTable table() {
        return table;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new SinkPhysicalRel(getCluster(), traitSet, sole(inputs), table);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw)
                .item("table", table.qualifiedName())
                .item("connector", table.options().getOrDefault("connector", "?"))
                .item("fields", String.join(", ", getRowType().getFieldNames()));
    }
}
