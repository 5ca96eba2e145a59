package dev.runnel.runtime.format;

import dev.runnel.runtime.data.Row;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Parses one record (one line of a file, one message) into rows whose fields use the internal
 * representation of {@link dev.runnel.runtime.types.TypeRoot}: one INSERT row for a plain
 * format, up to two rows of any {@link dev.runnel.runtime.data.RowKind} for a changelog format
 * (an update becomes {@code -U} and {@code +U}). Readers call
 * {@link #deserialize(byte[], int, int, Consumer)}, which serves both. Text formats (json, csv)
 * implement {@link #deserialize(String)}, from which the byte forms decode UTF-8; binary formats
 * (raw, avro) implement the byte forms and leave the text form unsupported. Not thread-safe: one
 * instance per reader.
 *
 * <p>With {@link #ignoreParseErrors()} the deserializer sets a field it cannot convert to NULL
 * (like Flink) and still throws for a record it cannot parse at all; the caller skips such a
 * record instead of failing.
 */
public interface RowDeserializer {

    /**
     * The row in {@code record}, or {@code null} if the record holds no row (a comment line); an
     * optional operation that only text formats offer.
     *
     * @throws FormatException saying what is wrong (field, value, expected type) but not where:
     *                         the caller knows the file and line or the topic and offset
     * @throws UnsupportedOperationException for a binary format
     */
    default Row deserialize(String record) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " reads binary records, not text");
    }

    /**
     * Hands the rows of {@code record} to {@code out}, in order; none for a record that holds
     * no row. A record that fails hands out nothing. The default emits {@link #deserialize(String)}.
     *
     * @throws FormatException as {@link #deserialize(String)}
     */
    default void deserialize(String record, Consumer<Row> out) {
        Row row = deserialize(record);
        if (row != null) {
            out.accept(row);
        }
    }

    /**
     * {@link #deserialize(String, Consumer)} of the UTF-8 bytes {@code record[offset, offset + length)},
     * which the call must not keep (readers reuse the array). Formats that parse bytes override
     * it; the default decodes them first.
     *
     * @throws FormatException as {@link #deserialize(String)}
     */
    default void deserialize(byte[] record, int offset, int length, Consumer<Row> out) {
        deserialize(new String(record, offset, length, StandardCharsets.UTF_8), out);
    }

    /** {@link #deserialize(String)} of UTF-8 bytes. */
    default Row deserialize(byte[] record) {
        return deserialize(new String(record, StandardCharsets.UTF_8));
    }

    /**
     * Hands {@code out} the rows of a record without value (a Kafka tombstone): none by default,
     * as Flink's formats read nothing from it; the raw format reads a row whose column is NULL.
     */
    default void deserializeNoValue(Consumer<Row> out) {
    }

    /**
     * Whether a file reader skips the lines that hold only whitespace instead of handing them over:
     * true for formats that read a row from a line of text (such a line holds none); the raw format
     * reads every line as a value, as Flink's does.
     */
    default boolean skipsBlankLines() {
        return true;
    }

    /**
     * True if the table asked to skip records and null fields that cannot be parsed; false for
     * formats that, like Flink's raw and avro, have no {@code ignore-parse-errors}.
     */
    default boolean ignoreParseErrors() {
        return false;
    }

    /** How many fields were set to NULL so far because they could not be parsed. */
    default long ignoredFieldErrors() {
        return 0;
    }
}
