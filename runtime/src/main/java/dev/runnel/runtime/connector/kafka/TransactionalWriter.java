package dev.runnel.runtime.connector.kafka;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
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
 * <p>What waits for the broker stays off the task thread, as far as the order of transactions
 * allows: the producer of the next transaction is created and registered
 * ({@code initTransactions}) in the background while the current one takes records, and a
 * completed checkpoint's commits (and the closing of their producers) run in the background
 * too. A background commit that fails fails the next call on the task thread; the transaction
 * stays in the checkpoint, so a restore commits it.
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
    /** One background thread: preparing producers and committing, in the order asked. */
    private final ExecutorService background;
    /** The producer of the transaction after the current one, being registered in the background. */
    private Prepared next;
    /** The background commits not known to have ended, oldest first. */
    private final ArrayDeque<Future<?>> commits = new ArrayDeque<>();

    private record Pending(KafkaProducer<byte[], byte[]> producer, KafkaTransaction transaction) {
    }

    /** A producer for transactional id {@code id}, registered with the broker in the background. */
    private record Prepared(String id, Future<KafkaProducer<byte[], byte[]>> producer) {
    }

    TransactionalWriter(String tableName, String topic, Properties properties, String prefix, int subtask,
                        Duration timeout) {
        this.tableName = tableName;
        this.topic = topic;
        this.properties = properties;
        this.prefix = prefix;
        this.subtask = subtask;
        this.timeout = timeout;
        this.background = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "runnel-kafka-transactions-" + tableName + "-" + subtask);
            thread.setDaemon(true);
            return thread;
        });
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

    /**
     * Begins the transaction of {@code checkpointId} with the producer prepared for it in the
     * background (or a new one when the one prepared has another id: a checkpoint without
     * records kept the transaction open), then prepares the one after it.
     */
    private void begin(long checkpointId) {
        checkCommits();
        currentId = KafkaTransactions.transactionalId(prefix, subtask, checkpointId);
        KafkaProducer<byte[], byte[]> producer = null;
        if (next != null) {
            Prepared prepared = next;
            next = null;
            if (prepared.id().equals(currentId)) {
                producer = await(prepared.producer());
            } else {
                background.execute(() -> close(prepared.producer()));
            }
        }
        current = producer != null ? producer : initialized(currentId);
        current.beginTransaction();
        currentHasRecords = false;
        String nextId = KafkaTransactions.transactionalId(prefix, subtask, checkpointId + 1);
        next = new Prepared(nextId, background.submit(() -> initialized(nextId)));
    }

    private KafkaProducer<byte[], byte[]> initialized(String transactionalId) {
        KafkaProducer<byte[], byte[]> producer = KafkaTransactions.producer(properties, transactionalId);
        try {
            producer.initTransactions();
        } catch (RuntimeException e) {
            producer.close(Duration.ZERO);
            throw e;
        }
        return producer;
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while waiting for a Kafka producer");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new KafkaException(e.getCause());
        }
    }

    private void close(Future<KafkaProducer<byte[], byte[]>> producer) {
        try {
            producer.get().close(timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | RuntimeException e) {
            LOG.debug("Table {}: a prepared producer could not be closed", tableName, e);
        }
    }

    /** Rethrows the failure of a background commit that ended; forgets those that succeeded. */
    private void checkCommits() {
        while (!commits.isEmpty() && commits.peekFirst().isDone()) {
            await(commits.pollFirst());
        }
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

    /**
     * Commits, in the background, the pending transactions of {@code checkpointId} and every
     * checkpoint before it.
     */
    void commitUpTo(long checkpointId) {
        checkCommits();
        Map<Long, List<Pending>> done = pending.headMap(checkpointId, true);
        List<Pending> committing = new ArrayList<>();
        done.values().forEach(committing::addAll);
        done.clear();
        if (!committing.isEmpty()) {
            commits.addLast(background.submit(() -> {
                for (Pending p : committing) {
                    p.producer().commitTransaction();
                    p.producer().close(timeout);
                }
            }));
        }
    }

    /** At the end of a bounded input: commits the pending transactions and the open one, and waits for it. */
    void commitAll() {
        commitUpTo(Long.MAX_VALUE);
        while (!commits.isEmpty()) {
            await(commits.pollFirst());
        }
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
        // commits under way get a few seconds to finish (the transactions are in the checkpoint either way)
        background.shutdown();
        try {
            if (!background.awaitTermination(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                background.shutdownNow();
            }
        } catch (InterruptedException e) {
            background.shutdownNow();
            Thread.currentThread().interrupt();
        }
        if (next != null) {
            Future<KafkaProducer<byte[], byte[]>> prepared = next.producer();
            next = null;
            if (prepared.isDone() && !prepared.isCancelled()) {
                close(prepared);
            }
        }
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
