package dev.runnel.planner.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The session's in-memory catalogs. Like Flink's catalog manager it starts with one catalog
 * ({@code default_catalog}) holding one database ({@code default_database}), both current.
 * Each database holds tables and (permanent) views; temporary views live beside the catalogs
 * and shadow a permanent object of the same name. Names are case-sensitive.
 *
 * <p>Every mutating method either succeeds completely or throws {@link CatalogException} having
 * changed nothing. Not thread-safe: a session runs one statement at a time.
 */
public final class Catalog {
    public static final String DEFAULT_CATALOG = "default_catalog";
    public static final String DEFAULT_DATABASE = "default_database";

    /** Catalog name → database name → database. */
    private final Map<String, Map<String, Database>> catalogs = new TreeMap<>();
    private final Map<String, CatalogDescription> catalogDescriptions = new TreeMap<>();
    private final Map<ObjectIdentifier, CatalogView> temporaryViews = new TreeMap<>(
            (a, b) -> a.toString().compareTo(b.toString()));
    private String currentCatalog = DEFAULT_CATALOG;
    private String currentDatabase = DEFAULT_DATABASE;

    public Catalog() {
        Map<String, Database> databases = new TreeMap<>();
        databases.put(DEFAULT_DATABASE, new Database(CatalogDatabase.empty()));
        catalogs.put(DEFAULT_CATALOG, databases);
        catalogDescriptions.put(DEFAULT_CATALOG, new CatalogDescription(CatalogDescription.GENERIC_IN_MEMORY, null,
                Map.of(), DEFAULT_DATABASE));
    }

    /** One database: its description and its objects, each name used by at most one object. */
    private static final class Database {
        final CatalogDatabase description;
        final Map<String, CatalogTable> tables = new TreeMap<>();
        final Map<String, CatalogView> views = new TreeMap<>();

        Database(CatalogDatabase description) {
            this.description = description;
        }

        boolean isEmpty() {
            return tables.isEmpty() && views.isEmpty();
        }
    }

    // ----------------------------------------------------------------------------------- namespaces

    public String currentCatalog() {
        return currentCatalog;
    }

    public String currentDatabase() {
        return currentDatabase;
    }

    /** Catalog names in alphabetical order. */
    public List<String> catalogNames() {
        return new ArrayList<>(catalogs.keySet());
    }

    public boolean hasCatalog(String catalog) {
        return catalogs.containsKey(catalog);
    }

    /**
     * Makes {@code catalog} current, and its database of the current database's name, else its
     * first database, current as well (Flink makes the catalog's default database current).
     */
    public void useCatalog(String catalog) {
        Map<String, Database> databases = databases(catalog);
        String preferred = catalogDescriptions.get(catalog).defaultDatabase();
        String database = databases.containsKey(preferred) || databases.isEmpty()
                ? preferred : databases.keySet().iterator().next();
        currentCatalog = catalog;
        currentDatabase = database;
    }

    /** The description of a catalog, if it exists. */
    public Optional<CatalogDescription> catalogDescription(String catalog) {
        return Optional.ofNullable(catalogDescriptions.get(catalog));
    }

    /**
     * Creates an in-memory catalog holding its default database. Returns false (changing
     * nothing) when it exists and {@code ifNotExists}.
     *
     * @throws CatalogException when it exists and not {@code ifNotExists}
     */
    public boolean createCatalog(String catalog, CatalogDescription description, boolean ifNotExists) {
        if (catalogs.containsKey(catalog)) {
            if (ifNotExists) {
                return false;
            }
            throw new CatalogException("Catalog " + catalog + " already exists.");
        }
        Map<String, Database> databases = new TreeMap<>();
        databases.put(description.defaultDatabase(), new Database(CatalogDatabase.empty()));
        catalogs.put(catalog, databases);
        catalogDescriptions.put(catalog, description);
        return true;
    }

