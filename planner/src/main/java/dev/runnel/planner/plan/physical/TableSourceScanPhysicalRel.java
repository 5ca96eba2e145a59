package dev.runnel.planner.plan.physical;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.RowKind;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Reads a catalog table through its connector's source. Its changelog mode is what the
 * connector (and the table's format) says the source emits: {@code [I]} for most tables,
 * {@code [I,UB,UA,D]} for a changelog source such as a {@code debezium-json} file (or an upsert
 * source with the ChangelogNormalize after it). It is bounded
 * when that source is.
 */
public final class TableSourceScanPhysicalRel extends TableScan implements PhysicalRel {
    private ChangelogMode sourceMode;
    private Boolean bounded;

    public TableSourceScanPhysicalRel(RelOptCluster cluster, RelTraitSet traitSet, RelOptTable table) {
        super(cluster, traitSet, List.of(), table);
    }

    /** The catalog entry this scan reads. */
    public CatalogTable catalogTable() {
        return table.unwrapOrThrow(CatalogSchema.TableAdapter.class).catalogTable();
    }

    /**
     * The mode of the rows above the scan: a source of upserts ({@link #isUpsertSource()}) is
     * followed by a ChangelogNormalize, which completes its changelog, so operators planned over
     * the scan see {@code [I,UB,UA,D]}.
     */
    @Override
    public ChangelogMode changelogMode() {
        ChangelogMode source = sourceChangelogMode();
        return isUpsertSource() ? ChangelogMode.ALL : source;
    }

    /** What the connector's source emits. */
    private ChangelogMode sourceChangelogMode() {
        if (sourceMode == null) {
            TableContext context = catalogTable().toContext();
            try {
                sourceMode = new ChangelogMode(ConnectorFactories.factoryFor(context).sourceChangelogMode(context));
            } catch (ConfigException e) {
                // wrong options fail the translation, which places the error in the statement
                return ChangelogMode.INSERT_ONLY;
            }
        }
        return sourceMode;
    }

    /**
     * Whether the source emits upserts by key ({@code +U} without the {@code -U} before it, and
     * deletes of keys), as {@code upsert-kafka} does: then {@link ChangelogNormalization} keys
     * it by the table's primary key.
     */
    public boolean isUpsertSource() {
        Set<RowKind> kinds = sourceChangelogMode().kinds();
        return kinds.contains(RowKind.UPDATE_AFTER) && !kinds.contains(RowKind.UPDATE_BEFORE);
    }

    /** The positions of the primary key's columns in the scan's rows. */
    public ImmutableBitSet primaryKeyFields() {
        List<String> names = getRowType().getFieldNames();
        CatalogTable t = catalogTable();
        return t.primaryKey() == null ? ImmutableBitSet.of()
                : ImmutableBitSet.of(t.primaryKey().columns().stream().mapToInt(names::indexOf).toArray());
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
