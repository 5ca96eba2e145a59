package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.ObjectIdentifier;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;

/** Catalog checks on the names a query or {@code INSERT} uses, beyond what Calcite's validator says. */
final class QueryNames {
    /** Calcite's message for an unknown table: {@code Object 'x' not found [within 'a.b']}. */
    private static final Pattern NOT_FOUND = Pattern.compile("Object '([^']+)' not found(?: within '([^']+)')?");

    private final Catalog catalog;
    private final ObjectResolver resolver;

    QueryNames(Catalog catalog) {
        this.catalog = catalog;
        this.resolver = new ObjectResolver(catalog);
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

    /** Runs {@code validation}, adding a "Did you mean" to an unknown table's error when a known name is close. */
    <T> T suggestOnUnknownObject(Supplier<T> validation) {
        try {
            return validation.get();
        } catch (SqlExecutionException e) {
            Matcher m = NOT_FOUND.matcher(e.getMessage());
            if (!m.matches()) {
                throw e;
            }
            List<String> candidates = candidates(m.group(2));
            String hint = ObjectResolver.didYouMean(m.group(1), candidates);
            if (hint.isEmpty()) {
                throw e;
            }
            throw new SqlExecutionException(e.getMessage() + hint, e.line(), e.column(), e);
        }
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
