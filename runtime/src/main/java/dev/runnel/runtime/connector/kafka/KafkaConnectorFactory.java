package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Flink's {@code kafka} connector: a table whose rows are the records of Kafka topics, each
 * record's value one row in the table's {@code format} ({@code value.format}), and with
 * {@code key.format} and {@code key.fields} some columns in the record key. Option names and
 * defaults are Flink's ({@link KafkaOptions}); {@code properties.*} go to the Kafka clients.
 * The source reads from where {@code scan.startup.mode} says and, with a
 * {@code scan.bounded.mode}, ends; the sink writes one topic, at least once by default.
 */
public final class KafkaConnectorFactory extends KafkaTableFactory {
    public static final String IDENTIFIER = "kafka";

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    boolean upsert() {
        return false;
    }

    @Override
    List<ConfigOption<?>> connectorOptions() {
        return KafkaOptions.all();
    }

    @Override
    List<String> formatPrefixes() {
        return List.of("", "value.", "key.");
    }

    @Override
    public void validate(TableContext table) {
        super.validate(table);
        switch (KafkaOptions.startupMode(table)) {
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
    }

    @Override
    public Set<RowKind> sourceChangelogMode(TableContext table) {
        return KafkaRecordLayout.valueFormat(table, false).changelogMode();
    }

    @Override
    public Set<RowKind> sinkChangelogMode(TableContext table) {
        return KafkaRecordLayout.valueFormat(table, false).changelogMode();
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
                options.get(KafkaOptions.DISCOVERY_INTERVAL), KafkaRecordLayout.of(table, false));
    }

    @Override
    public OperatorFactory createSink(TableContext table) {
        return createSink(table, KafkaOptions.partitioner(table), null);
    }
}
