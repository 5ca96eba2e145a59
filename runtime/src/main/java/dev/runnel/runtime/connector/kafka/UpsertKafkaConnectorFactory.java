package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Flink's {@code upsert-kafka} connector: a changelog table keyed by its {@code PRIMARY KEY},
 * which is the record key ({@code key.format}). Reading, a record with a value is the key's new
 * row and one without (a tombstone) deletes the key; the planner puts a ChangelogNormalize behind
 * the source, which turns these upserts into a full changelog. Writing, {@code +I} and
 * {@code +U} become the key's new value and {@code -D} a tombstone. The source reads every topic
 * from its earliest offset, as Flink's does.
 */
public final class UpsertKafkaConnectorFactory extends KafkaTableFactory {
    public static final String IDENTIFIER = "upsert-kafka";

    static final ConfigOption<Integer> BUFFER_FLUSH_MAX_ROWS = ConfigOption.of("sink.buffer-flush.max-rows",
            Integer.class, 0, "How many keys the sink holds, keeping only the last change of each, before it sends"
                    + " them; 0 sends every change at once. Set with 'sink.buffer-flush.interval'.");
    static final ConfigOption<Duration> BUFFER_FLUSH_INTERVAL = ConfigOption.of("sink.buffer-flush.interval",
            Duration.class, Duration.ZERO, "How often the sink sends the changes it holds back; 0 sends every change"
                    + " at once. Set with 'sink.buffer-flush.max-rows'.");

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    boolean upsert() {
        return true;
    }

    @Override
    List<ConfigOption<?>> connectorOptions() {
        return List.of(KafkaOptions.TOPIC, KafkaOptions.GROUP_ID, KafkaOptions.PROPERTIES, KafkaOptions.KEY_FORMAT,
                KafkaOptions.VALUE_FORMAT, KafkaOptions.KEY_FIELDS_PREFIX, KafkaOptions.VALUE_FIELDS_INCLUDE,
                KafkaOptions.BOUNDED_MODE, KafkaOptions.BOUNDED_TIMESTAMP, KafkaOptions.BOUNDED_SPECIFIC_OFFSETS,
                KafkaOptions.DELIVERY_GUARANTEE, KafkaOptions.TRANSACTIONAL_ID_PREFIX, BUFFER_FLUSH_MAX_ROWS,
                BUFFER_FLUSH_INTERVAL, ConnectorOptions.SINK_PARALLELISM);
    }

    @Override
    List<String> formatPrefixes() {
        return List.of("value.", "key.");
    }

    @Override
    public void validate(TableContext table) {
        super.validate(table);
        switch (KafkaOptions.boundedMode(table)) {
            case TIMESTAMP -> KafkaOptions.requiredTimestamp(table, KafkaOptions.BOUNDED_TIMESTAMP,
                    KafkaOptions.BOUNDED_MODE);
            case SPECIFIC_OFFSETS -> KafkaOptions.requiredOffsets(table, KafkaOptions.BOUNDED_SPECIFIC_OFFSETS,
                    KafkaOptions.BOUNDED_MODE);
            default -> { }
        }
        buffer(table);
    }

    /** Upserts and deletes by key, without the rows they replace: the planner adds those back. */
    @Override
    public Set<RowKind> sourceChangelogMode(TableContext table) {
        return EnumSet.of(RowKind.INSERT, RowKind.UPDATE_AFTER, RowKind.DELETE);
    }

    /** Every kind: {@code -U} is skipped, as the {@code +U} after it replaces the key's value. */
    @Override
    public Set<RowKind> sinkChangelogMode(TableContext table) {
        return EnumSet.allOf(RowKind.class);
    }

    @Override
    public SourceFactory createSource(TableContext table) {
        Configuration options = new Configuration(table.options());
        KafkaOptions.BoundedMode bounded = KafkaOptions.boundedMode(table);
        return new KafkaSource(table.tableName(), KafkaOptions.topics(table), null, clientProperties(table),
                KafkaOptions.StartupMode.EARLIEST_OFFSET, -1, Map.of(), bounded,
                bounded == KafkaOptions.BoundedMode.TIMESTAMP ? options.get(KafkaOptions.BOUNDED_TIMESTAMP) : -1,
                bounded == KafkaOptions.BoundedMode.SPECIFIC_OFFSETS ? KafkaOptions.requiredOffsets(table,
                        KafkaOptions.BOUNDED_SPECIFIC_OFFSETS, KafkaOptions.BOUNDED_MODE) : Map.of(),
                KafkaOptions.DISCOVERY_INTERVAL.defaultValue(), KafkaRecordLayout.of(table, true));
    }

    /** Rows go to partitions by the hash of their key (Kafka's default), so each key's changes stay in order. */
    @Override
    public OperatorFactory createSink(TableContext table) {
        return createSink(table, KafkaOptions.Partitioner.DEFAULT, buffer(table));
    }

    /** {@code sink.buffer-flush.*}: both greater than zero, or both zero for no buffer (null). */
    private static UpsertBuffer.Options buffer(TableContext table) {
        Configuration options = new Configuration(table.options());
        int maxRows = options.get(BUFFER_FLUSH_MAX_ROWS);
        Duration interval = options.get(BUFFER_FLUSH_INTERVAL);
        if (maxRows < 0) {
            throw ConnectorOptions.invalid(table, BUFFER_FLUSH_MAX_ROWS.key(), "must not be negative");
        }
        if ((maxRows > 0) != (interval.toMillis() > 0)) {
            String missing = maxRows > 0 ? BUFFER_FLUSH_INTERVAL.key() : BUFFER_FLUSH_MAX_ROWS.key();
            throw new ConfigException(missing, "Table " + table.tableName() + ": 'sink.buffer-flush.max-rows' and"
                    + " 'sink.buffer-flush.interval' must both be greater than zero to buffer the sink's changes"
                    + " (or both 0 to send each at once); set '" + missing + "'");
        }
        return maxRows == 0 ? null : new UpsertBuffer.Options(maxRows, interval);
    }
}
