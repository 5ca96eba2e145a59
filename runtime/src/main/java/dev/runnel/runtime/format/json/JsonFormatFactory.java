package dev.runnel.runtime.format.json;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.types.RowType;
import java.util.Set;

/**
 * Flink's {@code json} format: one JSON object per record, field names are column names.
 * Values are written as Flink writes them: numbers (DECIMAL plain, without exponent),
 * {@code true}/{@code false}, BYTES in base64, DATE {@code yyyy-MM-dd}, TIME {@code HH:mm:ss},
 * TIMESTAMP {@code yyyy-MM-dd HH:mm:ss.SSS} and TIMESTAMP_LTZ {@code yyyy-MM-dd HH:mm:ss.SSSZ}
 * in UTC ({@code T} instead of the space with {@code timestamp-format.standard = 'ISO-8601'}).
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
    public static final ConfigOption<Boolean> ENCODE_IGNORE_NULL_FIELDS = ConfigOption.of("encode.ignore-null-fields",
            Boolean.class, false, "Leave NULL fields out of written records.");

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> options() {
        return Set.of(FAIL_ON_MISSING_FIELD, IGNORE_PARSE_ERRORS, TIMESTAMP_FORMAT_STANDARD, ENCODE_IGNORE_NULL_FIELDS);
    }

    @Override
    public void validate(RowType rowType, Configuration options, String prefix) {
        if (options.get(FAIL_ON_MISSING_FIELD) && options.get(IGNORE_PARSE_ERRORS)) {
            throw new ConfigException(prefix + FAIL_ON_MISSING_FIELD.key(), "Options '" + prefix
                    + FAIL_ON_MISSING_FIELD.key() + "' and '" + prefix + IGNORE_PARSE_ERRORS.key()
                    + "' cannot both be true");
        }
    }

    @Override
    public RowDeserializer createDeserializer(RowType rowType, Configuration options) {
        return new JsonRowDeserializer(rowType, options.get(FAIL_ON_MISSING_FIELD), options.get(IGNORE_PARSE_ERRORS));
    }

    @Override
    public RowSerializer createSerializer(RowType rowType, Configuration options) {
        return new JsonRowSerializer(rowType, options.get(TIMESTAMP_FORMAT_STANDARD),
                options.get(ENCODE_IGNORE_NULL_FIELDS));
    }
}
