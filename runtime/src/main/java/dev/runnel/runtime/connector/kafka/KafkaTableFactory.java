package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What Flink's {@code kafka} and {@code upsert-kafka} connectors share: the client properties,
 * the record layout ({@link KafkaRecordLayout}) with the options of its key and value formats,
 * the delivery guarantee of the sink and the checks of them all.
 */
abstract class KafkaTableFactory implements ConnectorFactory {

    /** Whether a record without value deletes its key. */
    abstract boolean upsert();

    /** The connector's own options, without those of the formats. */
    abstract List<ConfigOption<?>> connectorOptions();

    /** The option prefixes a format's options may have in this connector ({@code value.}, {@code key.}, …). */
    abstract List<String> formatPrefixes();

    @Override
    public final Set<ConfigOption<?>> requiredOptions() {
        return Set.of(KafkaOptions.BOOTSTRAP_SERVERS);
    }

    @Override
    public final Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> all = new LinkedHashSet<>(connectorOptions());
        for (FormatFactory f : Formats.all().values()) {
            for (String prefix : formatPrefixes()) {
                all.addAll(Formats.prefixedOptions(f, prefix + f.identifier() + "."));
            }
        }
        return all;
    }

    /** A record's topic, partition, offset, timestamp, headers, …: {@link KafkaMetadata}. */
    @Override
    public final Map<String, DataType> readableMetadata() {
        return KafkaMetadata.readable();
    }

    /** A record's timestamp and headers. */
    @Override
    public final Map<String, DataType> writableMetadata() {
        return KafkaMetadata.writable();
    }

    /** A format's options only once the table names that format for the key or value they prefix. */
    @Override
    public final boolean offers(String key, Map<String, String> written, RowType schema) {
        String owner = formatOwner(key);
        return owner == null || ownerFormat(owner, written) != null
                && key.startsWith(owner + ownerFormat(owner, written) + ".");
    }

    /** The prefix ({@code key.}, {@code value.} or none) of a format option {@code key}, or null for another option. */
    private String formatOwner(String key) {
        for (String prefix : formatPrefixes()) {
            for (String f : Formats.all().keySet()) {
                if (key.startsWith(prefix + f + ".")) {
                    return prefix;
                }
            }
        }
        return null;
    }

    /** The format named for the owner {@code prefix}: {@code key.format}, {@code value.format} or {@code format}. */
    private static String ownerFormat(String prefix, Map<String, String> written) {
        return written.get(prefix.isEmpty() ? KafkaOptions.FORMAT.key() : prefix + "format");
    }

    @Override
    public void validate(TableContext table) {
        KafkaOptions.topics(table);
        KafkaOptions.topicPattern(table);
        for (String key : table.options().keySet()) {
            String owner = formatOwner(key);
            if (owner != null && !offers(key, table.options(), table.schema())) {
                String format = ownerFormat(owner, table.options());
                throw new ConfigException(key, "Option '" + key + "' of table " + table.tableName() + " does not"
                        + " belong to the table's " + (owner.equals("key.") ? "key" : "value") + " format: "
                        + (format == null ? "the table sets no '" + (owner.isEmpty() ? "format" : owner + "format") + "'"
                        : "its options start with '" + owner + format + ".'"));
            }
        }
        KafkaRecordLayout.of(table, upsert());
        KafkaOptions.boundedMode(table);
        KafkaOptions.deliveryGuarantee(table);
        ConnectorOptions.parallelism(table, ConnectorOptions.SINK_PARALLELISM);
    }

    /** Exactly-once commits when checkpoints complete: without checkpoints nothing would ever be visible. */
    @Override
    public final void validateSinkJob(TableContext table, Configuration job) {
        if (KafkaOptions.deliveryGuarantee(table) == KafkaOptions.DeliveryGuarantee.EXACTLY_ONCE
                && job.get(CheckpointOptions.INTERVAL).isZero()) {
            throw new ConfigException(KafkaOptions.DELIVERY_GUARANTEE.key(), "Table " + table.tableName() + " is"
                    + " written with 'sink.delivery-guarantee' = 'exactly-once', which commits its transactions when"
                    + " checkpoints complete, but the job takes no checkpoints: set 'execution.checkpointing.interval'"
                    + " (such as SET 'execution.checkpointing.interval' = '10s'), or use 'at-least-once'");
        }
    }

    static Map<String, String> clientProperties(TableContext table) {
        Map<String, String> properties = new HashMap<>();
        KafkaOptions.clientProperties(table).forEach((k, v) -> properties.put((String) k, (String) v));
        return properties;
    }

    /** A sink of {@code table}: one topic, rows laid out by the table's key and value formats. */
    final OperatorFactory createSink(TableContext table, KafkaOptions.Partitioner partitioner,
                                     UpsertBuffer.Options buffer) {
        List<String> topics = KafkaOptions.topics(table);
        if (topics.size() != 1) {
            throw ConnectorOptions.invalid(table, KafkaOptions.TOPIC.key(), "a kafka sink writes one topic, and"
                    + " 'topic-pattern' or a list of topics can only be read");
        }
        KafkaRecordLayout layout = KafkaRecordLayout.of(table, upsert());
        // formats that cannot write with these options say so now, not when the job runs
        new KafkaRecordCodec(layout, false);
        KafkaOptions.DeliveryGuarantee guarantee = KafkaOptions.deliveryGuarantee(table);
        return new KafkaSink(table.tableName(), topics.get(0), clientProperties(table), partitioner, guarantee,
                guarantee == KafkaOptions.DeliveryGuarantee.EXACTLY_ONCE ? KafkaOptions.transactionalIdPrefix(table)
                        : null, layout, buffer);
    }
}
