package dev.runnel.runtime.format;

import dev.runnel.runtime.data.Row;
import java.nio.charset.StandardCharsets;

/** Writes a row as one record of text, without a line terminator. Not thread-safe. */
public interface RowSerializer {

    String serialize(Row row);

    /** {@link #serialize(Row)} as UTF-8 bytes. */
    default byte[] serializeToBytes(Row row) {
        return serialize(row).getBytes(StandardCharsets.UTF_8);
    }
}
