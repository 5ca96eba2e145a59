package dev.runnel.runtime.connector;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Creates sources and sinks for tables whose {@code 'connector'} option equals
 * {@link #identifier()}. Found through {@link java.util.ServiceLoader}. Option names follow
 * Flink's connector of the same name.
 */
public interface ConnectorFactory {
    /** The value of {@code 'connector'} this factory serves, such as {@code datagen}. */
    String identifier();

    /** Options that must be set (besides {@code connector}). */
    Set<ConfigOption<?>> requiredOptions();

    /** Options that may be set; keys may be patterns such as {@code fields.#.kind}. */
    Set<ConfigOption<?>> optionalOptions();

    /**
     * Checks what the option types alone cannot: values against each other and against the
     * schema (a {@code fields.x.kind} option must name a column, a delimiter must be one
     * character, …). Called by {@link ConnectorFactories#factoryFor} after every option was
     * found known and well-typed.
     *
     * @throws ConfigException naming the offending option
     */
    default void validate(TableContext table) {
    }

    /**
     * Whether completion should offer {@code key} inside {@code WITH (…)}: a key this factory
     * knows, a pattern's {@code #} replaced by a column of the table. False where
     * {@link #validate} would reject the key given the options {@code written} so far and the
     * column's type in {@code schema} (which holds the columns whose types are known). By
     * default every known key is offered.
     */
    default boolean offers(String key, Map<String, String> written, RowType schema) {
        return true;
    }

    /**
     * The options to keep for {@code table}, which {@link #validate} accepted: by default as
     * written. A connector whose options name files makes relative paths absolute here
     * ({@link dev.runnel.runtime.fs.FileLocation#absoluteOption}); this is called once, when the
     * table is created or altered, so that the table names the same files whatever process, and
     * whatever working directory, its jobs later run in.
     */
    default Map<String, String> resolveOptions(TableContext table) {
        return table.options();
    }

    /**
     * The parallelism the table's options ask its source to run with ({@code scan.parallelism}
     * where the connector supports it); empty for the job's default.
     */
    default OptionalInt sourceParallelism(TableContext table) {
        return optionalOptions().contains(ConnectorOptions.SCAN_PARALLELISM)
                ? ConnectorOptions.parallelism(table, ConnectorOptions.SCAN_PARALLELISM) : OptionalInt.empty();
    }

    /**
     * The parallelism the table's options ask its sink to run with ({@code sink.parallelism}
     * where the connector supports it); empty for that of the sink's input.
     */
    default OptionalInt sinkParallelism(TableContext table) {
        return optionalOptions().contains(ConnectorOptions.SINK_PARALLELISM)
                ? ConnectorOptions.parallelism(table, ConnectorOptions.SINK_PARALLELISM) : OptionalInt.empty();
    }

    /**
     * The metadata a source of this connector can read, by key, with the type it has
     * ({@code ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'} may only name such a key). Empty
     * when the connector exposes no metadata. The map's order is the order in which a source
     * appends the values of the keys it is asked for ({@link TableContext#metadataKeys()}) after
     * the physical columns, as in Flink; a column whose declared type differs from the key's is
     * cast by the planner.
     */
    default Map<String, DataType> readableMetadata() {
        return Map.of();
    }

    /**
     * The metadata a sink of this connector can write, by key, with the type the sink expects
     * (Flink's {@code listWritableMetadata}): a metadata column that is not {@code VIRTUAL}
     * must name such a key for its table to be written. The map's order is the order in which
     * the values of the keys a sink is given ({@link TableContext#metadataKeys()}) follow the
     * physical columns in its rows; a value may be null (the sink then writes none). Empty when
     * the connector writes no metadata.
     */
    default Map<String, DataType> writableMetadata() {
        return Map.of();
    }

    /**
     * Whether tables of this connector may be {@code PARTITIONED BY} columns: only where the
     * connector honours partitions (a sink writing one directory per partition, or one that
     * needs nothing for it, such as {@code blackhole}).
     */
    default boolean supportsPartitioning() {
        return false;
    }

    /**
     * The kinds of rows a source of {@code table} emits: only inserts unless the connector or
     * the table's format reads a changelog (a {@code debezium-json} file). The planner derives
     * the changelog mode of a scan from it.
     *
     * @throws ConfigException when the table's options are wrong
     */
    default Set<RowKind> sourceChangelogMode(TableContext table) {
        return EnumSet.of(RowKind.INSERT);
    }

    /**
     * The kinds of rows a sink of {@code table} accepts. The planner refuses, before anything
     * runs, an {@code INSERT} whose query produces other kinds. Only inserts by default: a sink
     * that writes what it gets, with no way to take a row back, must not see retractions.
     *
     * @throws ConfigException when the table's options are wrong
     */
    default Set<RowKind> sinkChangelogMode(TableContext table) {
        return EnumSet.of(RowKind.INSERT);
    }

    /**
     * The partitions of a partitioned table that hold data (for {@code SHOW PARTITIONS}), each
     * as its values as text by partition key in {@code PARTITIONED BY} order; empty where the
     * connector keeps no partitions.
     */
    default List<Map<String, String>> partitions(TableContext table) {
        return List.of();
    }

    /**
     * Checks of a sink that need the configuration of the job that writes it (a sink that needs
     * checkpoints, say), when an {@code INSERT} into the table is planned.
     *
     * @throws ConfigException naming the offending option
     */
    default void validateSinkJob(TableContext table, Configuration job) {
    }

    /** A source reading the table; throws {@link ConfigException} if this connector cannot read. */
    default SourceFactory createSource(TableContext table) {
        throw new ConfigException("connector", "Connector '" + identifier() + "' of table " + table.tableName()
                + " can only be written to, not read from");
    }

    /**
     * The table as the looked-up side of a processing-time temporal join (lookup join). Only
     * connectors whose tables can be looked up override it.
     *
     * @throws ConfigException when this connector's tables, or this table, cannot be looked up
     */
    default LookupTableSource createLookupSource(TableContext table) {
        throw new ConfigException(ConnectorFactories.CONNECTOR, "Table " + table.tableName() + " (connector '"
                + identifier() + "') is not a lookup source: a processing-time temporal join (lookup join) can only"
                + " look up 'filesystem' tables and bounded 'datagen' tables");
    }

    /** A sink operator writing the table; throws {@link ConfigException} if this connector cannot write. */
    default OperatorFactory createSink(TableContext table) {
        throw new ConfigException("connector", "Connector '" + identifier() + "' of table " + table.tableName()
                + " can only be read from, not written to");
    }
}
