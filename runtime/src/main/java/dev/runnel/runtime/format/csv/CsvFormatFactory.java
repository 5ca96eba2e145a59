package dev.runnel.runtime.format.csv;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.Set;

/**
 * Flink's {@code csv} format: one line per record, columns in table order, RFC 4180 quoting.
 * NULL is an empty unquoted field (or {@code null-literal}); an empty string is written
 * {@code ""} so that the two stay apart. Other values as in the json format (DECIMAL plain,
 * BYTES base64, TIMESTAMP {@code yyyy-MM-dd HH:mm:ss.SSS}, TIMESTAMP_LTZ with a {@code Z}).
 * A record never spans lines: a quoted field holding a line break cannot be read back.
 */
public final class CsvFormatFactory implements FormatFactory {
    public static final String IDENTIFIER = "csv";

    public static final ConfigOption<String> FIELD_DELIMITER = ConfigOption.of("field-delimiter", String.class, ",",
            "The field separator, one character ('\\t' for a tab).");
    public static final ConfigOption<String> QUOTE_CHARACTER = ConfigOption.of("quote-character", String.class, "\"",
            "The character around fields that hold the delimiter, quotes or line breaks.");
    public static final ConfigOption<Boolean> DISABLE_QUOTE_CHARACTER = ConfigOption.of("disable-quote-character",
            Boolean.class, false, "Neither read nor write quotes.");
    public static final ConfigOption<Boolean> ALLOW_COMMENTS = ConfigOption.of("allow-comments", Boolean.class, false,
            "Skip lines that start with '#'.");
    public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS = ConfigOption.of("ignore-parse-errors",
            Boolean.class, false, "Skip records that cannot be parsed and set fields that cannot be converted to NULL.");
    public static final ConfigOption<String> NULL_LITERAL = ConfigOption.of("null-literal", String.class, null,
            "The text that stands for NULL (by default an empty field).");
    public static final ConfigOption<String> ESCAPE_CHARACTER = ConfigOption.of("escape-character", String.class, null,
            "A character that makes the next one literal (none by default).");

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> options() {
        return Set.of(FIELD_DELIMITER, QUOTE_CHARACTER, DISABLE_QUOTE_CHARACTER, ALLOW_COMMENTS, IGNORE_PARSE_ERRORS,
                NULL_LITERAL, ESCAPE_CHARACTER);
    }

    @Override
    public void validate(RowType rowType, Configuration options, String prefix) {
        String formatKey = prefix.isEmpty() ? "format" : prefix.substring(0, prefix.length() - 1);
        for (RowType.Field field : rowType.fields()) {
            TypeRoot root = field.type().root();
            if (root == TypeRoot.ROW) {
                throw new ConfigException(formatKey, "The csv format cannot read or write column '" + field.name()
                        + "' of type " + field.type() + ": nested rows need a format such as 'json'");
            }
            if (root == TypeRoot.MAP || root == TypeRoot.MULTISET) {
                // Flink's csv format refuses these types with this message.
                throw new ConfigException(formatKey, "Unsupported type '" + field.type().withNullable(true)
                        + "' for field '" + field.name() + "'.");
            }
            if (root == TypeRoot.ARRAY) {
                throw new ConfigException(formatKey, "Column '" + field.name() + "' of type " + field.type()
                        + ": arrays in the csv format are not supported yet; use a format such as 'json'");
            }
        }
        singleChar(options, FIELD_DELIMITER, prefix);
        singleChar(options, QUOTE_CHARACTER, prefix);
        singleChar(options, ESCAPE_CHARACTER, prefix);
        if (options.get(DISABLE_QUOTE_CHARACTER) && options.contains(QUOTE_CHARACTER.key())) {
            throw new ConfigException(prefix + QUOTE_CHARACTER.key(), "Options '" + prefix + QUOTE_CHARACTER.key()
                    + "' and '" + prefix + DISABLE_QUOTE_CHARACTER.key() + "' cannot be set together");
        }
    }

    /** The one character of {@code option} (after Java-style escapes), or 0 if unset. */
    static char singleChar(Configuration options, ConfigOption<String> option, String prefix) {
        String raw = options.get(option);
        if (raw == null) {
            return 0;
        }
        String s = unescape(raw);
        if (s.length() != 1) {
            throw ConfigException.invalidValue(prefix + option.key(), "Invalid value \'" + raw + "' for option '" + prefix
                    + option.key() + "': expected a single character");
        }
        return s.charAt(0);
    }

    private static String unescape(String s) {
        return switch (s) {
            case "\\t" -> "\t";
            case "\\\\" -> "\\";
            case "\\'" -> "'";
            case "\\\"" -> "\"";
            default -> s.startsWith("\\u") && s.length() == 6 ? String.valueOf((char) Integer.parseInt(s.substring(2), 16)) : s;
        };
    }

    static CsvDialect dialect(Configuration options) {
        boolean quoting = !options.get(DISABLE_QUOTE_CHARACTER);
        return new CsvDialect(singleChar(options, FIELD_DELIMITER, ""),
                quoting ? singleChar(options, QUOTE_CHARACTER, "") : 0,
                singleChar(options, ESCAPE_CHARACTER, ""), options.get(ALLOW_COMMENTS), options.get(NULL_LITERAL));
    }

    @Override
    public RowDeserializer createDeserializer(RowType rowType, Configuration options) {
        return new CsvRowDeserializer(rowType, dialect(options), options.get(IGNORE_PARSE_ERRORS));
    }

    @Override
    public RowSerializer createSerializer(RowType rowType, Configuration options) {
        return new CsvRowSerializer(rowType, dialect(options));
    }
}
