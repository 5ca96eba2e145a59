package dev.runnel.runtime.connector.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.utils.ProducerIdAndEpoch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The producers of one exactly-once sink subtask: one Kafka transaction per checkpoint, as
 * Flink's Kafka sink keeps them. Records go into the open transaction; a checkpoint flushes it
 * and keeps it pending (its producer too, to commit with), and a new transaction begins; a
 * completed checkpoint commits the pending transactions up to it. Each transaction has its own
 * transactional id, {@code <prefix>-<subtask>-<checkpoint>}, so that after a failure the
 * transactions a checkpoint covers can be committed by id and the ones begun after it aborted.
 *
 * <p>Not thread-safe: the sink's task thread calls it.
 */
final class TransactionalWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionalWriter.class);
    /** How long closing waits for the broker to abort the open transaction (the next attempt aborts it otherwise). */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final String tableName;
    private final String topic;
    private final Properties properties;
    private final String prefix;
    private final int subtask;
    private final Duration timeout;
    /** Flushed transactions by the checkpoint that covers them, with their producers. */
    private final TreeMap<Long, List<Pending>> pending = new TreeMap<>();
    private KafkaProducer<byte[], byte[]> current;
    private String currentId;
    private boolean currentHasRecords;

    private record Pending(KafkaProducer<byte[], byte[]> producer, KafkaTransaction transaction) {
    }

    TransactionalWriter(String tableName, String topic, Properties properties, String prefix, int subtask,
                        Duration timeout) {
        this.tableName = tableName;
        this.topic = topic;
        this.properties = properties;
        this.prefix = prefix;
        this.subtask = subtask;
        this.timeout = timeout;
    }

    /**
     * Commits the transactions the restored checkpoint covers that this subtask owns
     * ({@code restored}), aborts every other open transaction it owns (those the attempt before
     * began after that checkpoint), and begins the first transaction. {@code restoredCheckpoint}
     * is 0 for a job that restores nothing: then every open transaction of the prefix that this
     * subtask owns is aborted. The same subtask commits and aborts the transactions it owns, so no
     * other subtask's abort races its commit.
     */
    void start(List<KafkaTransaction> restored, long restoredCheckpoint, int parallelism) throws Exception {
        Set<String> covered = new HashSet<>();
        for (KafkaTransaction transaction : restored) {
            boolean committed = KafkaTransactions.commitPrepared(properties, topic, transaction, timeout);
            covered.add(transaction.transactionalId());
            LOG.info("Table {}: {} transaction {} of restored checkpoint {}", tableName,
                    committed ? "committed" : "found already committed", transaction.transactionalId(),
                    restoredCheckpoint);
        }
        for (String id : KafkaTransactions.lingering(properties, prefix, subtask, parallelism, covered, timeout)) {
            LOG.info("Table {}: aborting transaction {}, left open after checkpoint {}", tableName, id,
                    restoredCheckpoint);
            KafkaTransactions.abort(properties, id, timeout);
        }
        begin(restoredCheckpoint + 1);
    }

    private void begin(long checkpointId) {
        currentId = KafkaTransactions.transactionalId(prefix, subtask, checkpointId);
        current = KafkaTransactions.producer(properties, currentId);
        current.initTransactions();
        current.beginTransaction();
        currentHasRecords = false;
    }

    void send(ProducerRecord<byte[], byte[]> record, Callback callback) {
        current.send(record, callback);
        currentHasRecords = true;
    }

    List<PartitionInfo> partitionsFor(String topic) {
        return current.partitionsFor(topic);
    }

    /** Waits until the broker acknowledged every record sent so far. */
    void flush() {
        current.flush();
    }

    /**
     * Makes the open transaction pending for {@code checkpointId} (the caller flushed it and
     * checked that every send succeeded) and begins the next; a transaction without records stays
     * open for the next checkpoint. Returns every pending transaction, for the checkpoint.
     */
    List<KafkaTransaction> prepare(long checkpointId) {
        if (currentHasRecords) {
            ProducerIdAndEpoch id = KafkaTransactions.producerIdAndEpoch(current);
            pending.computeIfAbsent(checkpointId, c -> new ArrayList<>())
                    .add(new Pending(current, new KafkaTransaction(currentId, id.producerId, id.epoch)));
            begin(checkpointId + 1);
        }
        List<KafkaTransaction> all = new ArrayList<>();
        pending.values().forEach(list -> list.forEach(p -> all.add(p.transaction())));
        return all;
    }

    /** Commits the pending transactions of {@code checkpointId} and every checkpoint before it. */
    void commitUpTo(long checkpointId) {
        Map<Long, List<Pending>> done = pending.headMap(checkpointId, true);
        for (List<Pending> list : done.values()) {
            for (Pending p : list) {
                p.producer().commitTransaction();
                p.producer().close(timeout);
            }
        }
        done.clear();
    }

    /** At the end of a bounded input: commits the pending transactions and the open one. */
    void commitAll() {
        commitUpTo(Long.MAX_VALUE);
        current.flush();
        current.commitTransaction();
        current.close(timeout);
        current = null;
    }

    /**
     * Closes every producer. The open transaction is aborted (within a few seconds; a restore
     * aborts it otherwise); pending ones are left as they are, for a restore to commit.
     */
    @Override
    public void close() {
        for (List<Pending> list : pending.values()) {
            list.forEach(p -> p.producer().close(Duration.ZERO));
        }
        pending.clear();
        if (current != null) {
            current.close(CLOSE_TIMEOUT);
            current = null;
        }
    }
}
