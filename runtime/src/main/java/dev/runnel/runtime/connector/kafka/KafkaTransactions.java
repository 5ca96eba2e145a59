package dev.runnel.runtime.connector.kafka;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InvalidPidMappingException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.InvalidTxnStateException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.AppInfoParser;
import org.apache.kafka.common.utils.ProducerIdAndEpoch;

/**
 * What an exactly-once sink needs of Kafka transactions beyond the producer's public API: the
 * producer id and epoch of an open transaction, committing that transaction from another
 * producer instance after a restore, and finding the transactions a failed attempt left open.
 *
 * <p>Why reflection: a transaction that a checkpoint covers is prepared (flushed) by one
 * producer, and after a failure between the checkpoint's completion and its commit it must be
 * committed by a new one, in a new process perhaps. {@link KafkaProducer} offers that only through
 * Kafka's two-phase-commit API (KIP-939), which kafka-clients 4.3 does not expose; Flink's Kafka
 * sink resumes the transaction the same way, by giving a fresh producer's transaction manager the
 * stored producer id and epoch. Everything that touches the client's internals is in this class,
 * and a client whose internals differ fails here with a message that says so.
 */
final class KafkaTransactions {
    private KafkaTransactions() {
    }

    /** The transactional id of {@code subtask}'s transaction that ends at checkpoint {@code checkpointId}. */
    static String transactionalId(String prefix, int subtask, long checkpointId) {
        return prefix + "-" + subtask + "-" + checkpointId;
    }

    /** A transactional producer of raw records, not initialized yet. */
    static KafkaProducer<byte[], byte[]> producer(Properties base, String transactionalId) {
        Properties properties = new Properties();
        properties.putAll(base);
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        properties.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        properties.put(ProducerConfig.CLIENT_ID_CONFIG, "runnel-" + transactionalId);
        return new KafkaProducer<>(properties);
    }

    /** The producer id and epoch of {@code producer}'s transactions, after {@code initTransactions}. */
    static ProducerIdAndEpoch producerIdAndEpoch(KafkaProducer<?, ?> producer) {
        Object manager = transactionManager(producer);
        return (ProducerIdAndEpoch) read(manager, "producerIdAndEpoch");
    }

    /**
     * Commits the transaction of {@code transactionalId} that a producer with {@code producerId}
     * and {@code epoch} began and flushed, from a new producer. Committing a transaction that is
     * already committed (the first attempt committed it before it failed) changes nothing: the
     * coordinator takes it as a retry of that commit, or, once a newer epoch fenced it, answers
     * with an error that is reported as false rather than thrown. Either way its records are
     * there once.
     */
    static boolean commitPrepared(Properties base, String topic, KafkaTransaction transaction, Duration timeout) {
        KafkaProducer<byte[], byte[]> producer = producer(base, transaction.transactionalId());
        try {
            // the commit must speak the transaction protocol the broker's transactions use (KIP-890's version 2
            // or not): a metadata round trip first tells the producer which one that is
            producer.partitionsFor(topic);
            Object manager = transactionManager(producer);
            synchronized (manager) {
                invoke(manager, "maybeUpdateTransactionV2Enabled", new Class<?>[] {boolean.class}, true);
                write(manager, "producerIdAndEpoch", new ProducerIdAndEpoch(transaction.producerId(), transaction.epoch()));
                setReady(manager);
            }
            producer.beginTransaction();
            synchronized (manager) {
                // the records were sent by the producer that began it; this one only ends it
                write(manager, "transactionStarted", true);
            }
            producer.commitTransaction();
            return true;
        } catch (ProducerFencedException | InvalidProducerEpochException | InvalidTxnStateException
                 | InvalidPidMappingException e) {
            return false;
        } finally {
            producer.close(timeout);
        }
    }

