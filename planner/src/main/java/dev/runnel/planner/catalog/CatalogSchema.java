package dev.runnel.planner.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.TemporalTable;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.InitializerExpressionFactory;

/**
 * Shows the {@link Catalog} to Calcite: a root schema whose sub-schemas are the catalogs, whose
 * sub-schemas are their databases, whose tables are the database's tables and views. Everything
 * is read from the catalog on every lookup, so objects created, renamed or dropped later are seen
 * without rebuilding anything. Names resolve against {@link #currentPath} (the session's
 * current catalog and database), so {@code t}, {@code db.t} and {@code cat.db.t} all work.
 */
public final class CatalogSchema {
    /** The schema path that unqualified table names resolve against in a fresh catalog. */
    public static final List<String> DEFAULT_PATH = List.of(Catalog.DEFAULT_CATALOG, Catalog.DEFAULT_DATABASE);

    private CatalogSchema() {
    }

    /** A root schema (not caching) over {@code catalog}. */
    public static CalciteSchema rootSchema(Catalog catalog) {
        return CalciteSchema.createRootSchema(false, false, "", new RootSchema(catalog));
    }

    /** The schema path of the catalog's current database, against which unqualified names resolve. */
    public static List<String> currentPath(Catalog catalog) {
        return List.of(catalog.currentCatalog(), catalog.currentDatabase());
    }

    private static final class RootSchema extends AbstractSchema {
        private final Catalog catalog;

        RootSchema(Catalog catalog) {
            this.catalog = catalog;
        }

        @Override
        protected Map<String, Schema> getSubSchemaMap() {
            Map<String, Schema> map = new LinkedHashMap<>();
            for (String name : catalog.catalogNames()) {
                map.put(name, new CatalogLevelSchema(catalog, name));
            }
            return map;
        }
    }

    private static final class CatalogLevelSchema extends AbstractSchema {
        private final Catalog catalog;
        private final String catalogName;

        CatalogLevelSchema(Catalog catalog, String catalogName) {
            this.catalog = catalog;
            this.catalogName = catalogName;
        }

        @Override
        protected Map<String, Schema> getSubSchemaMap() {
            Map<String, Schema> map = new LinkedHashMap<>();
            if (catalog.hasCatalog(catalogName)) {
                for (String name : catalog.databaseNames(catalogName)) {
                    map.put(name, new DatabaseSchema(catalog, catalogName, name));
                }
            }
            return map;
        }
    }

    private static final class DatabaseSchema extends AbstractSchema {
        private final Catalog catalog;
        private final String catalogName;
        private final String databaseName;

        DatabaseSchema(Catalog catalog, String catalogName, String databaseName) {
            this.catalog = catalog;
            this.catalogName = catalogName;
            this.databaseName = databaseName;
        }

        @Override
        protected Map<String, Table> getTableMap() {
            Map<String, Table> map = new LinkedHashMap<>();
            if (!catalog.hasDatabase(catalogName, databaseName)) {
                return map;
            }
            for (String name : catalog.objectNames(catalogName, databaseName)) {
                ObjectIdentifier id = new ObjectIdentifier(catalogName, databaseName, name);
                // A temporary view shadows a permanent object of the same name, as in Flink.
                catalog.view(id).ifPresentOrElse(
                        view -> map.put(name, new ViewAdapter(view)),
                        () -> catalog.table(id).ifPresent(table -> map.put(name, new TableAdapter(table))));
            }
            return map;
        }
    }

    /**
     * A catalog table as a Calcite {@link Table}; unwrap a scan's table to this to get the catalog
     * entry. Every table may be named in {@code FOR SYSTEM_TIME AS OF} as far as Calcite is
     * concerned ({@link TemporalTable}); the temporal join rules check that it is a versioned table.
     */
    public static final class TableAdapter extends AbstractTable implements TemporalTable {
        private final CatalogTable table;

        TableAdapter(CatalogTable table) {
            this.table = table;
        }

        public CatalogTable catalogTable() {
            return table;
        }

        @Override
        public RelDataType getRowType(RelDataTypeFactory typeFactory) {
            return TypeConversions.toRelDataType(table.rowType(), typeFactory);
        }

        /** The rowtime column (empty without a watermark): versions are valid from their row time. */
        @Override
        public String getSysStartFieldName() {
            return table.watermark() == null ? "" : table.watermark().rowtimeColumn();
        }

        @Override
        public String getSysEndFieldName() {
            return getSysStartFieldName();
        }

        /** Computed columns are told to Calcite as virtual columns (see {@link ComputedColumns}). */
        @Override
        public <C> C unwrap(Class<C> type) {
            if (type == InitializerExpressionFactory.class) {
                return type.cast(new ComputedColumns(table));
            }
            return super.unwrap(type);
        }
    }

    /**
     * A view as a Calcite {@link Table}: validation sees its stored row type; conversion to
     * relational algebra expands its query through the converter's view expander and renames
     * (and, where a type drifted, casts) the result to that row type.
     */
    public static final class ViewAdapter extends AbstractTable implements TranslatableTable {
        private final CatalogView view;

        ViewAdapter(CatalogView view) {
            this.view = view;
        }

        public CatalogView catalogView() {
            return view;
        }

        @Override
        public RelDataType getRowType(RelDataTypeFactory typeFactory) {
            return TypeConversions.toRelDataType(view.schema(), typeFactory);
        }

        @Override
        public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
            RelDataType rowType = relOptTable.getRowType();
            ObjectIdentifier id = view.identifier();
            RelRoot root = context.expandView(rowType, view.expandedQuery(),
                    List.of(id.catalog(), id.database()), id.toList());
            RelNode rel = root.project();
            if (RelOptUtil.areRowTypesEqual(rowType, rel.getRowType(), true)) {
                return rel;
            }
            // Rename to the view's column list and cast where a type drifted since creation.
            RexBuilder rex = context.getCluster().getRexBuilder();
            List<RexNode> projects = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int i = 0; i < rowType.getFieldCount(); i++) {
                RelDataType target = rowType.getFieldList().get(i).getType();
                RexNode ref = rex.makeInputRef(rel, i);
                if (!SqlTypeUtil.equalSansNullability(rex.getTypeFactory(), ref.getType(), target)) {
                    ref = rex.makeCast(rex.getTypeFactory().createTypeWithNullability(target, ref.getType().isNullable()),
                            ref);
                }
                projects.add(ref);
                names.add(rowType.getFieldList().get(i).getName());
            }
            return LogicalProject.create(rel, List.of(), projects, names, Set.of());
        }
    }
}