    /**
     * Drops a catalog with everything in it, and the temporary views in its databases. Returns
     * false when there is none and {@code ifExists}.
     *
     * @throws CatalogException when it is the current catalog, or does not exist and not {@code ifExists}
     */
    public boolean dropCatalog(String catalog, boolean ifExists) {
        if (!catalogs.containsKey(catalog)) {
            if (ifExists) {
                return false;
            }
            throw new CatalogException("Catalog " + catalog + " does not exist.");
        }
        if (catalog.equals(currentCatalog)) {
            throw new CatalogException("Cannot drop a catalog which is currently in use.");
        }
        catalogs.remove(catalog);
        catalogDescriptions.remove(catalog);
        temporaryViews.keySet().removeIf(id -> id.catalog().equals(catalog));
        return true;
    }

    /** Makes {@code catalog.database} the current database. */
    public void useDatabase(String catalog, String database) {
        database(catalog, database);
        currentCatalog = catalog;
        currentDatabase = database;
    }

    /** Database names of {@code catalog} in alphabetical order. */
    public List<String> databaseNames(String catalog) {
        return new ArrayList<>(databases(catalog).keySet());
    }

    public boolean hasDatabase(String catalog, String database) {
        return catalogs.containsKey(catalog) && catalogs.get(catalog).containsKey(database);
    }

    /** The description of a database, if it exists. */
    public Optional<CatalogDatabase> databaseDescription(String catalog, String database) {
        return hasDatabase(catalog, database)
                ? Optional.of(catalogs.get(catalog).get(database).description) : Optional.empty();
    }

    /**
     * Creates a database. Returns false (changing nothing) when it exists and {@code ifNotExists}.
     *
     * @throws CatalogException when the catalog does not exist, or the database does and not {@code ifNotExists}
     */
    public boolean createDatabase(String catalog, String database, CatalogDatabase description, boolean ifNotExists) {
        Map<String, Database> databases = databases(catalog);
        if (databases.containsKey(database)) {
            if (ifNotExists) {
                return false;
            }
            throw new CatalogException("Database " + database + " already exists in Catalog " + catalog + ".");
        }
        databases.put(database, new Database(description));
        return true;
    }

    /**
     * Drops a database. Returns false when it does not exist and {@code ifExists}.
     *
     * @throws CatalogException when it does not exist (and not {@code ifExists}), when it is the
     *     current database, or when it holds tables or views and not {@code cascade}
     */
    public boolean dropDatabase(String catalog, String database, boolean ifExists, boolean cascade) {
        Map<String, Database> databases = databases(catalog);
        Database db = databases.get(database);
        if (db == null) {
            if (ifExists) {
                return false;
            }
            throw new CatalogException("Database " + database + " does not exist in Catalog " + catalog + ".");
        }
        if (catalog.equals(currentCatalog) && database.equals(currentDatabase)) {
            throw new CatalogException("Cannot drop a database which is currently in use.");
        }
        if (!cascade && !db.isEmpty()) {
            throw new CatalogException("Database " + database + " in catalog " + catalog + " is not empty."
                    + " Drop its tables and views first, or use DROP DATABASE ... CASCADE.");
        }
        databases.remove(database);
        return true;
    }

    // ----------------------------------------------------------------------------------- tables

    /**
     * Registers {@code table} where its identifier says. Returns false (and changes nothing)
     * when a table of that name exists and {@code ifNotExists} is set.
     *
     * @throws CatalogException when the database does not exist, or the name is taken and
     *     {@code ifNotExists} is not set (a view of that name is always an error)
     */
    public boolean createTable(CatalogTable table, boolean ifNotExists) {
        Database db = database(table.catalogName(), table.databaseName());
        if (db.views.containsKey(table.name())) {
            throw new CatalogException("Cannot create table " + table.qualifiedName()
                    + ": a view of that name already exists");
        }
        if (db.tables.containsKey(table.name())) {
            if (ifNotExists) {
                return false;
            }
            throw new CatalogException("Table " + table.qualifiedName() + " already exists");
        }
        db.tables.put(table.name(), table);
        return true;
    }

