package dev.runnel.runtime.testing;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.core.ConditionTimeoutException;

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
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = consumer(bootstrapServers, committedOnly)) {
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

    /**
     * What a {@code read_committed} consumer finally sees of {@code topic} once every transaction in
     * it is decided: waits until each partition's last stable offset reached its log end (a
     * commit returns before the broker wrote its markers into the partitions, so a read right
     * after it may stop short), then reads it all. A transaction still open after
     * {@code patience} fails the read with the partitions' offsets and the open transactions, as
     * a stuck last stable offset hides everything behind it from such a consumer.
     */
    public static List<ConsumerRecord<String, String>> readCommittedWhenSettled(String bootstrapServers, String topic,
                                                                                Duration patience) {
        try (KafkaConsumer<String, String> committed = consumer(bootstrapServers, true);
             KafkaConsumer<String, String> any = consumer(bootstrapServers, false)) {
            List<TopicPartition> partitions = committed.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            try {
                await().atMost(patience).pollInterval(Duration.ofMillis(100))
                        .until(() -> committed.endOffsets(partitions).equals(any.endOffsets(partitions)));
            } catch (ConditionTimeoutException e) {
                throw new AssertionError("A transaction in topic " + topic + " is still open after " + patience
                        + ":\n" + openTransactions(bootstrapServers, topic), e);
            }
        }
        return readAll(bootstrapServers, topic, true);
    }

    /**
     * What a failure message needs when a {@code read_committed} read came up short: for each
     * partition of {@code topic}, its committed end (last stable offset) against its log end, and
     * every producer whose transaction is still open there, with the offset it began at.
     */
    public static String openTransactions(String bootstrapServers, String topic) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
             KafkaConsumer<String, String> committed = consumer(bootstrapServers, true);
             KafkaConsumer<String, String> any = consumer(bootstrapServers, false)) {
            List<TopicPartition> partitions = committed.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            Map<TopicPartition, Long> stable = committed.endOffsets(partitions);
            Map<TopicPartition, Long> end = any.endOffsets(partitions);
            var producers = admin.describeProducers(partitions).all().get();
            StringBuilder text = new StringBuilder();
            for (TopicPartition partition : partitions) {
                text.append(partition).append(": last stable offset ").append(stable.get(partition))
                        .append(", log end ").append(end.get(partition));
                for (ProducerState producer : producers.get(partition).activeProducers()) {
                    if (producer.currentTransactionStartOffset().isPresent()) {
                        text.append("; open transaction of producer ").append(producer.producerId()).append(" epoch ")
                                .append(producer.producerEpoch()).append(" since offset ")
                                .append(producer.currentTransactionStartOffset().getAsLong());
                    }
                }
                text.append('\n');
            }
            admin.listTransactions().all().get().forEach(t -> text.append("transaction ").append(t.transactionalId())
                    .append(" producer ").append(t.producerId()).append(": ").append(t.state()).append('\n'));
            return text.toString();
        } catch (ExecutionException | InterruptedException e) {
            return "(could not describe the transactions of " + topic + ": " + e + ")";
        }
    }

    private static KafkaConsumer<String, String> consumer(String bootstrapServers, boolean committedOnly) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, committedOnly ? "read_committed" : "read_uncommitted");
        return new KafkaConsumer<>(properties);
    }
}
