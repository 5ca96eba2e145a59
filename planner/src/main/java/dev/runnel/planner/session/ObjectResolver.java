package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.runtime.connector.ConnectorFactories;
import java.util.Collection;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Resolves names written in statements against the session's current catalog and database, as
 * Flink does: {@code name}, {@code db.name} and {@code catalog.db.name} for tables and views,
 * {@code db} and {@code catalog.db} for databases. Errors point at the offending part of the
 * name and suggest a known name when one is close.
 */
final class ObjectResolver {
    private final Catalog catalog;

    ObjectResolver(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * The full identifier of a table or view name, checking that its catalog and database exist.
     *
     * @throws SqlExecutionException when the name has more than three parts, or its catalog or database does not exist
     */
    ObjectIdentifier object(SqlIdentifier id) {
        List<String> names = id.names;
        if (names.size() > 3) {
            throw error("Object name '" + id + "' has too many parts; write [catalog.][database.]name", id, 0);
        }
        String catalogName = names.size() == 3 ? names.get(0) : catalog.currentCatalog();
        if (names.size() == 3) {
            checkCatalog(catalogName, id, 0);
        }
        String databaseName = names.size() >= 2 ? names.get(names.size() - 2) : catalog.currentDatabase();
        if (names.size() >= 2) {
            checkDatabase(catalogName, databaseName, id, names.size() - 2);
        }
        return new ObjectIdentifier(catalogName, databaseName, names.get(names.size() - 1));
    }

    /**
     * The catalog and database of a database name ({@code db} or {@code catalog.db}).
     *
     * @param mustExist whether a database that does not exist is an error
     */
    List<String> database(SqlIdentifier id, boolean mustExist) {
        List<String> names = id.names;
        if (names.size() > 2) {
            throw error("Database name '" + id + "' has too many parts; write [catalog.]database", id, 0);
        }
        String catalogName = names.size() == 2 ? names.get(0) : catalog.currentCatalog();
        if (names.size() == 2) {
            checkCatalog(catalogName, id, 0);
        }
        String databaseName = names.get(names.size() - 1);
        if (mustExist) {
            checkDatabase(catalogName, databaseName, id, names.size() - 1);
        }
        return List.of(catalogName, databaseName);
    }

    /** A catalog name that must exist. */
    String catalogName(SqlIdentifier id) {
        checkCatalog(id.getSimple(), id, 0);
        return id.getSimple();
    }

    private void checkCatalog(String name, SqlIdentifier id, int part) {
        if (!catalog.hasCatalog(name)) {
            throw error("Catalog '" + name + "' does not exist" + didYouMean(name, catalog.catalogNames()), id, part);
        }
    }

    private void checkDatabase(String catalogName, String name, SqlIdentifier id, int part) {
        if (!catalog.hasDatabase(catalogName, name)) {
            throw error("Database '" + name + "' does not exist in catalog '" + catalogName + "'"
                    + didYouMean(name, catalog.databaseNames(catalogName)), id, part);
        }
    }

    /** {@code ". Did you mean 'x'?"} for the candidate closest to {@code name}, or empty when none is close. */
    static String didYouMean(String name, Collection<String> candidates) {
        String closest = ConnectorFactories.closest(name, candidates);
        return closest == null ? "" : ". Did you mean '" + closest + "'?";
    }

    /** An error at the position of one part of a compound name. */
    static SqlExecutionException error(String message, SqlIdentifier id, int part) {
        SqlParserPos pos = id.names.size() > 1 ? id.getComponentParserPosition(part) : id.getParserPosition();
        return new SqlExecutionException(message, pos.getLineNum(), pos.getColumnNum(), null);
    }

    static SqlExecutionException error(String message, SqlParserPos pos) {
        return new SqlExecutionException(message, pos.getLineNum(), pos.getColumnNum(), null);
    }
}
