package dev.runnel.runtime.testing;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
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
        KafkaClients.send(bootstrapServers(), topic, partition, values);
    }

    /** A producer of string keys and values; the caller closes it. */
    public KafkaProducer<String, String> producer() {
        return KafkaClients.producer(bootstrapServers());
    }

    /** {@link KafkaClients#readCommittedWhenSettled} of this broker, waiting up to a minute. */
    public List<ConsumerRecord<String, String>> readCommittedWhenSettled(String topic) {
        return KafkaClients.readCommittedWhenSettled(bootstrapServers(), topic, Duration.ofMinutes(1));
    }

    /** {@link KafkaClients#readAll} of this broker. */
    public List<ConsumerRecord<String, String>> readAll(String topic, boolean committedOnly) {
        return KafkaClients.readAll(bootstrapServers(), topic, committedOnly);
    }

    /** The offsets consumer group {@code group} committed, by partition. */
    public Map<TopicPartition, OffsetAndMetadata> committedOffsets(String group)
            throws ExecutionException, InterruptedException {
        return admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
    }
}
