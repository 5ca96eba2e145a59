package dev.runnel.runtime.format;

import dev.runnel.runtime.data.Row;
import java.nio.charset.StandardCharsets;

/**
 * Writes a row as one record. Text formats (json, csv) implement {@link #serialize(Row)}, a
 * line of text without its terminator; binary formats (raw, avro) implement
 * {@link #serializeToBytes(Row)} and leave the text form unsupported. Writers only call the
 * byte form. Not thread-safe.
 */
public interface RowSerializer {

    /**
     * The record of {@code row} as text; an optional operation that only text formats offer.
     *
     * @throws UnsupportedOperationException for a binary format
     */
    default String serialize(Row row) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " writes binary records, not text");
    }

    /**
     * The bytes of the record of {@code row} ({@link #serialize(Row)} in UTF-8 for a text format),
     * or {@code null} for a record without value: the raw format writes a NULL so (a Kafka
     * tombstone), as Flink's does. A writer that cannot write a record without value (a line of
     * a file) fails the row.
     *
     * @throws FormatException if the row cannot be written
     */
    default byte[] serializeToBytes(Row row) {
        return serialize(row).getBytes(StandardCharsets.UTF_8);
    }
}
