package dev.runnel.planner.functions;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogFunction;
import dev.runnel.planner.catalog.ObjectIdentifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.validate.SqlNameMatcher;

/**
 * The session's user-defined functions, resolved as Flink resolves function names:
 * temporary system functions (no catalog, no database), then built-in functions, then temporary
 * catalog functions, then catalog functions of the current (or named) catalog and database.
 * Function names are case-insensitive (kept in lower case); catalog and database names are not.
 *
 * <p>Temporary functions live here, in the session; catalog functions live in the session's
 * {@link Catalog} (its store, which other sessions may share), and are loaded here when first
 * looked up, once per definition.
 *
 * <p>Two operator tables expose the functions to validation: {@link #systemTable()}, chained
 * before the built-in functions, and {@link #catalogTable()}, chained after them. Not
 * thread-safe, like the session.
 */
public final class FunctionCatalog {
    /** How a function was created: {@code CREATE TEMPORARY SYSTEM}, {@code CREATE TEMPORARY} or {@code CREATE}. */
    public enum Kind { TEMPORARY_SYSTEM, TEMPORARY, CATALOG }

    /**
     * A registered function.
     *
     * @param path      {@code [name]} for a temporary system function, else {@code [catalog, database, name]}
     * @param operators the function's SQL operators (one per eval), made once so that every
     *                  lookup returns the same objects
     */
    public record Entry(Kind kind, List<String> path, String className, UserScalarFunction function,
                        List<SqlOperator> operators) {
        public Entry(Kind kind, List<String> path, String className, UserScalarFunction function) {
            this(kind, path, className, function, function.operators(path));
        }

        public String name() {
            return path.get(path.size() - 1);
        }
    }

    private final Map<String, Entry> temporarySystem = new TreeMap<>();
    /** Temporary and catalog functions by {@code catalog.database.name}. */
    private final Map<List<String>, Entry> temporary = new TreeMap<>(FunctionCatalog::compare);
    /** Catalog functions loaded by this session, by their definition in the store. */
    private final Map<CatalogFunction, Entry> loaded = new HashMap<>();
    private final Catalog catalog;
    private final Supplier<List<String>> currentDatabase;

    /** The functions of a session whose catalog is {@code catalog} (it holds the catalog functions and the current database). */
    public FunctionCatalog(Catalog catalog) {
        this(catalog, () -> List.of(catalog.currentCatalog(), catalog.currentDatabase()));
    }

    /**
     * Functions without a session's catalog: catalog functions live in a catalog of their own.
     *
     * @param currentDatabase the current catalog and database, asked at each lookup (it follows USE)
     */
    public FunctionCatalog(Supplier<List<String>> currentDatabase) {
        this(new Catalog(), currentDatabase);
    }

    private FunctionCatalog(Catalog catalog, Supplier<List<String>> currentDatabase) {
        this.catalog = catalog;
        this.currentDatabase = currentDatabase;
    }

