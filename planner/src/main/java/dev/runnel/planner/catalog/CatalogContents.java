package dev.runnel.planner.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The permanent objects of a {@link CatalogStore}, as one immutable value: catalogs (with their
 * descriptions), their databases, and each database's tables, (permanent) views and catalog
 * functions. Every change returns a new value, or this one when there is nothing to do (an
 * {@code IF [NOT] EXISTS} that applies), or throws {@link CatalogException} having changed
 * nothing. Names are case-sensitive; each name in a database is used by at most one table or
 * view (functions have their own names).
 *
 * <p>Immutable, hence safe to read from any thread while a store publishes a newer value.
 * Temporary objects and the current catalog and database are not here: they belong to a
 * session ({@link Catalog}).
 */
public final class CatalogContents {
    private final Map<String, StoredCatalog> catalogs;

    /** A catalog: its description and its databases by name. */
    record StoredCatalog(CatalogDescription description, Map<String, StoredDatabase> databases) {
        StoredCatalog {
            databases = Collections.unmodifiableMap(new TreeMap<>(databases));
        }

        StoredCatalog withDatabases(UnaryOperator<Map<String, StoredDatabase>> change) {
            return new StoredCatalog(description, change.apply(new TreeMap<>(databases)));
        }
    }

    /** A database: its description and its objects by name. */
    record StoredDatabase(CatalogDatabase description, Map<String, CatalogTable> tables,
                          Map<String, CatalogView> views, Map<String, CatalogFunction> functions) {
        StoredDatabase {
            tables = Collections.unmodifiableMap(new TreeMap<>(tables));
            views = Collections.unmodifiableMap(new TreeMap<>(views));
            functions = Collections.unmodifiableMap(new TreeMap<>(functions));
        }

        static StoredDatabase empty(CatalogDatabase description) {
            return new StoredDatabase(description, Map.of(), Map.of(), Map.of());
        }

        /** Whether it holds no tables or views (DROP DATABASE without CASCADE, as in Runnel before). */
        boolean isEmpty() {
            return tables.isEmpty() && views.isEmpty();
        }

        StoredDatabase withTables(UnaryOperator<Map<String, CatalogTable>> change) {
            return new StoredDatabase(description, change.apply(new TreeMap<>(tables)), views, functions);
        }

        StoredDatabase withViews(UnaryOperator<Map<String, CatalogView>> change) {
            return new StoredDatabase(description, tables, change.apply(new TreeMap<>(views)), functions);
        }

        StoredDatabase withFunctions(UnaryOperator<Map<String, CatalogFunction>> change) {
            return new StoredDatabase(description, tables, views, change.apply(new TreeMap<>(functions)));
        }
    }

    CatalogContents(Map<String, StoredCatalog> catalogs) {
        this.catalogs = Collections.unmodifiableMap(new TreeMap<>(catalogs));
    }

    /** What a new store holds: {@code default_catalog} with an empty {@code default_database}, as in Flink. */
    public static CatalogContents initial() {
        CatalogDescription description = new CatalogDescription(CatalogDescription.GENERIC_IN_MEMORY, null, Map.of(),
                Catalog.DEFAULT_DATABASE);
        StoredCatalog catalog = new StoredCatalog(description,
                Map.of(Catalog.DEFAULT_DATABASE, StoredDatabase.empty(CatalogDatabase.empty())));
        return new CatalogContents(Map.of(Catalog.DEFAULT_CATALOG, catalog));
    }

    /** The catalogs by name, for the codec. */
    Map<String, StoredCatalog> catalogs() {
        return catalogs;
    }

    // ----------------------------------------------------------------------------------- reading

    /** Catalog names in alphabetical order. */
    public List<String> catalogNames() {
        return new ArrayList<>(catalogs.keySet());
    }

    public boolean hasCatalog(String catalog) {
        return catalogs.containsKey(catalog);
    }

    public Optional<CatalogDescription> catalogDescription(String catalog) {
        return Optional.ofNullable(catalogs.get(catalog)).map(StoredCatalog::description);
    }

    /**
     * Database names of {@code catalog} in alphabetical order.
     *
     * @throws CatalogException when the catalog does not exist
     */
    public List<String> databaseNames(String catalog) {
        return new ArrayList<>(storedCatalog(catalog).databases().keySet());
    }

    public boolean hasDatabase(String catalog, String database) {
        return catalogs.containsKey(catalog) && catalogs.get(catalog).databases().containsKey(database);
    }

