package dev.runnel.planner.plan.logical;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.MetadataColumns;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.plan.RelTrees;
import dev.runnel.runtime.types.DataType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.prepare.RelOptTableImpl;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Gives the scan of a table with metadata columns the row type its source produces, as Flink's
 * catalog source does: the physical columns, then each metadata key the columns read
 * ({@link MetadataColumns#readKeys}) with the connector's type for it, named by the key (by
 * {@code $metadata$key} where a physical column has that name). A projection over it puts the
 * columns back in declared order and casts each metadata value to its column's type, so that
 * everything above sees the scan SqlToRel made; the optimizer merges it with the query's.
 */
public final class MetadataScans {
    private MetadataScans() {
    }

    /** {@code rel} with the scans of tables with metadata columns rewritten; other nodes are kept. */
    public static RelNode rewrite(RelNode rel) {
        return RelTrees.rewriteBottomUp(rel, node -> {
            if (!(node instanceof TableScan scan)) {
                return node;
            }
            CatalogSchema.TableAdapter adapter = scan.getTable().unwrap(CatalogSchema.TableAdapter.class);
            return adapter == null || !MetadataColumns.any(adapter.catalogTable()) ? scan
                    : sourceScan(scan, adapter.catalogTable());
        });
    }

    /**
     * The connector's type of {@code key}, nullable when a nullable column of that type sans
     * nullability reads it: a NOT NULL value is a valid nullable one, and the plan then shows no
     * cast that changes nothing but nullability.
     */
    private static RelDataType producedType(CatalogTable table, String key, RelDataType type, RelDataTypeFactory types) {
        boolean nullable = false;
        for (TableColumn c : table.columns()) {
            if (c instanceof TableColumn.Metadata m && m.key().equals(key)) {
                RelDataType declared = TypeConversions.toRelDataType(m.type(), types);
                if (!SqlTypeUtil.equalSansNullability(types, declared, type)) {
                    return type;
                }
                nullable |= declared.isNullable();
            }
        }
        return types.createTypeWithNullability(type, type.isNullable() || nullable);
    }

    private static RelNode sourceScan(TableScan scan, CatalogTable table) {
        List<String> declared = table.columns().stream().filter(c -> !(c instanceof TableColumn.Computed))
                .map(TableColumn::name).toList();
        if (!scan.getRowType().getFieldNames().equals(declared)) {
            return scan; // rewritten already: it has the source's row type
        }
        RelDataTypeFactory types = scan.getCluster().getTypeFactory();
        List<String> keys = MetadataColumns.readKeys(table);
        Map<String, DataType> readable = MetadataColumns.factory(table).readableMetadata();
        RelDataTypeFactory.Builder produced = types.builder();
        Set<String> names = new HashSet<>();
        for (RelDataTypeField field : scan.getRowType().getFieldList()) {
            if (table.column(field.getName()) instanceof TableColumn.Physical) {
                produced.add(field);
                names.add(field.getName());
            }
        }
        int physical = produced.getFieldCount();
        for (String key : keys) {
            produced.add(names.contains(key) ? "$metadata$" + key : key, producedType(table, key,
                    TypeConversions.toRelDataType(readable.get(key), types), types));
        }
        if (!(scan.getTable() instanceof RelOptTableImpl relTable)) {
            throw new IllegalStateException("Scan of " + table.qualifiedName() + " has no Calcite table to copy");
        }
        LogicalTableScan source = LogicalTableScan.create(scan.getCluster(), relTable.copy(produced.build()),
                scan.getHints());
        RexBuilder rex = scan.getCluster().getRexBuilder();
        List<RexNode> projects = new ArrayList<>();
        int nextPhysical = 0;
        for (RelDataTypeField field : scan.getRowType().getFieldList()) {
            if (table.column(field.getName()) instanceof TableColumn.Metadata m) {
                RexNode value = rex.makeInputRef(source, physical + keys.indexOf(m.key()));
                projects.add(value.getType().equals(field.getType()) ? value
                        : rex.makeAbstractCast(field.getType(), value, false));
            } else {
                projects.add(rex.makeInputRef(source, nextPhysical++));
            }
        }
        return LogicalProject.create(source, List.of(), projects, scan.getRowType().getFieldNames(), Set.of());
    }
}
