package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.TableContext;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The options of Flink's {@code kafka} connector that Runnel serves, with Flink's names and
 * defaults, and their parsing: each method throws a {@link ConfigException} naming the option.
 */
final class KafkaOptions {
    static final ConfigOption<String> TOPIC = ConfigOption.of("topic", String.class, null,
            "The topic to read or write; a source may read several, separated by ';'.");
    static final ConfigOption<String> TOPIC_PATTERN = ConfigOption.of("topic-pattern", String.class, null,
            "A regular expression: the source reads every topic whose whole name matches it.");
    static final ConfigOption<String> BOOTSTRAP_SERVERS = ConfigOption.of("properties.bootstrap.servers",
            String.class, null, "The Kafka brokers to connect to first, host:port separated by ','.");
    static final ConfigOption<String> GROUP_ID = ConfigOption.of("properties.group.id", String.class, null,
            "The consumer group of the source: its committed offsets are where 'group-offsets' starts, and the"
                    + " source commits its offsets there when a checkpoint completes.");
    static final ConfigOption<String> PROPERTIES = ConfigOption.of("properties.*", String.class, null,
            "Any Kafka client property, handed to the consumer and producer without the 'properties.' prefix.");
    static final ConfigOption<String> FORMAT = ConfigOption.of("format", String.class, null,
            "The format of the record values: json, csv or debezium-json.");
    static final ConfigOption<String> VALUE_FORMAT = ConfigOption.of("value.format", String.class, null,
            "The format of the record values (the same as 'format'; set one of them).");
    static final ConfigOption<String> KEY_FORMAT = ConfigOption.of("key.format", String.class, null,
            "The format of the record keys; the key holds the columns of 'key.fields'.");
    static final ConfigOption<String> KEY_FIELDS = ConfigOption.of("key.fields", String.class, null,
            "The physical columns the record key holds, separated by ';', in this order.");
    static final ConfigOption<String> KEY_FIELDS_PREFIX = ConfigOption.of("key.fields-prefix", String.class, "",
            "A prefix the key columns' names start with, to tell them from value columns; the key format sees the"
                    + " names without it. Requires 'value.fields-include' = 'EXCEPT_KEY'.");
    static final ConfigOption<String> VALUE_FIELDS_INCLUDE = ConfigOption.of("value.fields-include", String.class,
            "ALL", "Which physical columns the record value holds: ALL, or EXCEPT_KEY (those not in the key).");
    static final ConfigOption<String> STARTUP_MODE = ConfigOption.of("scan.startup.mode", String.class,
            "group-offsets", "Where the source starts: earliest-offset, latest-offset, group-offsets, timestamp or"
                    + " specific-offsets.");
    static final ConfigOption<Long> STARTUP_TIMESTAMP = ConfigOption.of("scan.startup.timestamp-millis", Long.class,
            null, "With scan.startup.mode 'timestamp': the first record read in each partition is the first with"
                    + " this timestamp or a later one (epoch milliseconds).");
    static final ConfigOption<String> STARTUP_SPECIFIC_OFFSETS = ConfigOption.of("scan.startup.specific-offsets",
            String.class, null, "With scan.startup.mode 'specific-offsets': 'partition:0,offset:42;partition:1,offset:300';"
                    + " partitions not listed start at their earliest offset.");
    static final ConfigOption<String> BOUNDED_MODE = ConfigOption.of("scan.bounded.mode", String.class, "unbounded",
            "Where the source stops and ends: unbounded, latest-offset (the end of each partition when the job"
                    + " starts), timestamp or specific-offsets.");
    static final ConfigOption<Long> BOUNDED_TIMESTAMP = ConfigOption.of("scan.bounded.timestamp-millis", Long.class,
            null, "With scan.bounded.mode 'timestamp': each partition ends before its first record with this"
                    + " timestamp or a later one (epoch milliseconds).");
    static final ConfigOption<String> BOUNDED_SPECIFIC_OFFSETS = ConfigOption.of("scan.bounded.specific-offsets",
            String.class, null, "With scan.bounded.mode 'specific-offsets': 'partition:0,offset:42;…', the offset"
                    + " each partition ends before; partitions not listed end where they are when the job starts.");
    static final ConfigOption<Duration> DISCOVERY_INTERVAL = ConfigOption.of("scan.topic-partition-discovery.interval",
            Duration.class, Duration.ofMinutes(5), "How often an unbounded source looks for new partitions of its"
                    + " topics (and, with 'topic-pattern', new topics); they are read from their earliest offset."
                    + " 0 turns it off.");
    static final ConfigOption<String> SINK_PARTITIONER = ConfigOption.of("sink.partitioner", String.class, "default",
            "Which partition a row goes to: default (Kafka's partitioner), fixed (subtask i writes to partition"
                    + " i modulo the partitions) or round-robin.");
    static final ConfigOption<String> DELIVERY_GUARANTEE = ConfigOption.of("sink.delivery-guarantee", String.class,
            "at-least-once", "none (nothing waits for the broker), at-least-once (every checkpoint waits until"
                    + " the broker acknowledged every record written before it) or exactly-once (one Kafka"
                    + " transaction per subtask and checkpoint, committed when the checkpoint completes).");
    static final ConfigOption<String> TRANSACTIONAL_ID_PREFIX = ConfigOption.of("sink.transactional-id-prefix",
            String.class, null, "With exactly-once: the prefix of the sink's transactional ids"
                    + " (<prefix>-<subtask>-<checkpoint>); unique to the job among all jobs writing to the cluster.");

