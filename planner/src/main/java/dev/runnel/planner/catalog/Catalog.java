package dev.runnel.planner.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One session's view of a {@link CatalogStore}: the store's permanent objects (catalogs,
 * databases, tables, views), plus what belongs to the session alone: the current catalog and
 * database, which start as {@code default_catalog.default_database} as in Flink, and temporary
 * tables and views, which live beside the catalogs and shadow a permanent object of the same
 * name (as in Flink, a temporary table may shadow a permanent table). Names
 * are case-sensitive. Sessions sharing a store see each other's permanent objects at once.
 *
 * <p>Every mutating method either succeeds completely or throws {@link CatalogException} having
 * changed nothing; a change of the store is one atomic {@link CatalogStore#update}, so of two
 * sessions creating the same table exactly one succeeds. Not thread-safe itself: a session runs
 * one statement at a time.
 */
public final class Catalog {
    public static final String DEFAULT_CATALOG = "default_catalog";
    public static final String DEFAULT_DATABASE = "default_database";

    private final CatalogStore store;
    private final Map<ObjectIdentifier, CatalogView> temporaryViews = new TreeMap<>(
            (a, b) -> a.toString().compareTo(b.toString()));
    private final Map<ObjectIdentifier, CatalogTable> temporaryTables = new TreeMap<>(
            (a, b) -> a.toString().compareTo(b.toString()));
    private String currentCatalog = DEFAULT_CATALOG;
    private String currentDatabase = DEFAULT_DATABASE;

    /** A catalog over a store of its own, in memory (the embedded shell's default). */
    public Catalog() {
        this(new InMemoryCatalogStore());
    }

    /** A session's view of {@code store}, which other sessions may share. */
    public Catalog(CatalogStore store) {
        this.store = store;
    }

    /** The store of the permanent objects. */
    public CatalogStore store() {
        return store;
    }

    private CatalogContents contents() {
        return store.contents();
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
        return contents().catalogNames();
    }

    public boolean hasCatalog(String catalog) {
        return contents().hasCatalog(catalog);
    }

    /**
     * Makes {@code catalog} current, and its database of the current database's name, else its
     * first database, current as well (Flink makes the catalog's default database current).
     */
    public void useCatalog(String catalog) {
        CatalogContents contents = contents();
        List<String> databases = contents.databaseNames(catalog);
        String preferred = contents.catalogDescription(catalog).orElseThrow().defaultDatabase();
        String database = databases.contains(preferred) || databases.isEmpty() ? preferred : databases.get(0);
        currentCatalog = catalog;
        currentDatabase = database;
    }

    /** The description of a catalog, if it exists. */
    public Optional<CatalogDescription> catalogDescription(String catalog) {
        return contents().catalogDescription(catalog);
    }

    /**
     * Creates an in-memory catalog holding its default database. Returns false (changing
     * nothing) when it exists and {@code ifNotExists}.
     *
     * @throws CatalogException when it exists and not {@code ifNotExists}
     */
    public boolean createCatalog(String catalog, CatalogDescription description, boolean ifNotExists) {
        return store.update(c -> c.createCatalog(catalog, description, ifNotExists));
    }

    /**
     * Drops a catalog with everything in it, and the session's temporary tables and views in its databases.
     * Returns false when there is none and {@code ifExists}.
     *
     * @throws CatalogException when it is the current catalog, or does not exist and not {@code ifExists}
     */
    public boolean dropCatalog(String catalog, boolean ifExists) {
        boolean dropped = store.update(c -> {
            if (c.hasCatalog(catalog) && catalog.equals(currentCatalog)) {
                throw new CatalogException("Cannot drop a catalog which is currently in use.");
            }
            return c.dropCatalog(catalog, ifExists);
        });
        if (dropped) {
            temporaryViews.keySet().removeIf(id -> id.catalog().equals(catalog));
            temporaryTables.keySet().removeIf(id -> id.catalog().equals(catalog));
        }
        return dropped;
    }

    /** Makes {@code catalog.database} the current database. */
    public void useDatabase(String catalog, String database) {
        contents().tableNames(catalog, database); // throws when there is no such database
        currentCatalog = catalog;
        currentDatabase = database;
    }

    /** Database names of {@code catalog} in alphabetical order. */
    public List<String> databaseNames(String catalog) {
        return contents().databaseNames(catalog);
    }

    public boolean hasDatabase(String catalog, String database) {
        return contents().hasDatabase(catalog, database);
    }

    /** The description of a database, if it exists. */
    public Optional<CatalogDatabase> databaseDescription(String catalog, String database) {
        return contents().databaseDescription(catalog, database);
    }

    /**
     * Creates a database. Returns false (changing nothing) when it exists and {@code ifNotExists}.
     *
     * @throws CatalogException when the catalog does not exist, or the database does and not {@code ifNotExists}
     */
    public boolean createDatabase(String catalog, String database, CatalogDatabase description, boolean ifNotExists) {
        return store.update(c -> c.createDatabase(catalog, database, description, ifNotExists));
    }

    /**
     * Drops a database (with its catalog functions). Returns false when it does not exist and {@code ifExists}.
     *
     * @throws CatalogException when it does not exist (and not {@code ifExists}), when it is the
     *     current database, or when it holds tables or views and not {@code cascade}
     */
    public boolean dropDatabase(String catalog, String database, boolean ifExists, boolean cascade) {
        return store.update(c -> {
            if (c.hasDatabase(catalog, database) && catalog.equals(currentCatalog) && database.equals(currentDatabase)) {
                throw new CatalogException("Cannot drop a database which is currently in use.");
            }
            return c.dropDatabase(catalog, database, ifExists, cascade);
        });
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
        return store.update(c -> c.createTable(table, ifNotExists));
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
        return store.update(c -> c.dropTable(id, ifExists));
    }

    /** The table called {@code name} in the current database. */
    public Optional<CatalogTable> table(String name) {
        return table(new ObjectIdentifier(currentCatalog, currentDatabase, name));
    }

    /** The table with this identifier: the session's temporary one if there is one, else a permanent one. */
    public Optional<CatalogTable> table(ObjectIdentifier id) {
        CatalogTable temporary = temporaryTables.get(id);
        return temporary != null ? Optional.of(temporary) : contents().table(id);
    }

    /** Whether {@link #table(ObjectIdentifier)} is the session's temporary table. */
    public boolean isTemporaryTable(ObjectIdentifier id) {
        return temporaryTables.containsKey(id);
    }

    /** Whether the store holds a permanent table with this identifier (a temporary one may shadow it). */
    public boolean hasPermanentTable(ObjectIdentifier id) {
        return contents().table(id).isPresent();
    }

    /** Table names of the current database in alphabetical order. */
    public List<String> tableNames() {
        return tableNames(currentCatalog, currentDatabase);
    }

    /** Table names (temporary and permanent, not views) of a database in alphabetical order. */
    public List<String> tableNames(String catalog, String database) {
        List<String> permanent = contents().tableNames(catalog, database);
        if (temporaryTables.isEmpty()) {
            return permanent;
        }
        TreeSet<String> names = new TreeSet<>(permanent);
        temporaryTables.keySet().stream()
                .filter(id -> id.catalog().equals(catalog) && id.database().equals(database))
                .forEach(id -> names.add(id.name()));
        return new ArrayList<>(names);
    }

    /**
     * Registers a temporary table: the session's alone, gone when it closes, shadowing a
     * permanent table of the same name. Returns false (changing nothing) when a temporary table
     * of that name exists and {@code ifNotExists}.
     *
     * @throws CatalogException when the database does not exist, when a view has that name, or
     *     when a temporary table has it and not {@code ifNotExists}
     */
    public boolean createTemporaryTable(CatalogTable table, boolean ifNotExists) {
        ObjectIdentifier id = table.identifier();
        CatalogContents contents = contents();
        contents.tableNames(id.catalog(), id.database()); // throws when there is no such database
        if (view(id).isPresent()) {
            throw new CatalogException("Cannot create temporary table " + id + ": a view of that name already exists");
        }
        return putTemporary(temporaryTables, id, table, ifNotExists, "Temporary table ");
    }

    /**
     * Drops a temporary table. Returns false when there is none and {@code ifExists}.
     *
     * @throws CatalogException when there is none and not {@code ifExists}
     */
    public boolean dropTemporaryTable(ObjectIdentifier id, boolean ifExists) {
        if (temporaryTables.remove(id) == null) {
            if (ifExists) {
                return false;
            }
            throw new CatalogException("Temporary table with identifier '" + id + "' does not exist");
        }
        return true;
    }

    /**
     * Replaces a table by {@code table} (same identifier), for {@code ALTER TABLE ... SET}.
     *
     * @throws CatalogException when there is no such table
     */
    public void alterTable(CatalogTable table) {
        store.update(c -> c.alterTable(table));
    }

    /**
     * Renames a table within its database.
     *
     * @throws CatalogException when there is no such table or {@code newName} is taken
     */
    public void renameTable(ObjectIdentifier id, String newName) {
        store.update(c -> c.renameTable(id, newName));
    }

    // ----------------------------------------------------------------------------------- views

    /**
     * Registers a view: a temporary one in the session, a permanent one in the store. Returns
     * false (changing nothing) when a view of that name and kind exists and {@code ifNotExists}.
     *
     * @throws CatalogException when the database does not exist, when a table has that name, or
     *     when a view has it and not {@code ifNotExists}
     */
    public boolean createView(CatalogView view, boolean ifNotExists) {
        if (!view.temporary()) {
            return store.update(c -> c.createView(view, ifNotExists));
        }
        ObjectIdentifier id = view.identifier();
        CatalogContents contents = contents();
        contents.tableNames(id.catalog(), id.database()); // throws when there is no such database
        if (contents.table(id).isPresent()) {
            throw new CatalogException("Cannot create view " + id + ": a table of that name already exists");
        }
        return putTemporary(temporaryViews, id, view, ifNotExists, "Temporary view ");
    }

    /**
     * Registers a session's temporary object; false (changing nothing) when one of that name
     * exists and {@code ifNotExists}.
     *
     * @throws CatalogException when one of that name exists and not {@code ifNotExists}
     */
    private static <T> boolean putTemporary(Map<ObjectIdentifier, T> objects, ObjectIdentifier id, T object,
                                            boolean ifNotExists, String kind) {
        if (objects.containsKey(id)) {
            if (ifNotExists) {
                return false;
            }
            throw new CatalogException(kind + id + " already exists");
        }
        objects.put(id, object);
        return true;
    }

    /**
     * Drops a view (a temporary one when {@code temporary}). Returns false when there is none
     * and {@code ifExists}.
     *
     * @throws CatalogException when there is no such view and not {@code ifExists}
     */
    public boolean dropView(ObjectIdentifier id, boolean temporary, boolean ifExists) {
        if (!temporary) {
            return store.update(c -> c.dropView(id, ifExists));
        }
        if (temporaryViews.remove(id) == null) {
            if (ifExists) {
                return false;
            }
            throw new CatalogException("Temporary view with identifier '" + id + "' does not exist");
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
        if (!view.temporary()) {
            store.update(c -> c.alterView(view));
            return;
        }
        if (!temporaryViews.containsKey(id)) {
            throw new CatalogException("Temporary view with identifier '" + id + "' does not exist");
        }
        temporaryViews.put(id, view);
    }

    /**
     * Renames a view (a temporary one when {@code temporary}) within its database, in one step.
     *
     * @throws CatalogException when there is no such view, or a table or view is called {@code newName}
     */
    public void renameView(ObjectIdentifier id, boolean temporary, String newName) {
        if (!temporary) {
            store.update(c -> c.renameView(id, newName));
            return;
        }
        CatalogView view = temporaryViews.get(id);
        if (view == null) {
            throw new CatalogException("Temporary view with identifier '" + id + "' does not exist");
        }
        ObjectIdentifier target = new ObjectIdentifier(id.catalog(), id.database(), newName);
        if (table(target).isPresent() || view(target).isPresent()) {
            throw new CatalogException("Cannot rename view " + id + " to " + newName
                    + ": a table or view with identifier '" + target + "' already exists");
        }
        temporaryViews.remove(id);
        temporaryViews.put(target, view.withIdentifier(target));
    }

    /** The view with this identifier: a temporary one if there is one, else a permanent one. */
    public Optional<CatalogView> view(ObjectIdentifier id) {
        CatalogView temporary = temporaryViews.get(id);
        return temporary != null ? Optional.of(temporary) : contents().view(id);
    }

    /** View names (temporary and permanent) of a database in alphabetical order. */
    public List<String> viewNames(String catalog, String database) {
        TreeSet<String> names = new TreeSet<>(contents().viewNames(catalog, database));
        temporaryViews.keySet().stream()
                .filter(id -> id.catalog().equals(catalog) && id.database().equals(database))
                .forEach(id -> names.add(id.name()));
        return new ArrayList<>(names);
    }

    /** Names of the tables and views of a database, as {@code SHOW TABLES} lists them (sorted). */
    public List<String> objectNames(String catalog, String database) {
        TreeSet<String> names = new TreeSet<>(tableNames(catalog, database));
        names.addAll(viewNames(catalog, database));
        return new ArrayList<>(names);
    }

    // ----------------------------------------------------------------------------------- functions

    /**
     * Registers a catalog function (temporary ones live in the session's function catalog).
     * Returns false (changing nothing) when it exists and {@code ifNotExists}.
     *
     * @throws CatalogException when the database does not exist, or the function does and not {@code ifNotExists}
     */
    public boolean createFunction(CatalogFunction function, boolean ifNotExists) {
        return store.update(c -> c.createFunction(function, ifNotExists));
    }

    /**
     * Drops a catalog function. Returns false when there is none and {@code ifExists}.
     *
     * @throws CatalogException when there is none and not {@code ifExists}
     */
    public boolean dropFunction(ObjectIdentifier id, boolean ifExists) {
        return store.update(c -> c.dropFunction(id, ifExists));
    }

    /** The catalog function with this identifier (its name in lower case). */
    public Optional<CatalogFunction> function(ObjectIdentifier id) {
        return contents().function(id);
    }

    /** Catalog function names of a database in alphabetical order, none when it does not exist. */
    public List<String> functionNames(String catalog, String database) {
        return contents().functionNames(catalog, database);
    }

    /** Every catalog function of every database. */
    public List<CatalogFunction> functions() {
        return contents().functions();
    }
}
