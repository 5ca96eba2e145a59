package dev.runnel.planner.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The session's in-memory catalog. Like Flink's default in-memory catalog it has one catalog
 * ({@code default_catalog}) holding one database ({@code default_database}). Table names are
 * case-sensitive. Not thread-safe: a session runs one statement at a time.
 */
public final class Catalog {
    public static final String DEFAULT_CATALOG = "default_catalog";
    public static final String DEFAULT_DATABASE = "default_database";

    private final Map<String, CatalogTable> tables = new TreeMap<>();

    /**
     * Registers {@code table}. Returns false (and changes nothing) when a table of that name
     * exists and {@code ifNotExists} is set.
     *
     * @throws CatalogException when the table exists and {@code ifNotExists} is not set
     */
    public boolean createTable(CatalogTable table, boolean ifNotExists) {
        if (tables.containsKey(table.name())) {
            if (ifNotExists) {
                return false;
            }
            throw new CatalogException("Table " + table.qualifiedName() + " already exists");
        }
        tables.put(table.name(), table);
        return true;
    }

    /**
     * Removes the table called {@code name}. Returns false when there is none and
     * {@code ifExists} is set.
     *
     * @throws CatalogException when there is no such table and {@code ifExists} is not set
     */
    public boolean dropTable(String name, boolean ifExists) {
        if (tables.remove(name) == null) {
            if (ifExists) {
                return false;
            }
            throw new CatalogException("Table with identifier '" + DEFAULT_CATALOG + "." + DEFAULT_DATABASE
                    + "." + name + "' does not exist");
        }
        return true;
    }

    public Optional<CatalogTable> table(String name) {
        return Optional.ofNullable(tables.get(name));
    }

    /** Table names in alphabetical order. */
    public List<String> tableNames() {
        return new ArrayList<>(tables.keySet());
    }

    /** A read-only view of every table, by name. */
    Map<String, CatalogTable> tables() {
        return Collections.unmodifiableMap(tables);
    }
}
