package dev.runnel.runtime.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real Kafka broker for the tests of a class: Kafka's own test kit runs one KRaft node (broker
 * and controller combined) inside the test JVM, listening on 127.0.0.1 at ports the OS picks,
 * with replication factors of 1 so that transactions and consumer groups work on one node.
 * Register it as a static {@code @RegisterExtension}; it stops after the class, also when a test
 * failed. The helpers write and read topics the way a user's own client would.
 */
public final class KafkaTestBroker implements BeforeAllCallback, AfterAllCallback {
    private KafkaClusterTestKit cluster;
    private Admin admin;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(true).setNumBrokerNodes(1)
                .setNumControllerNodes(1).build();
        cluster = new KafkaClusterTestKit.Builder(nodes)
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()));
        } catch (Exception e) {
            afterAll(context);
            throw e;
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
            admin = null;
        }
        if (cluster != null) {
            KafkaClusterTestKit running = cluster;
            cluster = null; // closing twice throws
            running.close();
        }
    }

    /** {@code host:port} of the broker, for {@code 'properties.bootstrap.servers'}. */
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** Creates {@code topic} with {@code partitions} partitions and waits until it exists. */
    public void createTopic(String topic, int partitions) throws ExecutionException, InterruptedException {
        admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
    }

    /** Grows {@code topic} to {@code partitions} partitions and waits until the broker did. */
    public void addPartitions(String topic, int partitions) throws ExecutionException, InterruptedException {
        admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(partitions))).all().get();
    }

    /** Writes {@code values} to {@code partition} of {@code topic}, in order, and waits for the broker's acknowledgement. */
    public void send(String topic, int partition, List<String> values) {
        try (KafkaProducer<String, String> producer = producer()) {
            for (String value : values) {
                producer.send(new ProducerRecord<>(topic, partition, null, value));
            }
            producer.flush();
        }
    }

    /** A producer of string keys and values; the caller closes it. */
    public KafkaProducer<String, String> producer() {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return new KafkaProducer<>(properties);
    }

    /**
     * Every record of {@code topic} up to the end its partitions have now, partition by partition,
     * as a {@code read_committed} consumer (when {@code committedOnly}) or any consumer sees them.
     */
    public List<ConsumerRecord<String, String>> readAll(String topic, boolean committedOnly) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
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

    /** The offsets consumer group {@code group} committed, by partition. */
    public Map<TopicPartition, OffsetAndMetadata> committedOffsets(String group)
            throws ExecutionException, InterruptedException {
        return admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
    }
}
