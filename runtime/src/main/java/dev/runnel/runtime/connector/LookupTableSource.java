package dev.runnel.runtime.connector;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import java.io.Serializable;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * A bounded table that a processing-time temporal join (lookup join) holds whole in memory, as
 * Flink's full-cache lookup functions do (its {@code FileSystemLookupFunction}): each join
 * subtask reads every row when it opens, and reads them all again on the first lookup after
 * {@link #reloadInterval()} has passed. Created by {@link ConnectorFactory#createLookupSource};
 * it travels in the job graph, and {@link #readAll} runs in the join's task thread.
 */
public interface LookupTableSource extends Serializable {
    /** The table's qualified name, for operator names and errors. */
    String tableName();

    /** How long a loaded copy of the table is used before it is read again (Flink's {@code lookup.join.cache.ttl}). */
    Duration reloadInterval();

    /**
     * Reads every row of the table, in its physical schema, into {@code rows}; blocks until
     * done.
     *
     * @param context the join's context (its configuration, class loader and clock)
     * @throws Exception when the table cannot be read; the message names the table and where
     */
    void readAll(OperatorContext context, Consumer<Row> rows) throws Exception;
}
