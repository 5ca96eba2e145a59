package dev.runnel.planner.session;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.CatalogView;
import dev.runnel.planner.functions.FunctionName;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a front may look up about the session without running a statement: the names the
 * shell's Tab completion offers and {@code \d} lists, and the tables and columns the JDBC
 * gateway's {@code DatabaseMetaData} describes. Every method answers from the session's current
 * state, is cheap, never fails (an unknown catalog, database or object gives an empty list) and
 * is called on the shell's thread between statements.
 */
public interface SessionMetadata {

    String currentCatalog();

    String currentDatabase();

    /** Catalog names, sorted. */
    List<String> catalogs();

    /** Database names of {@code catalog}, sorted. */
    List<String> databases(String catalog);

    /** Table names (not views) of {@code catalog.database}, sorted. */
    List<String> tables(String catalog, String database);

    /** View names (temporary ones too) of {@code catalog.database}, sorted. */
    List<String> views(String catalog, String database);

    /**
     * The column names, in order, of the table or view {@code name} (one to three parts, as
     * written, resolved against the current catalog and database); empty when there is none.
     */
    List<String> columns(List<String> name);

    /** The table {@code catalog.database.name} (not a view), as {@code DESCRIBE} shows it. */
    Optional<CatalogTable> describeTable(String catalog, String database, String name);

    /**
     * The view {@code catalog.database.name}: a temporary view where one shadows a permanent
     * object of that name, as queries resolve it.
     */
    Optional<CatalogView> describeView(String catalog, String database, String name);

    /** The functions queries may call, as they are typed, sorted by name. */
    List<FunctionName> functions();

    /** The registered connectors by {@code 'connector'} value, sorted. */
    List<String> connectors();

    /**
     * The option keys worth offering inside {@code WITH (…)} of a table of {@code connector},
     * sorted: those the connector would accept given the options {@code written} so far and the
     * table's columns, patterns such as {@code fields.#.kind} made one key per column, keys
     * already written left out. Empty for an unknown connector.
     *
     * @param columns the table's physical columns in order, each with its type as typed; a type
     *                that does not parse is taken to be any type
     */
    List<String> connectorOptions(String connector, Map<String, String> written, Map<String, String> columns);

    /**
     * The keys {@code SET} accepts, each with the values it allows when they are few (a
     * boolean, an enumeration), else an empty list.
     */
    Map<String, List<String>> settings();

    /** The formats ({@code 'format'} values) connectors read and write, sorted. */
    List<String> formats();

    /** The cluster's jobs by id, oldest first, each described by its name and status. */
    Map<String, String> jobs();
}
