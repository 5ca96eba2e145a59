package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.ObjectIdentifier;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/** Catalog checks on the names a query or {@code INSERT} uses, beyond what Calcite's validator says. */
final class QueryNames {
    /** Calcite's message for an unknown table: {@code Object 'x' not found [within 'a.b']}. */
    private static final Pattern NOT_FOUND = Pattern.compile("Object '([^']+)' not found(?: within '([^']+)')?");

    /** Calcite's message for an unknown column, when it has no suggestion of its own (a case mismatch). */
    private static final Pattern COLUMN_NOT_FOUND = Pattern.compile("Column '([^']+)' not found in (?:any table|table '[^']+')");
    /** Calcite's message for an unknown function (or wrong arguments of a known one). */
    private static final Pattern NO_FUNCTION = Pattern.compile("No match found for function signature (\\w+)\\(.*");

    private final Catalog catalog;
    private final ObjectResolver resolver;
    private final Supplier<Collection<String>> functionNames;

    /** @param functionNames the names of the functions queries may call, for suggestions */
    QueryNames(Catalog catalog, Supplier<Collection<String>> functionNames) {
        this.catalog = catalog;
        this.resolver = new ObjectResolver(catalog);
        this.functionNames = functionNames;
    }

    /**
     * Rejects {@code INSERT INTO view} (views are read-only), naming the view at its position.
     * Names that do not resolve are left to the validator, which reports them.
     */
    void rejectInsertIntoView(SqlNode node) {
        if (!(node instanceof SqlInsert insert) || !(insert.getTargetTable() instanceof SqlIdentifier target)) {
            return;
        }
        ObjectIdentifier id;
        try {
            id = resolver.object(target);
        } catch (SqlExecutionException e) {
            return;
        }
        if (catalog.view(id).isPresent()) {
            throw ObjectResolver.error("Cannot INSERT INTO view '" + id + "': a view is read-only; "
                    + "insert into a table", target, target.names.size() - 1);
        }
    }

    /**
     * Runs {@code validation} of {@code query}, adding a "Did you mean" to the error when a known
     * name is close to an unknown one: a table or view (among the searched database's objects), a
     * column (among the columns of the tables and views the query names) or a function.
     */
    <T> T suggestOnUnknownName(SqlNode query, Supplier<T> validation) {
        try {
            return validation.get();
        } catch (SqlExecutionException e) {
            String hint = hint(e.getMessage(), query);
            if (hint.isEmpty()) {
                throw e;
            }
            throw new SqlExecutionException(e.getMessage() + hint, e.line(), e.column(), e);
        }
    }

    private String hint(String message, SqlNode query) {
        Matcher object = NOT_FOUND.matcher(message);
        if (object.matches()) {
            return ObjectResolver.didYouMean(object.group(1), candidates(object.group(2)));
        }
        Matcher column = COLUMN_NOT_FOUND.matcher(message);
        if (column.matches()) {
            return ObjectResolver.didYouMean(column.group(1), columnsOfNamedObjects(query));
        }
        Matcher function = NO_FUNCTION.matcher(message);
        if (function.matches()) {
            String name = function.group(1).toUpperCase(Locale.ROOT);
            Collection<String> known = functionNames.get();
            // A known function called with the wrong arguments gets the same message: no suggestion then.
            return known.contains(name) ? "" : ObjectResolver.didYouMean(name, known);
        }
        return "";
    }

    /* The columns of every table or view that an identifier of the query resolves to. */
    private Set<String> columnsOfNamedObjects(SqlNode query) {
        Set<String> columns = new TreeSet<>();
        query.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlIdentifier id) {
                ObjectIdentifier resolved;
                try {
                    resolved = resolver.object(id);
                } catch (RuntimeException notAnObject) {
                    return null;
                }
                catalog.table(resolved).ifPresent(t -> columns.addAll(t.rowType().names()));
                catalog.view(resolved).ifPresent(v -> columns.addAll(v.schema().names()));
                return null;
            }
        });
        return columns;
    }

    /** The object names of the database Calcite searched: the current one, or the one it names. */
    private List<String> candidates(String within) {
        if (within == null) {
            return catalog.objectNames(catalog.currentCatalog(), catalog.currentDatabase());
        }
        String[] parts = within.split("\\.");
        String catalogName = parts.length == 2 ? parts[0] : catalog.currentCatalog();
        String database = parts[parts.length - 1];
        if (parts.length > 2 || !catalog.hasDatabase(catalogName, database)) {
            return List.of();
        }
        return catalog.objectNames(catalogName, database);
    }
}
