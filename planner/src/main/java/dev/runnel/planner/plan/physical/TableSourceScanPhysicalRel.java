package dev.runnel.planner.plan.physical;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.CatalogTable;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;

/** Reads a catalog table through its connector's source. */
public final class TableSourceScanPhysicalRel extends TableScan implements PhysicalRel {

    public TableSourceScanPhysicalRel(RelOptCluster cluster, RelTraitSet traitSet, RelOptTable table) {
        super(cluster, traitSet, List.of(), table);
    }

    /** The catalog entry this scan reads. */
    public CatalogTable catalogTable() {
        return table.unwrapOrThrow(CatalogSchema.TableAdapter.class).catalogTable();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new TableSourceScanPhysicalRel(getCluster(), traitSet, table);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        CatalogTable t = catalogTable();
        return pw.item("table", t.qualifiedName())
                .item("connector", t.options().getOrDefault("connector", "?"))
                .item("fields", String.join(", ", getRowType().getFieldNames()));
    }
}
