package dev.runnel.runtime.format.json;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.types.RowType;
import java.util.EnumSet;
import java.util.Set;

/**
 * Flink's {@code debezium-json} format: a changelog, one Debezium change event per record,
 * {@code {"before":{…},"after":{…},"op":"u"}} with the rows' fields written as the {@code json}
 * format writes them. Reading maps {@code c} and {@code r} to {@code +I} of {@code after},
 * {@code u} to {@code -U} of {@code before} then {@code +U} of {@code after}, and {@code d} to
 * {@code -D} of {@code before}; other fields of the event ({@code source}, {@code ts_ms}) are
 * ignored. Writing follows Flink, which cannot merge {@code -U}/{@code +U} into one event:
 * {@code +I} and {@code +U} become {@code {"before":null,"after":{…},"op":"c"}}, {@code -U} and
 * {@code -D} become {@code {"before":{…},"after":null,"op":"d"}}.
 * MAP columns follow the json format's rules and its {@code map-null-key.*} options.
 */
public final class DebeziumJsonFormatFactory implements FormatFactory {
    public static final String IDENTIFIER = "debezium-json";

    public static final ConfigOption<Boolean> SCHEMA_INCLUDE = ConfigOption.of("schema-include", Boolean.class, false,
            "Whether each record is Kafka Connect's envelope {\"schema\":…,\"payload\":{…}} "
                    + "('value.converter.schemas.enable'); only for reading.");
    public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS = JsonFormatFactory.IGNORE_PARSE_ERRORS;
    public static final ConfigOption<JsonFormatFactory.TimestampStandard> TIMESTAMP_FORMAT_STANDARD =
            JsonFormatFactory.TIMESTAMP_FORMAT_STANDARD;

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> options() {
        return Set.of(SCHEMA_INCLUDE, IGNORE_PARSE_ERRORS, TIMESTAMP_FORMAT_STANDARD,
                JsonFormatFactory.MAP_NULL_KEY_MODE, JsonFormatFactory.MAP_NULL_KEY_LITERAL);
    }

    @Override
    public void validate(RowType rowType, Configuration options, String prefix) {
        JsonFormatFactory.checkMapKeys(rowType, prefix);
    }

    @Override
    public Set<RowKind> changelogMode() {
        return EnumSet.allOf(RowKind.class);
    }

    @Override
    public RowDeserializer createDeserializer(RowType rowType, Configuration options) {
        boolean ignoreParseErrors = options.get(IGNORE_PARSE_ERRORS);
        return new DebeziumJsonDeserializer(new JsonRowDeserializer(rowType, false, ignoreParseErrors),
                options.get(SCHEMA_INCLUDE));
    }

    /** @throws ConfigException with {@code schema-include}, which only reading supports */
    @Override
    public RowSerializer createSerializer(RowType rowType, Configuration options) {
        if (options.get(SCHEMA_INCLUDE)) {
            throw new ConfigException(IDENTIFIER + "." + SCHEMA_INCLUDE.key(),
                    "Writing with '" + IDENTIFIER + "." + SCHEMA_INCLUDE.key() + "' = 'true' is not supported yet: "
                            + "Runnel reads Kafka Connect's schema envelope but does not write it");
        }
        return new DebeziumJsonSerializer(new JsonRowSerializer(rowType, options.get(TIMESTAMP_FORMAT_STANDARD), false,
                options.get(JsonFormatFactory.MAP_NULL_KEY_MODE), options.get(JsonFormatFactory.MAP_NULL_KEY_LITERAL)));
    }
}