    /** Registers {@code table} under {@code id} (see {@link #createTable(CatalogTable, boolean)}). */
    public boolean createTable(ObjectIdentifier id, CatalogTable table, boolean ifNotExists) {
        return createTable(table.withIdentifier(id), ifNotExists);
    }

    /** Removes the table called {@code name} from the current database (see {@link #dropTable(ObjectIdentifier, boolean)}). */
    public boolean dropTable(String name, boolean ifExists) {
        return dropTable(new ObjectIdentifier(currentCatalog, currentDatabase, name), ifExists);
    }

    /**
     * Removes a table. Returns false when there is none and {@code ifExists} is set.
     *
     * @throws CatalogException when there is no such table and {@code ifExists} is not set
     */
    public boolean dropTable(ObjectIdentifier id, boolean ifExists) {
        Database db = hasDatabase(id.catalog(), id.database()) ? catalogs.get(id.catalog()).get(id.database()) : null;
        if (db == null || db.tables.remove(id.name()) == null) {
            if (ifExists) {
                return false;
            }
            throw new CatalogException("Table with identifier '" + id + "' does not exist");
        }
        return true;
    }

    /** The table called {@code name} in the current database. */
    public Optional<CatalogTable> table(String name) {
        return table(new ObjectIdentifier(currentCatalog, currentDatabase, name));
    }

    public Optional<CatalogTable> table(ObjectIdentifier id) {
        return hasDatabase(id.catalog(), id.database())
                ? Optional.ofNullable(catalogs.get(id.catalog()).get(id.database()).tables.get(id.name()))
                : Optional.empty();
    }

    /** Table names of the current database in alphabetical order. */
    public List<String> tableNames() {
        return tableNames(currentCatalog, currentDatabase);
    }

    /** Table names (not views) of a database in alphabetical order. */
    public List<String> tableNames(String catalog, String database) {
        return new ArrayList<>(database(catalog, database).tables.keySet());
    }

    /**
     * Replaces a table by {@code table} (same identifier), for {@code ALTER TABLE ... SET}.
     *
     * @throws CatalogException when there is no such table
     */
    public void alterTable(CatalogTable table) {
        ObjectIdentifier id = table.identifier();
        if (table(id).isEmpty()) {
            throw new CatalogException("Table with identifier '" + id + "' does not exist");
        }
        catalogs.get(id.catalog()).get(id.database()).tables.put(id.name(), table);
    }

    /**
     * Renames a table within its database.
     *
     * @throws CatalogException when there is no such table or {@code newName} is taken
     */
    public void renameTable(ObjectIdentifier id, String newName) {
        CatalogTable table = table(id).orElseThrow(
                () -> new CatalogException("Table with identifier '" + id + "' does not exist"));
        Database db = catalogs.get(id.catalog()).get(id.database());
        ObjectIdentifier target = new ObjectIdentifier(id.catalog(), id.database(), newName);
        if (db.tables.containsKey(newName) || db.views.containsKey(newName)) {
            throw new CatalogException("Could not rename table " + id + " to " + newName
                    + ": a table or view with identifier '" + target + "' already exists");
        }
        db.tables.remove(id.name());
        db.tables.put(newName, table.withIdentifier(target));
    }

    // ----------------------------------------------------------------------------------- views

    /**
     * Registers a view. Returns false (changing nothing) when a view of that name exists and
     * {@code ifNotExists}.
     *
     * @throws CatalogException when the database does not exist, when a table has that name, or
     *     when a view has it and not {@code ifNotExists}
     */
    public boolean createView(CatalogView view, boolean ifNotExists) {
        ObjectIdentifier id = view.identifier();
        Database db = database(id.catalog(), id.database());
        if (db.tables.containsKey(id.name())) {
            throw new CatalogException("Cannot create view " + id + ": a table of that name already exists");
        }
        boolean exists = view.temporary() ? temporaryViews.containsKey(id) : db.views.containsKey(id.name());
        if (exists) {
            if (ifNotExists) {
                return false;
            }
            throw new CatalogException((view.temporary() ? "Temporary view " : "View ") + id + " already exists");
        }
        if (view.temporary()) {
            temporaryViews.put(id, view);
        } else {
            db.views.put(id.name(), view);
        }
        return true;
    }

