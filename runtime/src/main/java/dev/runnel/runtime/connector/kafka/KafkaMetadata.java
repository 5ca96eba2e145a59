package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * The metadata of a Kafka record that a {@code kafka} or {@code upsert-kafka} table can read,
 * Flink's {@code KafkaDynamicSource.ReadableMetadata}, in its order: a source appends the values
 * of the keys it is asked for ({@link TableContext#metadataKeys()}) in this order after the
 * physical columns. {@link #HEADERS} and {@link #TIMESTAMP} can also be written (Flink's
 * {@code KafkaDynamicSink.WritableMetadata}), as {@link #writable()} lists them.
 */
enum KafkaMetadata {
    TOPIC("topic", DataType.of(TypeRoot.VARCHAR).notNull(), ConsumerRecord::topic),
    PARTITION("partition", DataType.of(TypeRoot.INTEGER).notNull(), ConsumerRecord::partition),
    HEADERS("headers", headersType().notNull(), KafkaMetadata::headers),
    LEADER_EPOCH("leader-epoch", DataType.of(TypeRoot.INTEGER), r -> r.leaderEpoch().orElse(null)),
    OFFSET("offset", DataType.of(TypeRoot.BIGINT).notNull(), ConsumerRecord::offset),
    TIMESTAMP("timestamp", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3).notNull(), ConsumerRecord::timestamp),
    TIMESTAMP_TYPE("timestamp-type", DataType.of(TypeRoot.VARCHAR).notNull(), r -> r.timestampType().name);

    private final String key;
    private final DataType type;
    private final Function<ConsumerRecord<?, ?>, Object> reader;

    KafkaMetadata(String key, DataType type, Function<ConsumerRecord<?, ?>, Object> reader) {
        this.key = key;
        this.type = type;
        this.reader = reader;
    }

    /** {@code MAP<STRING, BYTES>}: the record's headers by key, the last one of a key that occurs twice. */
    private static DataType headersType() {
        return DataType.map(DataType.of(TypeRoot.VARCHAR), DataType.of(TypeRoot.VARBINARY));
    }

    String key() {
        return key;
    }

    /** The key of each readable metadata with its type, in order. */
    static Map<String, DataType> readable() {
        Map<String, DataType> all = new LinkedHashMap<>();
        for (KafkaMetadata m : values()) {
            all.put(m.key, m.type);
        }
        return all;
    }

    /** The key of each writable metadata with the type a sink takes (nullable: null writes none), in order. */
    static Map<String, DataType> writable() {
        Map<String, DataType> all = new LinkedHashMap<>();
        all.put(HEADERS.key, headersType());
        all.put(TIMESTAMP.key, TIMESTAMP.type.withNullable(true));
        return all;
    }

    /** The metadata of {@code keys}, which the planner took from {@link #readable()} or {@link #writable()}. */
    static List<KafkaMetadata> of(List<String> keys) {
        List<KafkaMetadata> metadata = new ArrayList<>();
        for (String key : keys) {
            KafkaMetadata found = null;
            for (KafkaMetadata m : values()) {
                if (m.key.equals(key)) {
                    found = m;
                }
            }
            if (found == null) {
                throw new IllegalArgumentException("No Kafka metadata key '" + key + "'; keys: " + readable().keySet());
            }
            metadata.add(found);
        }
        return metadata;
    }

    /** This metadata of {@code record}, in its internal representation. */
    Object read(ConsumerRecord<?, ?> record) {
        return reader.apply(record);
    }

    private static Map<String, byte[]> headers(ConsumerRecord<?, ?> record) {
        Map<String, byte[]> headers = new LinkedHashMap<>();
        for (Header header : record.headers()) {
            headers.put(header.key(), header.value());
        }
        return headers;
    }

    /** The headers of a record from the value of a {@code headers} column, or null for none. */
    static List<Header> toHeaders(Object value) {
        if (value == null) {
            return null;
        }
        List<Header> headers = new ArrayList<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
            if (e.getKey() != null) { // Kafka has no header without a key
                headers.add(new RecordHeader((String) e.getKey(), (byte[]) e.getValue()));
            }
        }
        return headers;
    }

    /**
     * Puts the values of {@code metadata} of {@code record} into {@code row} from field
     * {@code first} on, where the codec left room for them.
     */
    static void fill(Row row, int first, KafkaMetadata[] metadata, ConsumerRecord<?, ?> record) {
        for (int i = 0; i < metadata.length; i++) {
            row.setField(first + i, metadata[i].read(record));
        }
    }
}
