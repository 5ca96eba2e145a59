package dev.runnel.planner.functions;

import java.util.ArrayList;
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
    private final Map<List<String>, Entry> persistent = new TreeMap<>(FunctionCatalog::compare);
    private final Supplier<List<String>> currentDatabase;

    /** @param currentDatabase the current catalog and database, asked at each lookup (it follows USE) */
    public FunctionCatalog(Supplier<List<String>> currentDatabase) {
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
    public Optional<Entry> get(Kind kind, List<String> path) {
        return Optional.ofNullable(switch (kind) {
            case TEMPORARY_SYSTEM -> temporarySystem.get(normalize(path.get(path.size() - 1)));
            case TEMPORARY -> temporary.get(path);
            case CATALOG -> persistent.get(path);
        });
    }

    /** Registers {@code entry}, replacing nothing: the caller checked that its name is free. */
    public void register(Entry entry) {
        switch (entry.kind()) {
            case TEMPORARY_SYSTEM -> temporarySystem.put(entry.name(), entry);
            case TEMPORARY -> temporary.put(entry.path(), entry);
            case CATALOG -> persistent.put(entry.path(), entry);
        }
    }

    /** Removes the function; returns whether it existed. */
    public boolean drop(Kind kind, List<String> path) {
        return switch (kind) {
            case TEMPORARY_SYSTEM -> temporarySystem.remove(normalize(path.get(path.size() - 1))) != null;
            case TEMPORARY -> temporary.remove(path) != null;
            case CATALOG -> persistent.remove(path) != null;
        };
    }

    /** The names of the temporary system functions and of the functions in the current database, sorted. */
    public List<String> userFunctionNames() {
        List<String> current = currentDatabase.get();
        TreeSet<String> names = new TreeSet<>(temporarySystem.keySet());
        for (Map<List<String>, Entry> map : List.of(temporary, persistent)) {
            for (List<String> path : map.keySet()) {
                if (path.get(0).equals(current.get(0)) && path.get(1).equals(current.get(1))) {
                    names.add(path.get(2));
                }
            }
        }
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
        Entry entry = temporary.containsKey(path) ? temporary.get(path) : persistent.get(path);
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
                persistent.values().forEach(e -> all.addAll(e.operators()));
            }
            return all;
        }
    }
}
