package dev.runnel.runtime.connector;

import dev.runnel.runtime.types.RowType;
import java.util.Map;

/**
 * What a connector factory is told about the table it reads or writes.
 *
 * @param tableName the table's qualified name, for messages
 * @param schema the physical columns
 * @param options the table's WITH options, keys as written
 */
public record TableContext(String tableName, RowType schema, Map<String, String> options) {
    public TableContext {
        options = Map.copyOf(options);
    }
}
