package dev.runnel.runtime.connector;

import dev.runnel.runtime.types.RowType;
import java.util.List;
import java.util.Map;

/**
 * What a connector factory is told about the table it reads or writes.
 *
 * @param tableName the table's qualified name, for messages
 * @param schema the physical columns
 * @param options the table's WITH options, keys as written
 * @param partitionKeys the {@code PARTITIONED BY} columns (physical columns of {@code schema}),
 *     empty when the table is not partitioned
 * @param primaryKey the columns of the {@code PRIMARY KEY} (physical columns of {@code schema}),
 *     empty when the table declares none
 */
public record TableContext(String tableName, RowType schema, Map<String, String> options, List<String> partitionKeys,
                           List<String> primaryKey) {
    public TableContext {
        options = Map.copyOf(options);
        partitionKeys = List.copyOf(partitionKeys);
        primaryKey = List.copyOf(primaryKey);
    }

    /** A table without a primary key. */
    public TableContext(String tableName, RowType schema, Map<String, String> options, List<String> partitionKeys) {
        this(tableName, schema, options, partitionKeys, List.of());
    }

    /** A table that is not partitioned. */
    public TableContext(String tableName, RowType schema, Map<String, String> options) {
        this(tableName, schema, options, List.of());
    }
}
