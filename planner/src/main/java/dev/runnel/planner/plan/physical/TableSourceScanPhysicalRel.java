package dev.runnel.planner.plan.physical;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;

/**
 * Reads a catalog table through its connector's source. Its changelog mode is what the
 * connector (and the table's format) says the source emits: {@code [I]} for most tables,
 * {@code [I,UB,UA,D]} for a changelog source such as a {@code debezium-json} file. It is bounded
 * when that source is.
 */
public final class TableSourceScanPhysicalRel extends TableScan implements PhysicalRel {
    private ChangelogMode changelogMode;
    private Boolean bounded;

    public TableSourceScanPhysicalRel(RelOptCluster cluster, RelTraitSet traitSet, RelOptTable table) {
        super(cluster, traitSet, List.of(), table);
    }

    /** The catalog entry this scan reads. */
    public CatalogTable catalogTable() {
        return table.unwrapOrThrow(CatalogSchema.TableAdapter.class).catalogTable();
    }

    @Override
    public ChangelogMode changelogMode() {
        if (changelogMode == null) {
            TableContext context = catalogTable().toContext();
            try {
                changelogMode = new ChangelogMode(ConnectorFactories.factoryFor(context).sourceChangelogMode(context));
            } catch (ConfigException e) {
                // wrong options fail the translation, which places the error in the statement
                return ChangelogMode.INSERT_ONLY;
            }
        }
        return changelogMode;
    }

    /** Whether the connector's source of this table ends by itself (a file, datagen with {@code number-of-rows}). */
    @Override
    public boolean isBounded() {
        if (bounded == null) {
            TableContext context = catalogTable().toContext();
            try {
                bounded = ConnectorFactories.factoryFor(context).createSource(context).isBounded();
            } catch (ConfigException e) {
                // as for the changelog mode: the translation reports wrong options in place
                return false;
            }
        }
        return bounded;
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
