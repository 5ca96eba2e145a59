package dev.runnel.runtime.format.raw;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Flink's {@code raw} format: a record is the bare value of the table's one physical column.
 * Strings are their bytes in {@code raw.charset}, BYTES are themselves, BOOLEAN and TINYINT one
 * byte, SMALLINT, INT, BIGINT, FLOAT and DOUBLE their fixed-width two's complement or IEEE 754
 * bytes in {@code raw.endianness}, as Flink's {@code RawFormatSerializationSchema} writes them
 * (INT 1 is {@code 00 00 00 01} big-endian). NULL is a record without value (a Kafka tombstone)
 * both ways. Like Flink's, the format has no {@code ignore-parse-errors}: a record of the wrong
 * length fails.
 */
public final class RawFormatFactory implements FormatFactory {
    public static final String IDENTIFIER = "raw";

    /** The byte order of numbers. */
    public enum Endianness {
        BIG_ENDIAN(ByteOrder.BIG_ENDIAN),
        LITTLE_ENDIAN(ByteOrder.LITTLE_ENDIAN);

        final ByteOrder order;

        Endianness(ByteOrder order) {
            this.order = order;
        }
    }

    public static final ConfigOption<String> CHARSET = ConfigOption.of("charset", String.class, "UTF-8",
            "The charset of string values.");
    public static final ConfigOption<Endianness> ENDIANNESS = ConfigOption.of("endianness", Endianness.class,
            Endianness.BIG_ENDIAN, "The byte order of numbers: 'big-endian' or 'little-endian'.");

    private static final Set<TypeRoot> SUPPORTED = EnumSet.of(TypeRoot.CHAR, TypeRoot.VARCHAR, TypeRoot.BINARY,
            TypeRoot.VARBINARY, TypeRoot.BOOLEAN, TypeRoot.TINYINT, TypeRoot.SMALLINT, TypeRoot.INTEGER,
            TypeRoot.BIGINT, TypeRoot.FLOAT, TypeRoot.DOUBLE);

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> options() {
        return Set.of(CHARSET, ENDIANNESS);
    }

    @Override
    public void validate(RowType rowType, Configuration options, String prefix) {
        String formatKey = prefix.substring(0, prefix.length() - IDENTIFIER.length() - 1) + "format";
        if (rowType.arity() != 1) {
            // Flink's message, which lists the columns
            throw new ConfigException(formatKey, "The 'raw' format only supports single physical column. However the"
                    + " defined schema contains multiple physical columns: [" + rowType.fields().stream()
                    .map(f -> "`" + f.name() + "` " + f.type()).collect(Collectors.joining(", ")) + "]");
        }
        DataType type = rowType.type(0);
        if (!SUPPORTED.contains(type.root())) {
            throw new ConfigException(formatKey, "The 'raw' format doesn't support type " + type + " of column '"
                    + rowType.name(0) + "': it reads and writes STRING, CHAR, VARCHAR, BYTES, BINARY, VARBINARY,"
                    + " BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT and DOUBLE");
        }
        charset(options, prefix);
    }

    /** Only strings and bytes, in a charset whose line breaks are the bytes the file reader splits at. */
    @Override
    public void validateLines(RowType rowType, Configuration options, String prefix) {
        DataType type = rowType.type(0);
        TypeRoot root = type.root();
        if (root != TypeRoot.CHAR && root != TypeRoot.VARCHAR && root != TypeRoot.BINARY
                && root != TypeRoot.VARBINARY) {
            throw new ConfigException("format", "Column '" + rowType.name(0) + "' of type " + type + " cannot be"
                    + " read from or written to files with the 'raw' format: the filesystem connector splits files"
                    + " into records at line breaks, which the fixed-width bytes of a " + type.withNullable(true)
                    + " can hold; use a STRING or BYTES column, or a format such as 'csv'");
        }
        Charset charset = charset(options, prefix);
        if (!Arrays.equals("\n\r".getBytes(charset), "\n\r".getBytes(StandardCharsets.US_ASCII))) {
            throw ConfigException.invalidValue(prefix + CHARSET.key(), "Option '" + prefix + CHARSET.key() + "' = '"
                    + options.get(CHARSET) + "' cannot be used with the filesystem connector: that charset does not"
                    + " write line breaks as the single bytes '\\n' and '\\r' at which files are split into records");
        }
    }

    /** The charset {@code raw.charset} names. */
    static Charset charset(Configuration options, String prefix) {
        String name = options.get(CHARSET);
        try {
            return Charset.forName(name.trim());
        } catch (IllegalArgumentException e) {
            throw ConfigException.invalidValue(prefix + CHARSET.key(), "Unsupported charset '" + name + "' in option '"
                    + prefix + CHARSET.key() + "': expected a charset such as 'UTF-8', 'ISO-8859-1' or 'UTF-16BE'", e);
        }
    }

    @Override
    public RowDeserializer createDeserializer(RowType rowType, Configuration options) {
        return new RawRowDeserializer(rowType.field(0), charset(options, ""), options.get(ENDIANNESS).order);
    }

    @Override
    public RowSerializer createSerializer(RowType rowType, Configuration options) {
        return new RawRowSerializer(rowType.field(0), charset(options, ""), options.get(ENDIANNESS).order);
    }
}