    /** Which columns a record value holds. */
    enum ValueFieldsInclude { ALL, EXCEPT_KEY }

    /** How a source starts reading a partition. */
    enum StartupMode { EARLIEST_OFFSET, LATEST_OFFSET, GROUP_OFFSETS, TIMESTAMP, SPECIFIC_OFFSETS }

    /** Where a source stops reading a partition. */
    enum BoundedMode { UNBOUNDED, LATEST_OFFSET, TIMESTAMP, SPECIFIC_OFFSETS }

    /** Where a sink sends a row. */
    enum Partitioner { DEFAULT, FIXED, ROUND_ROBIN }

    /** What a sink's checkpoint guarantees. */
    enum DeliveryGuarantee { NONE, AT_LEAST_ONCE, EXACTLY_ONCE }

    private KafkaOptions() {
    }

    static List<ConfigOption<?>> all() {
        return List.of(TOPIC, TOPIC_PATTERN, GROUP_ID, PROPERTIES, FORMAT, VALUE_FORMAT, KEY_FORMAT, KEY_FIELDS,
                KEY_FIELDS_PREFIX, VALUE_FIELDS_INCLUDE, STARTUP_MODE,
                STARTUP_TIMESTAMP, STARTUP_SPECIFIC_OFFSETS, BOUNDED_MODE, BOUNDED_TIMESTAMP, BOUNDED_SPECIFIC_OFFSETS,
                DISCOVERY_INTERVAL, SINK_PARTITIONER, DELIVERY_GUARANTEE, TRANSACTIONAL_ID_PREFIX, ConnectorOptions.SINK_PARALLELISM);
    }

    /** The topics named by {@code topic}, empty when the table names a {@code topic-pattern}. */
    static List<String> topics(TableContext table) {
        String topic = table.options().get(TOPIC.key());
        String pattern = table.options().get(TOPIC_PATTERN.key());
        if (topic != null && pattern != null) {
            throw new ConfigException(TOPIC_PATTERN.key(), "Table " + table.tableName() + " sets both 'topic' and"
                    + " 'topic-pattern': set one of them");
        }
        if (topic == null && pattern == null) {
            throw new ConfigException(TOPIC.key(), "Table " + table.tableName() + " names no topic: set 'topic'"
                    + " (one topic or a ';'-separated list) or 'topic-pattern'");
        }
        if (topic == null) {
            return List.of();
        }
        List<String> topics = Arrays.stream(topic.split(";")).map(String::trim).filter(t -> !t.isEmpty()).toList();
        if (topics.isEmpty()) {
            throw ConnectorOptions.invalid(table, TOPIC.key(), "expected a topic name or a ';'-separated list of them");
        }
        return topics;
    }

    /** The compiled {@code topic-pattern}, or null when the table names topics. */
    static Pattern topicPattern(TableContext table) {
        String pattern = table.options().get(TOPIC_PATTERN.key());
        if (pattern == null) {
            return null;
        }
        try {
            return Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            throw ConnectorOptions.invalid(table, TOPIC_PATTERN.key(), "not a regular expression: "
                    + e.getDescription() + " at index " + e.getIndex());
        }
    }

    /** The client properties: every {@code properties.*} option without its prefix. */
    static Properties clientProperties(TableContext table) {
        Properties properties = new Properties();
        table.options().forEach((key, value) -> {
            if (key.startsWith("properties.")) {
                properties.setProperty(key.substring("properties.".length()), value);
            }
        });
        return properties;
    }

    static StartupMode startupMode(TableContext table) {
        return mode(table, STARTUP_MODE, StartupMode.class);
    }

    static BoundedMode boundedMode(TableContext table) {
        return mode(table, BOUNDED_MODE, BoundedMode.class);
    }