    /** The normalized form of a function name. */
    public static String normalize(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** The full path of a function name written as {@code name}, {@code db.name} or {@code catalog.db.name}. */
    public List<String> qualify(List<String> names) {
        List<String> current = currentDatabase.get();
        String name = normalize(names.get(names.size() - 1));
        return switch (names.size()) {
            case 1 -> List.of(current.get(0), current.get(1), name);
            case 2 -> List.of(current.get(0), names.get(0), name);
            default -> List.of(names.get(0), names.get(1), name);
        };
    }

    /** The function registered under {@code kind} and {@code path} (from {@link #qualify}, or just the name for system ones). */
    /**
     * The function registered under {@code kind} and {@code path}, a catalog function loaded.
     *
     * @throws UserFunctionException when a catalog function's class cannot be loaded (any more)
     */
    public Optional<Entry> get(Kind kind, List<String> path) {
        return switch (kind) {
            case TEMPORARY_SYSTEM -> Optional.ofNullable(temporarySystem.get(normalize(path.get(path.size() - 1))));
            case TEMPORARY -> Optional.ofNullable(temporary.get(path));
            case CATALOG -> catalog.function(identifier(path)).map(this::load);
        };
    }

    /** Whether a function is registered under {@code kind} and {@code path}, without loading it. */
    public boolean contains(Kind kind, List<String> path) {
        return kind == Kind.CATALOG ? catalog.function(identifier(path)).isPresent() : get(kind, path).isPresent();
    }

    /**
     * Registers {@code entry}, replacing nothing: the caller checked that its name is free (a
     * catalog function is registered in the catalog's store, atomically).
     *
     * @throws dev.runnel.planner.catalog.CatalogException when a catalog function's name was
     *     taken meanwhile (by another session of a shared store) or its database is gone
     */
    public void register(Entry entry) {
        switch (entry.kind()) {
            case TEMPORARY_SYSTEM -> temporarySystem.put(entry.name(), entry);
            case TEMPORARY -> temporary.put(entry.path(), entry);
            case CATALOG -> {
                CatalogFunction definition = new CatalogFunction(identifier(entry.path()), entry.className(),
                        entry.function().jars());
                catalog.createFunction(definition, false);
                loaded.put(definition, entry);
            }
        }
    }

    /** Removes the function; returns whether it existed. */
    public boolean drop(Kind kind, List<String> path) {
        return switch (kind) {
            case TEMPORARY_SYSTEM -> temporarySystem.remove(normalize(path.get(path.size() - 1))) != null;
            case TEMPORARY -> temporary.remove(path) != null;
            case CATALOG -> catalog.dropFunction(identifier(path), true);
        };
    }

    private static ObjectIdentifier identifier(List<String> path) {
        return new ObjectIdentifier(path.get(0), path.get(1), normalize(path.get(2)));
    }

    /* The session's loaded form of a catalog function, loading its class on first use. */
    private Entry load(CatalogFunction definition) {
        Entry entry = loaded.get(definition);
        if (entry == null) {
            ObjectIdentifier id = definition.identifier();
            UserScalarFunction function = UserScalarFunction.load(id.name(), definition.className(),
                    definition.jars(), classLoader());
            entry = new Entry(Kind.CATALOG, id.toList(), definition.className(), function);
            loaded.put(definition, entry);
        }
        return entry;
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : FunctionCatalog.class.getClassLoader();
    }

    /** The names of the temporary system functions and of the functions in the current database, sorted. */
    public List<String> userFunctionNames() {
        List<String> current = currentDatabase.get();
        TreeSet<String> names = new TreeSet<>(temporarySystem.keySet());
        for (List<String> path : temporary.keySet()) {
            if (path.get(0).equals(current.get(0)) && path.get(1).equals(current.get(1))) {
                names.add(path.get(2));
            }
        }
        names.addAll(catalog.functionNames(current.get(0), current.get(1)));
        return new ArrayList<>(names);
    }

    /** Temporary system functions: found before built-in ones. */
    public SqlOperatorTable systemTable() {
        return new Table(true);
    }

    /** Temporary and catalog functions: found after built-in ones. */
    public SqlOperatorTable catalogTable() {
        return new Table(false);
    }

    private List<SqlOperator> lookup(List<String> names, boolean system) {
        if (system) {
            Entry entry = names.size() == 1 ? temporarySystem.get(normalize(names.get(0))) : null;
            return entry == null ? List.of() : entry.operators();
        }
        if (names.size() > 3) {
            return List.of();
        }
        List<String> path = qualify(names);
        Entry entry = temporary.containsKey(path) ? temporary.get(path)
                : catalog.function(identifier(path)).map(this::load).orElse(null);
        return entry == null ? List.of() : entry.operators();
    }

    private static int compare(List<String> a, List<String> b) {
        return String.join("\u0000", a).compareTo(String.join("\u0000", b));
    }

    /** One of the two views of the functions as a Calcite operator table. */
    private final class Table implements SqlOperatorTable {
        private final boolean system;

        Table(boolean system) {
            this.system = system;
        }

        @Override
        public void lookupOperatorOverloads(SqlIdentifier opName, SqlFunctionCategory category, SqlSyntax syntax,
                                            List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
            if (syntax == SqlSyntax.FUNCTION) {
                operatorList.addAll(lookup(opName.names, system));
            }
        }

        @Override
        public List<SqlOperator> getOperatorList() {
            List<SqlOperator> all = new ArrayList<>();
            if (system) {
                temporarySystem.values().forEach(e -> all.addAll(e.operators()));
            } else {
                temporary.values().forEach(e -> all.addAll(e.operators()));
                for (CatalogFunction function : catalog.functions()) {
                    try {
                        all.addAll(load(function).operators());
                    } catch (UserFunctionException e) {
                        // listed for suggestions and name checks only: a call of it reports the failure
                    }
                }
            }
            return all;
        }
    }
}
