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
 * @param name the table's name within {@code default_catalog.default_database}
 * @param schema the physical columns
 * @param options the {@code WITH} options, keys as written
 * @param comment the table's comment, or {@code null}
 */
public record CatalogTable(String name, RowType schema, Map<String, String> options, String comment) {
    public CatalogTable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(schema, "schema");
        options = Collections.unmodifiableMap(new TreeMap<>(options));
    }

    /** {@code default_catalog.default_database.<name>}, as Flink prints table identifiers. */
    public String qualifiedName() {
        return Catalog.DEFAULT_CATALOG + "." + Catalog.DEFAULT_DATABASE + "." + name;
    }

    /** What connector factories are told about this table. */
    public TableContext toContext() {
        return new TableContext(qualifiedName(), schema, options);
    }
}
