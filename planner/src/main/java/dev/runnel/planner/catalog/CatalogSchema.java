package dev.runnel.planner.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql2rel.InitializerExpressionFactory;

/**
 * Shows the {@link Catalog} to Calcite: a root schema with {@code default_catalog}, which holds
 * {@code default_database}, whose tables are read from the catalog on every lookup (so tables
 * created or dropped later are seen without rebuilding anything).
 */
public final class CatalogSchema extends AbstractSchema {
    /** The schema path that unqualified table names resolve against. */
    public static final List<String> DEFAULT_PATH = List.of(Catalog.DEFAULT_CATALOG, Catalog.DEFAULT_DATABASE);

    private final Catalog catalog;

    private CatalogSchema(Catalog catalog) {
        this.catalog = catalog;
    }

    /** A root schema (not caching) over {@code catalog}. */
    public static CalciteSchema rootSchema(Catalog catalog) {
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        SchemaPlus catalogSchema = root.plus().add(Catalog.DEFAULT_CATALOG, new AbstractSchema());
        catalogSchema.add(Catalog.DEFAULT_DATABASE, new CatalogSchema(catalog));
        return root;
    }

    @Override
    protected Map<String, Table> getTableMap() {
        Map<String, Table> map = new LinkedHashMap<>();
        catalog.tables().forEach((name, table) -> map.put(name, new TableAdapter(table)));
        return map;
    }

    /** A catalog table as a Calcite {@link Table}; unwrap a scan's table to this to get the catalog entry. */
    public static final class TableAdapter extends AbstractTable {
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

        /** Computed columns are told to Calcite as virtual columns (see {@link ComputedColumns}). */
        @Override
        public <C> C unwrap(Class<C> type) {
            if (type == InitializerExpressionFactory.class) {
                return type.cast(new ComputedColumns(table));
            }
            return super.unwrap(type);
        }
    }
}
