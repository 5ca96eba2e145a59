package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.types.RowType;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Flink's {@code kafka} connector: a table whose rows are the records of Kafka topics, each
 * record's value one row in the table's {@code format} ({@code value.format}). Option names and
 * defaults are Flink's ({@link KafkaOptions}); {@code properties.*} go to the Kafka clients.
 * The source reads from where {@code scan.startup.mode} says and, with a
 * {@code scan.bounded.mode}, ends; the sink writes one topic, at least once by default.
 */
public final class KafkaConnectorFactory implements ConnectorFactory {
    public static final String IDENTIFIER = "kafka";

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(KafkaOptions.BOOTSTRAP_SERVERS);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> all = new LinkedHashSet<>(KafkaOptions.all());
        for (FormatFactory f : Formats.all().values()) {
            all.addAll(Formats.prefixedOptions(f, f.identifier() + "."));
            all.addAll(Formats.prefixedOptions(f, "value." + f.identifier() + "."));
        }
        return all;
    }

    /** A format's options only once {@code format} (or {@code value.format}) names that format. */
    @Override
    public boolean offers(String key, Map<String, String> written, RowType schema) {
        String format = written.getOrDefault(KafkaOptions.FORMAT.key(), written.get(KafkaOptions.VALUE_FORMAT.key()));
        for (String f : Formats.all().keySet()) {
            if (key.startsWith(f + ".") || key.startsWith("value." + f + ".")) {
                return f.equals(format);
            }
        }
        return true;
    }

    @Override
    public void validate(TableContext table) {
        KafkaOptions.topics(table);
        KafkaOptions.topicPattern(table);
        FormatFactory format = format(table);
        String prefix = formatPrefix(table, format);
        for (String key : table.options().keySet()) {
            for (String other : Formats.all().keySet()) {
                if (!key.startsWith(prefix) && (key.startsWith(other + ".") || key.startsWith("value." + other + "."))) {
                    throw new ConfigException(key, "Option '" + key + "' of table " + table.tableName()
                            + " does not belong to the table's format: its options start with '" + prefix + "'");
                }
            }
        }
        format.validate(table.schema(), Formats.formatOptions(table.options(), prefix), prefix);
        KafkaOptions.StartupMode startup = KafkaOptions.startupMode(table);
        switch (startup) {
            case TIMESTAMP -> KafkaOptions.requiredTimestamp(table, KafkaOptions.STARTUP_TIMESTAMP,
                    KafkaOptions.STARTUP_MODE);
            case SPECIFIC_OFFSETS -> KafkaOptions.requiredOffsets(table, KafkaOptions.STARTUP_SPECIFIC_OFFSETS,
                    KafkaOptions.STARTUP_MODE);
            default -> { }
        }
        switch (KafkaOptions.boundedMode(table)) {
            case TIMESTAMP -> KafkaOptions.requiredTimestamp(table, KafkaOptions.BOUNDED_TIMESTAMP,
                    KafkaOptions.BOUNDED_MODE);
            case SPECIFIC_OFFSETS -> KafkaOptions.requiredOffsets(table, KafkaOptions.BOUNDED_SPECIFIC_OFFSETS,
                    KafkaOptions.BOUNDED_MODE);
            default -> { }
        }
        KafkaOptions.partitioner(table);
        KafkaOptions.deliveryGuarantee(table);
        ConnectorOptions.parallelism(table, ConnectorOptions.SINK_PARALLELISM);
    }

    /** Exactly-once commits when checkpoints complete: without checkpoints nothing would ever be visible. */
    @Override
    public void validateSinkJob(TableContext table, Configuration job) {
        if (KafkaOptions.deliveryGuarantee(table) == KafkaOptions.DeliveryGuarantee.EXACTLY_ONCE
                && job.get(CheckpointOptions.INTERVAL).isZero()) {
            throw new ConfigException(KafkaOptions.DELIVERY_GUARANTEE.key(), "Table " + table.tableName() + " is"
                    + " written with 'sink.delivery-guarantee' = 'exactly-once', which commits its transactions when"
                    + " checkpoints complete, but the job takes no checkpoints: set 'execution.checkpointing.interval'"
                    + " (such as SET 'execution.checkpointing.interval' = '10s'), or use 'at-least-once'");
        }
    }

    static FormatFactory format(TableContext table) {
        String format = table.options().get(KafkaOptions.FORMAT.key());
        String valueFormat = table.options().get(KafkaOptions.VALUE_FORMAT.key());
        if (format != null && valueFormat != null) {
            throw new ConfigException(KafkaOptions.VALUE_FORMAT.key(), "Table " + table.tableName() + " sets both"
                    + " 'format' and 'value.format': set one of them");
        }
        if (format == null && valueFormat == null) {
            throw new ConfigException(KafkaOptions.FORMAT.key(), "Table " + table.tableName() + " sets no 'format'"
                    + " (or 'value.format'): say how record values are written, such as 'json'. Available formats: "
                    + String.join(", ", Formats.all().keySet()));
        }
        return format != null ? Formats.factory(format, KafkaOptions.FORMAT.key())
                : Formats.factory(valueFormat, KafkaOptions.VALUE_FORMAT.key());
    }

    /** {@code json.} for a table with {@code 'format' = 'json'}, {@code value.json.} with {@code 'value.format'}. */
    private static String formatPrefix(TableContext table, FormatFactory format) {
        return (table.options().containsKey(KafkaOptions.FORMAT.key()) ? "" : "value.") + format.identifier() + ".";
    }

    private static Configuration formatOptions(TableContext table) {
        FormatFactory format = format(table);
        return Formats.formatOptions(table.options(), formatPrefix(table, format));
    }

    private static Map<String, String> clientProperties(TableContext table) {
        Map<String, String> properties = new HashMap<>();
        KafkaOptions.clientProperties(table).forEach((k, v) -> properties.put((String) k, (String) v));
        return properties;
    }

    @Override
    public Set<RowKind> sourceChangelogMode(TableContext table) {
        return format(table).changelogMode();
    }

    @Override
    public Set<RowKind> sinkChangelogMode(TableContext table) {
        return format(table).changelogMode();
    }

    /**
     * The checks that concern only a table that is read: a table that is only written to needs no
     * consumer group, so they run when a query reads it, as Flink's do.
     */
    @Override
    public SourceFactory createSource(TableContext table) {
        Configuration options = new Configuration(table.options());
        KafkaOptions.StartupMode startup = KafkaOptions.startupMode(table);
        if (startup == KafkaOptions.StartupMode.GROUP_OFFSETS
                && !table.options().containsKey(KafkaOptions.GROUP_ID.key())) {
            throw new ConfigException(KafkaOptions.GROUP_ID.key(), "Table " + table.tableName()
                    + " starts from the committed offsets of its consumer group ('scan.startup.mode' ="
                    + " 'group-offsets', the default) but sets no 'properties.group.id': set one, or"
                    + " 'scan.startup.mode' = 'earliest-offset'");
        }
        KafkaOptions.BoundedMode bounded = KafkaOptions.boundedMode(table);
        return new KafkaSource(table.tableName(), KafkaOptions.topics(table), KafkaOptions.topicPattern(table),
                clientProperties(table), startup,
                startup == KafkaOptions.StartupMode.TIMESTAMP ? options.get(KafkaOptions.STARTUP_TIMESTAMP) : -1,
                startup == KafkaOptions.StartupMode.SPECIFIC_OFFSETS ? KafkaOptions.requiredOffsets(table,
                        KafkaOptions.STARTUP_SPECIFIC_OFFSETS, KafkaOptions.STARTUP_MODE) : Map.of(),
                bounded,
                bounded == KafkaOptions.BoundedMode.TIMESTAMP ? options.get(KafkaOptions.BOUNDED_TIMESTAMP) : -1,
                bounded == KafkaOptions.BoundedMode.SPECIFIC_OFFSETS ? KafkaOptions.requiredOffsets(table,
                        KafkaOptions.BOUNDED_SPECIFIC_OFFSETS, KafkaOptions.BOUNDED_MODE) : Map.of(),
                format(table).identifier(), formatOptions(table), table.schema());
    }

    @Override
    public OperatorFactory createSink(TableContext table) {
        List<String> topics = KafkaOptions.topics(table);
        if (topics.size() != 1) {
            throw ConnectorOptions.invalid(table, KafkaOptions.TOPIC.key(), "a kafka sink writes one topic, and"
                    + " 'topic-pattern' or a list of topics can only be read");
        }
        FormatFactory format = format(table);
        // a format that cannot write with these options says so now, not when the job runs
        format.createSerializer(table.schema(), formatOptions(table));
        KafkaOptions.DeliveryGuarantee guarantee = KafkaOptions.deliveryGuarantee(table);
        return new KafkaSink(table.tableName(), topics.get(0), clientProperties(table),
                KafkaOptions.partitioner(table), guarantee, guarantee == KafkaOptions.DeliveryGuarantee.EXACTLY_ONCE
                        ? KafkaOptions.transactionalIdPrefix(table) : null, format.identifier(),
                formatOptions(table), table.schema());
    }
}