    public Optional<CatalogDatabase> databaseDescription(String catalog, String database) {
        return findDatabase(catalog, database).map(StoredDatabase::description);
    }

    public Optional<CatalogTable> table(ObjectIdentifier id) {
        return findDatabase(id.catalog(), id.database()).map(db -> db.tables().get(id.name()));
    }

    /**
     * Table names (not views) of a database in alphabetical order.
     *
     * @throws CatalogException when the database does not exist
     */
    public List<String> tableNames(String catalog, String database) {
        return new ArrayList<>(storedDatabase(catalog, database).tables().keySet());
    }

    public Optional<CatalogView> view(ObjectIdentifier id) {
        return findDatabase(id.catalog(), id.database()).map(db -> db.views().get(id.name()));
    }

    /** Permanent view names of a database in alphabetical order, none when it does not exist. */
    public List<String> viewNames(String catalog, String database) {
        return findDatabase(catalog, database).map(db -> (List<String>) new ArrayList<>(db.views().keySet()))
                .orElse(List.of());
    }

    /** The catalog function of that identifier (its name normalized, see {@link CatalogFunction}). */
    public Optional<CatalogFunction> function(ObjectIdentifier id) {
        return findDatabase(id.catalog(), id.database()).map(db -> db.functions().get(id.name()));
    }

    /** Catalog function names of a database in alphabetical order, none when it does not exist. */
    public List<String> functionNames(String catalog, String database) {
        return findDatabase(catalog, database).map(db -> (List<String>) new ArrayList<>(db.functions().keySet()))
                .orElse(List.of());
    }

    /** Every catalog function of every database. */
    public List<CatalogFunction> functions() {
        List<CatalogFunction> all = new ArrayList<>();
        catalogs.values().forEach(c -> c.databases().values().forEach(db -> all.addAll(db.functions().values())));
        return all;
    }

    // ----------------------------------------------------------------------------------- catalogs

    /** @throws CatalogException when it exists and not {@code ifNotExists} */
    public CatalogContents createCatalog(String catalog, CatalogDescription description, boolean ifNotExists) {
        if (catalogs.containsKey(catalog)) {
            if (ifNotExists) {
                return this;
            }
            throw new CatalogException("Catalog " + catalog + " already exists.");
        }
        StoredCatalog created = new StoredCatalog(description,
                Map.of(description.defaultDatabase(), StoredDatabase.empty(CatalogDatabase.empty())));
        return withCatalogs(all -> {
            all.put(catalog, created);
            return all;
        });
    }

    /** Drops a catalog with everything in it. @throws CatalogException when it does not exist and not {@code ifExists} */
    public CatalogContents dropCatalog(String catalog, boolean ifExists) {
        if (!catalogs.containsKey(catalog)) {
            if (ifExists) {
                return this;
            }
            throw new CatalogException("Catalog " + catalog + " does not exist.");
        }
        return withCatalogs(all -> {
            all.remove(catalog);
            return all;
        });
    }

    // ----------------------------------------------------------------------------------- databases

    /** @throws CatalogException when the catalog does not exist, or the database does and not {@code ifNotExists} */
    public CatalogContents createDatabase(String catalog, String database, CatalogDatabase description,
                                          boolean ifNotExists) {
        StoredCatalog stored = storedCatalog(catalog);
        if (stored.databases().containsKey(database)) {
            if (ifNotExists) {
                return this;
            }
            throw new CatalogException("Database " + database + " already exists in Catalog " + catalog + ".");
        }
        return withCatalog(catalog, stored.withDatabases(dbs -> {
            dbs.put(database, StoredDatabase.empty(description));
            return dbs;
        }));
    }

    /**
     * Drops a database with its functions.
     *
     * @throws CatalogException when it does not exist (and not {@code ifExists}), or when it holds
     *     tables or views and not {@code cascade}
     */
    public CatalogContents dropDatabase(String catalog, String database, boolean ifExists, boolean cascade) {
        StoredCatalog stored = storedCatalog(catalog);
        StoredDatabase db = stored.databases().get(database);
        if (db == null) {
            if (ifExists) {
                return this;
            }
            throw new CatalogException("Database " + database + " does not exist in Catalog " + catalog + ".");
        }
        if (!cascade && !db.isEmpty()) {
            throw new CatalogException("Database " + database + " in catalog " + catalog + " is not empty."
                    + " Drop its tables and views first, or use DROP DATABASE ... CASCADE.");
        }
        return withCatalog(catalog, stored.withDatabases(dbs -> {
            dbs.remove(database);
            return dbs;
        }));
    }