    static ValueFieldsInclude valueFieldsInclude(TableContext table) {
        return mode(table, VALUE_FIELDS_INCLUDE, ValueFieldsInclude.class);
    }

    static Partitioner partitioner(TableContext table) {
        return mode(table, SINK_PARTITIONER, Partitioner.class);
    }

    /** The sink's guarantee; exactly-once needs a transactional-id prefix, as in Flink. */
    static DeliveryGuarantee deliveryGuarantee(TableContext table) {
        DeliveryGuarantee guarantee = mode(table, DELIVERY_GUARANTEE, DeliveryGuarantee.class);
        if (guarantee == DeliveryGuarantee.EXACTLY_ONCE) {
            transactionalIdPrefix(table);
        }
        return guarantee;
    }

    /** The prefix of an exactly-once sink's transactional ids: required, without the characters its ids put after it. */
    static String transactionalIdPrefix(TableContext table) {
        String prefix = table.options().get(TRANSACTIONAL_ID_PREFIX.key());
        if (prefix == null || prefix.isBlank()) {
            throw new ConfigException(TRANSACTIONAL_ID_PREFIX.key(), "Table " + table.tableName() + " sets"
                    + " 'sink.delivery-guarantee' = 'exactly-once' but no 'sink.transactional-id-prefix': set a prefix"
                    + " that no other job writing to these brokers uses");
        }
        return prefix.trim();
    }

    private static <E extends Enum<E>> E mode(TableContext table, ConfigOption<String> option, Class<E> type) {
        String raw = new Configuration(table.options()).get(option);
        String constant = raw.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (E value : type.getEnumConstants()) {
            if (value.name().equals(constant)) {
                return value;
            }
        }
        StringBuilder allowed = new StringBuilder();
        for (E value : type.getEnumConstants()) {
            allowed.append(allowed.length() == 0 ? "" : ", ").append(value.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        throw ConnectorOptions.invalid(table, option.key(), "expected one of " + allowed);
    }

    /** The value of a timestamp option that its mode requires. */
    static long requiredTimestamp(TableContext table, ConfigOption<Long> option, ConfigOption<String> modeOption) {
        Long millis = new Configuration(table.options()).get(option);
        if (millis == null) {
            throw new ConfigException(option.key(), "Table " + table.tableName() + " sets '" + modeOption.key()
                    + "' = 'timestamp' but not '" + option.key() + "'");
        }
        return millis;
    }

    /**
     * The offsets by partition of a {@code specific-offsets} option that its mode requires:
     * Flink's form {@code partition:0,offset:42;partition:1,offset:300}.
     */
    static Map<Integer, Long> requiredOffsets(TableContext table, ConfigOption<String> option,
                                              ConfigOption<String> modeOption) {
        String raw = table.options().get(option.key());
        if (raw == null) {
            throw new ConfigException(option.key(), "Table " + table.tableName() + " sets '" + modeOption.key()
                    + "' = 'specific-offsets' but not '" + option.key() + "'");
        }
        Map<Integer, Long> offsets = new TreeMap<>();
        for (String entry : raw.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            Map<String, String> parts = new LinkedHashMap<>();
            for (String part : entry.split(",")) {
                int colon = part.indexOf(':');
                if (colon < 0) {
                    throw ConnectorOptions.invalid(table, option.key(), "expected 'partition:<n>,offset:<n>' entries"
                            + " separated by ';', found '" + entry.trim() + "'");
                }
                parts.put(part.substring(0, colon).trim(), part.substring(colon + 1).trim());
            }
            try {
                if (parts.size() != 2 || !parts.containsKey("partition") || !parts.containsKey("offset")) {
                    throw new NumberFormatException();
                }
                offsets.put(Integer.parseInt(parts.get("partition")), Long.parseLong(parts.get("offset")));
            } catch (NumberFormatException e) {
                throw ConnectorOptions.invalid(table, option.key(), "expected 'partition:<n>,offset:<n>' entries"
                        + " separated by ';', found '" + entry.trim() + "'");
            }
        }
        return offsets;
    }

    /** How long a client may wait for the brokers before the job fails saying which ones it tried. */
    static Duration apiTimeout(Properties properties) {
        String raw = properties.getProperty("default.api.timeout.ms");
        try {
            return raw == null ? Duration.ofSeconds(60) : Duration.ofMillis(Long.parseLong(raw.trim()));
        } catch (NumberFormatException e) {
            throw new ConfigException("properties.default.api.timeout.ms", "Invalid value '" + raw
                    + "' for option 'properties.default.api.timeout.ms': expected milliseconds");
        }
    }
}
