package dev.runnel.runtime.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.testing.KafkaTestBroker;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.utils.ProducerIdAndEpoch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Against a real broker: a transaction flushed by one producer and left open is committed by
 * another from its id and epoch, as a restored exactly-once sink does, and a transaction begun
 * after the checkpoint is found and aborted. A {@code read_committed} consumer checks each.
 */
class KafkaTransactionsTest {
    @RegisterExtension
    static final KafkaTestBroker KAFKA = new KafkaTestBroker();

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static Properties properties() {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers());
        properties.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, "60000");
        return properties;
    }

    /** A transaction with {@code values} in it, flushed and abandoned the way a failed task leaves it. */
    private static KafkaTransaction abandoned(String topic, String transactionalId, String... values) {
        KafkaProducer<byte[], byte[]> producer = KafkaTransactions.producer(properties(), transactionalId);
        producer.initTransactions();
        producer.beginTransaction();
        for (String value : values) {
            producer.send(new ProducerRecord<>(topic, 0, null, value.getBytes(StandardCharsets.UTF_8)));
        }
        producer.flush();
        ProducerIdAndEpoch id = KafkaTransactions.producerIdAndEpoch(producer);
        producer.close(Duration.ZERO); // a forced close aborts nothing
        return new KafkaTransaction(transactionalId, id.producerId, id.epoch);
    }

    private static List<String> committed(String topic) {
        return KAFKA.readAll(topic, true).stream().map(ConsumerRecord::value).toList();
    }

    /**
     * Waits until a read_committed consumer sees exactly {@code values}: a commit returns once the
     * coordinator has it, and consumers see the records once the partition leaders wrote its markers.
     */
    private static void awaitCommitted(String topic, String... values) {
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(committed(topic)).containsExactly(values));
    }

    @Test
    void aFlushedTransactionIsCommittedByAnotherProducerOnceAndOnlyOnce() throws Exception {
        KAFKA.createTopic("resumed", 1);
        KafkaTransaction transaction = abandoned("resumed", "job-0-7", "a", "b", "c");
        assertThat(KAFKA.readAll("resumed", false)).hasSize(3);

        assertThat(KafkaTransactions.commitPrepared(properties(), "resumed", transaction, TIMEOUT)).isTrue();
        awaitCommitted("resumed", "a", "b", "c");
        // a restore from the same checkpoint commits it again: the coordinator takes that as a retry,
        // and the records stay once
        KafkaTransactions.commitPrepared(properties(), "resumed", transaction, TIMEOUT);
        awaitCommitted("resumed", "a", "b", "c");
        // once a new producer of the same id has fenced it, the old transaction cannot be committed
        KafkaProducer<byte[], byte[]> next = KafkaTransactions.producer(properties(), "job-0-7");
        next.initTransactions();
        next.close(Duration.ZERO);
        assertThat(KafkaTransactions.commitPrepared(properties(), "resumed", transaction, TIMEOUT)).isFalse();
        awaitCommitted("resumed", "a", "b", "c");
    }

    @Test
    void openTransactionsTheCheckpointDoesNotCoverAreFoundForTheirSubtaskAndAborted() throws Exception {
        KAFKA.createTopic("lingering", 1);
        abandoned("lingering", "copy-1-4", "covered");           // the checkpoint's own: not lingering
        abandoned("lingering", "copy-1-5", "after the checkpoint");
        abandoned("lingering", "copy-1-3", "begun before, written after the checkpoint");
        abandoned("lingering", "copy-3-6", "after, of old subtask 3");
        abandoned("lingering", "copy-2-5", "another subtask's");
        abandoned("lingering", "copy-x-1-5", "another prefix");

        // subtask 1 of 2 owns old subtasks 1 and 3
        Set<String> covered = Set.of("copy-1-4");
        List<String> lingering = KafkaTransactions.lingering(properties(), "copy", 1, 2, covered, TIMEOUT);
        assertThat(lingering).containsExactlyInAnyOrder("copy-1-5", "copy-1-3", "copy-3-6");
        for (String id : lingering) {
            KafkaTransactions.abort(properties(), id, TIMEOUT);
        }
        assertThat(KafkaTransactions.lingering(properties(), "copy", 1, 2, covered, TIMEOUT)).isEmpty();
        assertThat(KafkaTransactions.lingering(properties(), "copy", 0, 2, Set.of(), TIMEOUT))
                .containsExactly("copy-2-5");
        assertThat(KafkaTransactions.owner("copy", "copy-3-6", 2)).isEqualTo(1);
        assertThat(KafkaTransactions.owner("copy", "copy-x-1-5", 2)).isEqualTo(-1);
    }

    @Test
    void transactionalIdsParseBackEvenWithDashesInThePrefix() {
        assertThat(KafkaTransactions.parse("my-job", KafkaTransactions.transactionalId("my-job", 3, 42)))
                .containsExactly(3, 42);
        assertThat(KafkaTransactions.parse("my-job", "my-job-x-1")).isNull();
        assertThat(KafkaTransactions.parse("my", "my-job-3-42")).isNull();
    }
}