    // ----------------------------------------------------------------------------------- tables

    /**
     * Registers {@code table} where its identifier says.
     *
     * @throws CatalogException when the database does not exist, or the name is taken and
     *     {@code ifNotExists} is not set (a view of that name is always an error)
     */
    public CatalogContents createTable(CatalogTable table, boolean ifNotExists) {
        ObjectIdentifier id = table.identifier();
        StoredDatabase db = storedDatabase(id.catalog(), id.database());
        if (db.views().containsKey(table.name())) {
            throw new CatalogException("Cannot create table " + table.qualifiedName()
                    + ": a view of that name already exists");
        }
        if (db.tables().containsKey(table.name())) {
            if (ifNotExists) {
                return this;
            }
            throw new CatalogException("Table " + table.qualifiedName() + " already exists");
        }
        return withDatabase(id, db.withTables(tables -> {
            tables.put(table.name(), table);
            return tables;
        }));
    }

    /** @throws CatalogException when there is no such table and {@code ifExists} is not set */
    public CatalogContents dropTable(ObjectIdentifier id, boolean ifExists) {
        if (table(id).isEmpty()) {
            if (ifExists) {
                return this;
            }
            throw new CatalogException("Table with identifier '" + id + "' does not exist");
        }
        return withDatabase(id, storedDatabase(id.catalog(), id.database()).withTables(tables -> {
            tables.remove(id.name());
            return tables;
        }));
    }

    /** Replaces a table by {@code table} (same identifier). @throws CatalogException when there is no such table */
    public CatalogContents alterTable(CatalogTable table) {
        ObjectIdentifier id = table.identifier();
        if (table(id).isEmpty()) {
            throw new CatalogException("Table with identifier '" + id + "' does not exist");
        }
        return withDatabase(id, storedDatabase(id.catalog(), id.database()).withTables(tables -> {
            tables.put(id.name(), table);
            return tables;
        }));
    }

    /** Renames a table within its database. @throws CatalogException when there is none or {@code newName} is taken */
    public CatalogContents renameTable(ObjectIdentifier id, String newName) {
        CatalogTable table = table(id).orElseThrow(
                () -> new CatalogException("Table with identifier '" + id + "' does not exist"));
        StoredDatabase db = storedDatabase(id.catalog(), id.database());
        ObjectIdentifier target = new ObjectIdentifier(id.catalog(), id.database(), newName);
        if (db.tables().containsKey(newName) || db.views().containsKey(newName)) {
            throw new CatalogException("Could not rename table " + id + " to " + newName
                    + ": a table or view with identifier '" + target + "' already exists");
        }
        return withDatabase(id, db.withTables(tables -> {
            tables.remove(id.name());
            tables.put(newName, table.withIdentifier(target));
            return tables;
        }));
    }

    // ----------------------------------------------------------------------------------- views

    /**
     * Registers a permanent view.
     *
     * @throws CatalogException when the database does not exist, when a table has that name, or
     *     when a view has it and not {@code ifNotExists}
     */
    public CatalogContents createView(CatalogView view, boolean ifNotExists) {
        ObjectIdentifier id = view.identifier();
        requirePermanent(view);
        StoredDatabase db = storedDatabase(id.catalog(), id.database());
        if (db.tables().containsKey(id.name())) {
            throw new CatalogException("Cannot create view " + id + ": a table of that name already exists");
        }
        if (db.views().containsKey(id.name())) {
            if (ifNotExists) {
                return this;
            }
            throw new CatalogException("View " + id + " already exists");
        }
        return withDatabase(id, db.withViews(views -> {
            views.put(id.name(), view);
            return views;
        }));
    }

    /** @throws CatalogException when there is no such view and not {@code ifExists} */
    public CatalogContents dropView(ObjectIdentifier id, boolean ifExists) {
        if (view(id).isEmpty()) {
            if (ifExists) {
                return this;
            }
            throw new CatalogException("View with identifier '" + id + "' does not exist");
        }
        return withDatabase(id, storedDatabase(id.catalog(), id.database()).withViews(views -> {
            views.remove(id.name());
            return views;
        }));
    }

