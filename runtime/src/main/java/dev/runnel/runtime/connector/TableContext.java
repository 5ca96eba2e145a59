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
 * @param metadataKeys the metadata whose values follow the physical columns in the table's rows,
 *     in this order: for {@link ConnectorFactory#createSource} keys of
 *     {@link ConnectorFactory#readableMetadata()} that the source appends to each row it reads, for
 *     {@link ConnectorFactory#createSink} keys of {@link ConnectorFactory#writableMetadata()} whose
 *     values the sink finds after the physical columns of each row it writes (each value of the
 *     metadata's type); empty when the table reads or writes no metadata, and in every other call
 */
public record TableContext(String tableName, RowType schema, Map<String, String> options, List<String> partitionKeys,
                           List<String> primaryKey, List<String> metadataKeys) {
    public TableContext {
        options = Map.copyOf(options);
        partitionKeys = List.copyOf(partitionKeys);
        primaryKey = List.copyOf(primaryKey);
        metadataKeys = List.copyOf(metadataKeys);
    }

    /** A table that reads or writes no metadata. */
    public TableContext(String tableName, RowType schema, Map<String, String> options, List<String> partitionKeys,
                        List<String> primaryKey) {
        this(tableName, schema, options, partitionKeys, primaryKey, List.of());
    }

    /** A table without a primary key. */
    public TableContext(String tableName, RowType schema, Map<String, String> options, List<String> partitionKeys) {
        this(tableName, schema, options, partitionKeys, List.of());
    }

    /** A table that is not partitioned. */
    public TableContext(String tableName, RowType schema, Map<String, String> options) {
        this(tableName, schema, options, List.of());
    }

    /** This table reading (or writing) the metadata of {@code keys} after its physical columns. */
    public TableContext withMetadataKeys(List<String> keys) {
        return new TableContext(tableName, schema, options, partitionKeys, primaryKey, keys);
    }
}
