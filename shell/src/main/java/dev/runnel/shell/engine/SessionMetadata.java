package dev.runnel.shell.engine;

import java.util.List;
import java.util.Map;

/**
 * What the shell may look up about the session without running a statement: the names Tab
 * completion offers and {@code \d} lists. Every method answers from the session's current
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

    /** The functions queries may call, as they are typed, sorted by name. */
    List<FunctionName> functions();

    /**
     * The registered connectors by {@code 'connector'} value, each with the option keys its
     * tables accept ({@code connector} excluded; patterns such as {@code fields.#.kind} kept).
     */
    Map<String, List<String>> connectorOptions();

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