    /** Replaces a permanent view by one of the same identifier. @throws CatalogException when there is none */
    public CatalogContents alterView(CatalogView view) {
        ObjectIdentifier id = view.identifier();
        requirePermanent(view);
        StoredDatabase db = storedDatabase(id.catalog(), id.database());
        if (!db.views().containsKey(id.name())) {
            throw new CatalogException("View with identifier '" + id + "' does not exist");
        }
        return withDatabase(id, db.withViews(views -> {
            views.put(id.name(), view);
            return views;
        }));
    }

    /** Renames a permanent view within its database. @throws CatalogException when there is none or {@code newName} is taken */
    public CatalogContents renameView(ObjectIdentifier id, String newName) {
        CatalogView view = view(id).orElseThrow(
                () -> new CatalogException("View with identifier '" + id + "' does not exist"));
        StoredDatabase db = storedDatabase(id.catalog(), id.database());
        ObjectIdentifier target = new ObjectIdentifier(id.catalog(), id.database(), newName);
        if (db.tables().containsKey(newName) || db.views().containsKey(newName)) {
            throw new CatalogException("Cannot rename view " + id + " to " + newName
                    + ": a table or view with identifier '" + target + "' already exists");
        }
        return withDatabase(id, db.withViews(views -> {
            views.remove(id.name());
            views.put(newName, view.withIdentifier(target));
            return views;
        }));
    }

    // ----------------------------------------------------------------------------------- functions

    /**
     * Registers a catalog function.
     *
     * @throws CatalogException when the database does not exist, or the function does and not {@code ifNotExists}
     */
    public CatalogContents createFunction(CatalogFunction function, boolean ifNotExists) {
        ObjectIdentifier id = function.identifier();
        StoredDatabase db = storedDatabase(id.catalog(), id.database());
        if (db.functions().containsKey(id.name())) {
            if (ifNotExists) {
                return this;
            }
            throw new CatalogException("Function '" + id + "' already exists");
        }
        return withDatabase(id, db.withFunctions(functions -> {
            functions.put(id.name(), function);
            return functions;
        }));
    }

    /** @throws CatalogException when there is no such function and not {@code ifExists} */
    public CatalogContents dropFunction(ObjectIdentifier id, boolean ifExists) {
        if (function(id).isEmpty()) {
            if (ifExists) {
                return this;
            }
            throw new CatalogException("Function '" + id + "' does not exist");
        }
        return withDatabase(id, storedDatabase(id.catalog(), id.database()).withFunctions(functions -> {
            functions.remove(id.name());
            return functions;
        }));
    }

    // ----------------------------------------------------------------------------------- helpers

    private static void requirePermanent(CatalogView view) {
        if (view.temporary()) {
            throw new IllegalArgumentException("A temporary view belongs to its session, not to the store: "
                    + view.identifier());
        }
    }

    private Optional<StoredDatabase> findDatabase(String catalog, String database) {
        StoredCatalog stored = catalogs.get(catalog);
        return stored == null ? Optional.empty() : Optional.ofNullable(stored.databases().get(database));
    }

    private StoredCatalog storedCatalog(String catalog) {
        StoredCatalog stored = catalogs.get(catalog);
        if (stored == null) {
            throw new CatalogException("Catalog " + catalog + " does not exist.");
        }
        return stored;
    }

    private StoredDatabase storedDatabase(String catalog, String database) {
        StoredDatabase db = storedCatalog(catalog).databases().get(database);
        if (db == null) {
            throw new CatalogException("Database " + database + " does not exist in Catalog " + catalog + ".");
        }
        return db;
    }

    private CatalogContents withCatalogs(UnaryOperator<Map<String, StoredCatalog>> change) {
        return new CatalogContents(change.apply(new TreeMap<>(catalogs)));
    }

    private CatalogContents withCatalog(String name, StoredCatalog catalog) {
        return withCatalogs(all -> {
            all.put(name, catalog);
            return all;
        });
    }

    private CatalogContents withDatabase(ObjectIdentifier id, StoredDatabase database) {
        StoredCatalog catalog = catalogs.get(id.catalog());
        return withCatalog(id.catalog(), catalog.withDatabases(dbs -> {
            dbs.put(id.database(), database);
            return dbs;
        }));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CatalogContents other && catalogs.equals(other.catalogs);
    }

    @Override
    public int hashCode() {
        return catalogs.hashCode();
    }
}
