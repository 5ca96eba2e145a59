package dev.runnel.runtime.format;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.types.RowType;
import java.util.EnumSet;
import java.util.Set;

/**
 * Turns rows into records (lines of text, or bytes for the binary formats raw and avro) and
 * back, the way Flink's format of the same name does, so that files and messages move between
 * Flink and Runnel. Connectors pass a format its own
 * options with the format's prefix removed: the table option {@code json.ignore-parse-errors}
 * arrives as {@code ignore-parse-errors} (see {@link Formats#formatOptions}).
 */
public interface FormatFactory {
    /** The value of the table's {@code 'format'} option, such as {@code json}. */
    String identifier();

    /** The options this format understands, keys without the format prefix. */
    Set<ConfigOption<?>> options();

    /**
     * Checks option values beyond their type (a delimiter must be one character, …).
     *
     * @param options the format's options without prefix
     * @param prefix the prefix the user wrote ({@code json.}), for messages
     * @throws dev.runnel.runtime.config.ConfigException naming the prefixed key
     */
    default void validate(RowType rowType, Configuration options, String prefix) {
    }

    /**
     * Checks that records of this format can be the lines of a file, as the filesystem connector
     * frames them (it splits files at line breaks and ends each record with {@code \n}). Text
     * formats can (the default); a binary format refuses what it cannot write so.
     *
     * @param prefix the prefix the user wrote ({@code raw.}), for messages
     * @throws dev.runnel.runtime.config.ConfigException naming the option or column
     */
    default void validateLines(RowType rowType, Configuration options, String prefix) {
    }

    /**
     * Whether the filesystem connector serves this format at all; it offers the options only of
     * those it does (a format it does not serve refuses in {@link #validateLines}).
     */
    default boolean servesFiles() {
        return true;
    }

    /**
     * The kinds of rows this format reads and writes: only {@link RowKind#INSERT} for a plain
     * format ({@code json}, {@code csv}), every kind for a changelog format
     * ({@code debezium-json}). A table whose format is a changelog format is a changelog
     * source, and only a sink with a changelog format accepts updates and deletes.
     */
    default Set<RowKind> changelogMode() {
        return EnumSet.of(RowKind.INSERT);
    }

    /** A deserializer for rows of {@code rowType}; each reader gets its own (they are not thread-safe). */
    RowDeserializer createDeserializer(RowType rowType, Configuration options);

    /** A serializer for rows of {@code rowType}; each writer gets its own (they are not thread-safe). */
    RowSerializer createSerializer(RowType rowType, Configuration options);
}
