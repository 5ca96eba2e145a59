package dev.runnel.runtime.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * What a test does with a broker through the plain Kafka clients, the way a user's own client
 * would: create topics, write records, and read a topic to its end as a {@code read_committed}
 * (or any) consumer. Shared by {@link KafkaTestBroker} (a broker in the test JVM) and
 * {@link KafkaBrokerProcess} (one in a JVM of its own).
 */
public final class KafkaClients {
    private KafkaClients() {
    }

    /** Creates {@code topic} with {@code partitions} partitions and waits until it exists. */
    public static void createTopic(String bootstrapServers, String topic, int partitions)
            throws ExecutionException, InterruptedException {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
        }
    }

    /** A producer of string keys and values; the caller closes it. */
    public static KafkaProducer<String, String> producer(String bootstrapServers) {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return new KafkaProducer<>(properties);
    }

    /** Writes {@code values} to {@code partition} of {@code topic}, in order, and waits for the broker's acknowledgement. */
    public static void send(String bootstrapServers, String topic, int partition, List<String> values) {
        try (KafkaProducer<String, String> producer = producer(bootstrapServers)) {
            for (String value : values) {
                producer.send(new ProducerRecord<>(topic, partition, null, value));
            }
            producer.flush();
        }
    }

    /**
     * Every record of {@code topic} up to the end its partitions have now, partition by partition,
     * as a {@code read_committed} consumer (when {@code committedOnly}) or any consumer sees them.
     */
    public static List<ConsumerRecord<String, String>> readAll(String bootstrapServers, String topic,
                                                               boolean committedOnly) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, committedOnly ? "read_committed" : "read_uncommitted");
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).sorted((a, b) -> a.partition() - b.partition())
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            // a read_committed consumer's end is the last stable offset: it stops before an open transaction
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("Could not read topic " + topic + " up to " + ends + " within 30 s");
                }
                consumer.poll(Duration.ofMillis(100)).forEach(records::add);
            }
        }
        records.sort((a, b) -> a.partition() != b.partition() ? a.partition() - b.partition()
                : Long.compare(a.offset(), b.offset()));
        return records;
    }
}
