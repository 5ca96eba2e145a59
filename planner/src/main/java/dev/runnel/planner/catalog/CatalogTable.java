package dev.runnel.planner.catalog;

import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.types.RowType;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A table registered in the {@link Catalog}: its columns (with nullability in each
 * {@link dev.runnel.runtime.types.DataType}), its {@code WITH} options and an optional comment.
 *
 * @param name the table's name within its database
 * @param schema the physical columns
 * @param options the {@code WITH} options, keys as written
 * @param comment the table's comment, or {@code null}
 * @param catalogName the catalog the table lives in
 * @param databaseName the database the table lives in
 */
public record CatalogTable(String name, RowType schema, Map<String, String> options, String comment,
        String catalogName, String databaseName) {
    public CatalogTable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(catalogName, "catalogName");
        Objects.requireNonNull(databaseName, "databaseName");
        options = Collections.unmodifiableMap(new TreeMap<>(options));
    }

    /** A table in {@code default_catalog.default_database}; {@link #withIdentifier} moves it. */
    public CatalogTable(String name, RowType schema, Map<String, String> options, String comment) {
        this(name, schema, options, comment, Catalog.DEFAULT_CATALOG, Catalog.DEFAULT_DATABASE);
    }

    /** Where the table lives. */
    public ObjectIdentifier identifier() {
        return new ObjectIdentifier(catalogName, databaseName, name);
    }

    /** This table under another full name. */
    public CatalogTable withIdentifier(ObjectIdentifier id) {
        return new CatalogTable(id.name(), schema, options, comment, id.catalog(), id.database());
    }

    /** This table with other {@code WITH} options. */
    public CatalogTable withOptions(Map<String, String> newOptions) {
        return new CatalogTable(name, schema, newOptions, comment, catalogName, databaseName);
    }

    /** {@code catalog.database.name}, as Flink prints table identifiers. */
    public String qualifiedName() {
        return identifier().toString();
    }

    /** What connector factories are told about this table. */
    public TableContext toContext() {
        return new TableContext(qualifiedName(), schema, options);
    }
}