    /**
     * Drops a view (a temporary one when {@code temporary}). Returns false when there is none
     * and {@code ifExists}.
     *
     * @throws CatalogException when there is no such view and not {@code ifExists}
     */
    public boolean dropView(ObjectIdentifier id, boolean temporary, boolean ifExists) {
        boolean removed;
        if (temporary) {
            removed = temporaryViews.remove(id) != null;
        } else {
            removed = hasDatabase(id.catalog(), id.database())
                    && catalogs.get(id.catalog()).get(id.database()).views.remove(id.name()) != null;
        }
        if (!removed) {
            if (ifExists) {
                return false;
            }
            throw new CatalogException((temporary ? "Temporary view" : "View") + " with identifier '" + id
                    + "' does not exist");
        }
        return true;
    }

    /**
     * Replaces a view by one of the same identifier and kind (ALTER VIEW AS).
     *
     * @throws CatalogException when there is no such view
     */
    public void alterView(CatalogView view) {
        ObjectIdentifier id = view.identifier();
        if (view.temporary()) {
            if (!temporaryViews.containsKey(id)) {
                throw new CatalogException("Temporary view with identifier '" + id + "' does not exist");
            }
            temporaryViews.put(id, view);
            return;
        }
        Database db = database(id.catalog(), id.database());
        if (!db.views.containsKey(id.name())) {
            throw new CatalogException("View with identifier '" + id + "' does not exist");
        }
        db.views.put(id.name(), view);
    }

    /** The view with this identifier: a temporary one if there is one, else a permanent one. */
    public Optional<CatalogView> view(ObjectIdentifier id) {
        CatalogView temporary = temporaryViews.get(id);
        if (temporary != null) {
            return Optional.of(temporary);
        }
        return hasDatabase(id.catalog(), id.database())
                ? Optional.ofNullable(catalogs.get(id.catalog()).get(id.database()).views.get(id.name()))
                : Optional.empty();
    }

    /** View names (temporary and permanent) of a database in alphabetical order. */
    public List<String> viewNames(String catalog, String database) {
        TreeMap<String, Boolean> names = new TreeMap<>();
        if (hasDatabase(catalog, database)) {
            catalogs.get(catalog).get(database).views.keySet().forEach(n -> names.put(n, true));
        }
        temporaryViews.keySet().stream()
                .filter(id -> id.catalog().equals(catalog) && id.database().equals(database))
                .forEach(id -> names.put(id.name(), true));
        return new ArrayList<>(names.keySet());
    }

    /** Names of the tables and views of a database, as {@code SHOW TABLES} lists them (sorted). */
    public List<String> objectNames(String catalog, String database) {
        TreeMap<String, Boolean> names = new TreeMap<>();
        tableNames(catalog, database).forEach(n -> names.put(n, true));
        viewNames(catalog, database).forEach(n -> names.put(n, true));
        return new ArrayList<>(names.keySet());
    }

    // ----------------------------------------------------------------------------------- helpers

    private Map<String, Database> databases(String catalog) {
        Map<String, Database> databases = catalogs.get(catalog);
        if (databases == null) {
            throw new CatalogException("Catalog " + catalog + " does not exist.");
        }
        return databases;
    }

    private Database database(String catalog, String database) {
        Database db = databases(catalog).get(database);
        if (db == null) {
            throw new CatalogException("Database " + database + " does not exist in Catalog " + catalog + ".");
        }
        return db;
    }
}
