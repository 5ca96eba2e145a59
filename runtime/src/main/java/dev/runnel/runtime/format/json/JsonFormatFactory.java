package dev.runnel.runtime.format.json;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.Set;

/**
 * Flink's {@code json} format: one JSON object per record, field names are column names.
 * Values are written as Flink writes them: numbers (DECIMAL plain, without exponent),
 * {@code true}/{@code false}, BYTES in base64, DATE {@code yyyy-MM-dd}, TIME {@code HH:mm:ss},
 * TIMESTAMP {@code yyyy-MM-dd HH:mm:ss.SSS} and TIMESTAMP_LTZ {@code yyyy-MM-dd HH:mm:ss.SSSZ}
 * in UTC ({@code T} instead of the space with {@code timestamp-format.standard = 'ISO-8601'}).
 * An ARRAY is a JSON array, a MAP a JSON object keyed by the keys' text, a MULTISET a JSON object
 * from each element's text to its count, as Flink writes them.
 * Reading accepts either standard, numbers written as strings, and ignores unknown fields.
 */
public final class JsonFormatFactory implements FormatFactory {
    public static final String IDENTIFIER = "json";

    /** How TIMESTAMP and TIMESTAMP_LTZ values are written. */
    public enum TimestampStandard {
        SQL,
        ISO_8601
    }

    public static final ConfigOption<Boolean> FAIL_ON_MISSING_FIELD = ConfigOption.of("fail-on-missing-field",
            Boolean.class, false, "Fail when a field of the table is missing from a record (otherwise it is NULL).");
    public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS = ConfigOption.of("ignore-parse-errors",
            Boolean.class, false, "Skip records that cannot be parsed and set fields that cannot be converted to NULL.");
    public static final ConfigOption<TimestampStandard> TIMESTAMP_FORMAT_STANDARD = ConfigOption.of(
            "timestamp-format.standard", TimestampStandard.class, TimestampStandard.SQL,
            "'SQL' writes 'yyyy-MM-dd HH:mm:ss.SSS', 'ISO-8601' writes 'yyyy-MM-ddTHH:mm:ss.SSS'.");
    /** What the serializer does with a NULL map key. */
    public enum MapNullKeyMode {
        FAIL,
        DROP,
        LITERAL
    }

    public static final ConfigOption<MapNullKeyMode> MAP_NULL_KEY_MODE = ConfigOption.of("map-null-key.mode",
            MapNullKeyMode.class, MapNullKeyMode.FAIL, "How a NULL key of a MAP is written: 'FAIL' fails the record, "
                    + "'DROP' leaves the entry out, 'LITERAL' writes the key as 'map-null-key.literal'.");
    public static final ConfigOption<String> MAP_NULL_KEY_LITERAL = ConfigOption.of("map-null-key.literal",
            String.class, "null", "The key a NULL map key is written as with map-null-key.mode 'LITERAL'.");
    public static final ConfigOption<Boolean> ENCODE_IGNORE_NULL_FIELDS = ConfigOption.of("encode.ignore-null-fields",
            Boolean.class, false, "Leave NULL fields out of written records.");

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> options() {
        return Set.of(FAIL_ON_MISSING_FIELD, IGNORE_PARSE_ERRORS, TIMESTAMP_FORMAT_STANDARD, ENCODE_IGNORE_NULL_FIELDS,
                MAP_NULL_KEY_MODE, MAP_NULL_KEY_LITERAL);
    }

    @Override
    public void validate(RowType rowType, Configuration options, String prefix) {
        checkMapKeys(rowType, prefix);
        if (options.get(FAIL_ON_MISSING_FIELD) && options.get(IGNORE_PARSE_ERRORS)) {
            throw new ConfigException(prefix + FAIL_ON_MISSING_FIELD.key(), "Options '" + prefix
                    + FAIL_ON_MISSING_FIELD.key() + "' and '" + prefix + IGNORE_PARSE_ERRORS.key()
                    + "' cannot both be true");
        }
    }

    /** JSON object keys are strings: as Flink, a MAP key or MULTISET element must be a string type. */
    static void checkMapKeys(RowType rowType, String prefix) {
        for (RowType.Field field : rowType.fields()) {
            checkMapKeys(field.type(), prefix);
        }
    }

    private static void checkMapKeys(DataType type, String prefix) {
        TypeRoot key = switch (type.root()) {
            case MAP -> type.keyType().root();
            case MULTISET -> type.elementType().root();
            default -> null;
        };
        if (key != null && key != TypeRoot.CHAR && key != TypeRoot.VARCHAR) {
            throw new ConfigException(prefix.isEmpty() ? "format" : prefix.substring(0, prefix.length() - 1),
                    "JSON format doesn't support non-string as key type of map. The type is: " + type);
        }
        for (RowType.Field child : type.fields()) {
            checkMapKeys(child.type(), prefix);
        }
    }

    @Override
    public RowDeserializer createDeserializer(RowType rowType, Configuration options) {
        return new JsonRowDeserializer(rowType, options.get(FAIL_ON_MISSING_FIELD), options.get(IGNORE_PARSE_ERRORS));
    }

    @Override
    public RowSerializer createSerializer(RowType rowType, Configuration options) {
        return new JsonRowSerializer(rowType, options.get(TIMESTAMP_FORMAT_STANDARD),
                options.get(ENCODE_IGNORE_NULL_FIELDS), options.get(MAP_NULL_KEY_MODE), options.get(MAP_NULL_KEY_LITERAL));
    }
}
