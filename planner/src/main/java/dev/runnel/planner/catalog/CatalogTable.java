package dev.runnel.planner.catalog;

import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.types.RowType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A table registered in the {@link Catalog}: where it lives, its columns of every kind in
 * declared order, the physical ones also as {@link #schema()} (what the connector reads and
 * writes), its {@code WITH} options, comment, watermark, primary key and partition keys.
 *
 * @param name the table's name within its database
 * @param schema the physical columns, in declared order (nullability in each type)
 * @param options the {@code WITH} options, keys as written
 * @param comment the table's comment, or {@code null}
 * @param catalogName the catalog the table lives in
 * @param databaseName the database the table lives in
 * @param columns every column in declared order; its physical ones are exactly {@code schema}
 * @param watermark the watermark, or {@code null}
 * @param primaryKey the primary key, or {@code null}
 * @param partitionKeys the {@code PARTITIONED BY} columns, empty when not partitioned
 */
public record CatalogTable(String name, RowType schema, Map<String, String> options, String comment,
                           String catalogName, String databaseName, List<TableColumn> columns,
                           WatermarkSpec watermark, PrimaryKey primaryKey, List<String> partitionKeys) {
    public CatalogTable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(catalogName, "catalogName");
        Objects.requireNonNull(databaseName, "databaseName");
        options = Collections.unmodifiableMap(new TreeMap<>(options));
        columns = columns == null ? physicalColumns(schema) : List.copyOf(columns);
        partitionKeys = partitionKeys == null ? List.of() : List.copyOf(partitionKeys);
    }

    /** A table of physical columns only in {@code catalogName.databaseName}. */
    public CatalogTable(String name, RowType schema, Map<String, String> options, String comment,
                        String catalogName, String databaseName) {
        this(name, schema, options, comment, catalogName, databaseName, null, null, null, List.of());
    }

    /** A table of physical columns only in {@code default_catalog.default_database}; {@link #withIdentifier} moves it. */
    public CatalogTable(String name, RowType schema, Map<String, String> options, String comment) {
        this(name, schema, options, comment, Catalog.DEFAULT_CATALOG, Catalog.DEFAULT_DATABASE);
    }

    /**
     * A table of {@code columns} of any kind in {@code default_catalog.default_database}
     * ({@link #withIdentifier} moves it); {@link #schema()} is derived from the physical ones.
     */
    public static CatalogTable of(String name, List<TableColumn> columns, Map<String, String> options,
                                  String comment, WatermarkSpec watermark, PrimaryKey primaryKey,
                                  List<String> partitionKeys) {
        List<RowType.Field> physical = new ArrayList<>();
        for (TableColumn c : columns) {
            if (c instanceof TableColumn.Physical) {
                physical.add(new RowType.Field(c.name(), c.type()));
            }
        }
        return new CatalogTable(name, new RowType(physical), options, comment, Catalog.DEFAULT_CATALOG,
                Catalog.DEFAULT_DATABASE, columns, watermark, primaryKey, partitionKeys);
    }

    private static List<TableColumn> physicalColumns(RowType schema) {
        return schema.fields().stream()
                .map(f -> (TableColumn) new TableColumn.Physical(f.name(), f.type(), null)).toList();
    }

    /** Where the table lives. */
    public ObjectIdentifier identifier() {
        return new ObjectIdentifier(catalogName, databaseName, name);
    }

    /** This table under another full name. */
    public CatalogTable withIdentifier(ObjectIdentifier id) {
        return new CatalogTable(id.name(), schema, options, comment, id.catalog(), id.database(), columns, watermark,
                primaryKey, partitionKeys);
    }

    /** This table with other {@code WITH} options. */
    public CatalogTable withOptions(Map<String, String> newOptions) {
        return new CatalogTable(name, schema, newOptions, comment, catalogName, databaseName, columns, watermark,
                primaryKey, partitionKeys);
    }

    /** {@code catalog.database.name}, as Flink prints table identifiers. */
    public String qualifiedName() {
        return identifier().toString();
    }

    /** What connector factories are told about this table. */
    public TableContext toContext() {
        return new TableContext(qualifiedName(), schema, options, partitionKeys,
                primaryKey == null ? List.of() : primaryKey.columns());
    }

    /** Every column's name and type in declared order: the table's row type in queries. */
    public RowType rowType() {
        return new RowType(columns.stream().map(c -> new RowType.Field(c.name(), c.type())).toList());
    }

    /** Whether the table has computed or metadata columns besides its physical ones. */
    public boolean hasNonPhysicalColumns() {
        return columns.stream().anyMatch(c -> !(c instanceof TableColumn.Physical));
    }

    /** The column called {@code columnName}, if any. */
    public TableColumn column(String columnName) {
        return columns.stream().filter(c -> c.name().equals(columnName)).findFirst().orElse(null);
    }
}