    /**
     * The open transactions of a sink with {@code prefix} that {@code subtask} of {@code parallelism}
     * is to abort: those of the subtasks whose index is {@code subtask} modulo {@code parallelism}
     * (every index of the attempt before, at whatever parallelism it ran, has exactly one such
     * subtask now), except {@code covered}, the ones the restored checkpoint holds. Which checkpoint
     * an id names does not decide it: a transaction begun after checkpoint 4 that got no records
     * until after checkpoint 6 is named for 5 and yet covered by no checkpoint up to 6.
     */
    static List<String> lingering(Properties base, String prefix, int subtask, int parallelism, Set<String> covered,
                                  Duration timeout) throws ExecutionException, InterruptedException,
            TimeoutException {
        List<String> ids = new ArrayList<>();
        try (Admin client = Admin.create(base)) {
            var listings = client.listTransactions(new ListTransactionsOptions().filterStates(Set.of(
                    TransactionState.ONGOING))).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            for (TransactionListing listing : listings) {
                String id = listing.transactionalId();
                if (owner(prefix, id, parallelism) == subtask && !covered.contains(id)) {
                    ids.add(id);
                }
            }
        }
        return ids;
    }

    /**
     * The subtask of {@code parallelism} that owns the transaction {@code transactionalId} of a
     * sink with {@code prefix} (commits or aborts it after a restore), or -1 for another prefix's.
     */
    static int owner(String prefix, String transactionalId, int parallelism) {
        long[] parsed = parse(prefix, transactionalId);
        return parsed == null ? -1 : (int) (parsed[0] % parallelism);
    }

    /** Aborts the open transaction of {@code transactionalId}: a producer that initializes its id fences and aborts it. */
    static void abort(Properties base, String transactionalId, Duration timeout) {
        KafkaProducer<byte[], byte[]> producer = producer(base, transactionalId);
        try {
            producer.initTransactions();
        } finally {
            producer.close(timeout);
        }
    }

    /** {subtask, checkpoint} of an id {@code <prefix>-<subtask>-<checkpoint>}, or null for an id of another prefix. */
    static long[] parse(String prefix, String transactionalId) {
        if (!transactionalId.startsWith(prefix + "-")) {
            return null;
        }
        String[] rest = transactionalId.substring(prefix.length() + 1).split("-", -1);
        if (rest.length != 2) {
            return null;
        }
        try {
            return new long[] {Long.parseLong(rest[0]), Long.parseLong(rest[1])};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Object transactionManager(KafkaProducer<?, ?> producer) {
        return read(producer, "transactionManager");
    }

    /** UNINITIALIZED → INITIALIZING → READY, the way a successful {@code initTransactions} goes, without asking the coordinator. */
    private static void setReady(Object manager) {
        Class<?> states = null;
        for (Class<?> nested : manager.getClass().getDeclaredClasses()) {
            if (nested.getSimpleName().equals("State")) {
                states = nested;
            }
        }
        if (states == null) {
            throw incompatible("TransactionManager.State", null);
        }
        Method transition;
        try {
            transition = manager.getClass().getDeclaredMethod("transitionTo", states);
            transition.setAccessible(true);
            for (String state : List.of("INITIALIZING", "READY")) {
                transition.invoke(manager, enumConstant(states, state));
            }
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw incompatible("TransactionManager.transitionTo", e);
        } catch (InvocationTargetException e) {
            throw new KafkaException("Could not resume a transaction: " + e.getCause().getMessage(), e.getCause());
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static Object read(Object target, String name) {
        try {
            return field(target.getClass(), name).get(target);
        } catch (IllegalAccessException e) {
            throw incompatible(name, e);
        }
    }

    private static void write(Object target, String name, Object value) {
        try {
            field(target.getClass(), name).set(target, value);
        } catch (IllegalAccessException e) {
            throw incompatible(name, e);
        }
    }

    private static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                Field field = c.getDeclaredField(name);
                field.setAccessible(true);
                return field;
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        throw incompatible(type.getSimpleName() + "." + name, null);
    }

    private static void invoke(Object target, String name, Class<?>[] types, Object... args) {
        try {
            Method method = target.getClass().getDeclaredMethod(name, types);
            method.setAccessible(true);
            method.invoke(target, args);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw incompatible(target.getClass().getSimpleName() + "." + name, e);
        } catch (InvocationTargetException e) {
            throw new KafkaException("Could not resume a transaction: " + e.getCause().getMessage(), e.getCause());
        }
    }

    private static IllegalStateException incompatible(String member, Exception cause) {
        return new IllegalStateException("The exactly-once kafka sink cannot resume a transaction with"
                + " kafka-clients " + AppInfoParser.getVersion() + " (it has no " + member + "); it is tested with"
                + " kafka-clients 4.3.1", cause);
    }
}
