package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.state.ProcessingTimeService;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.stream.RowBatch;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RoundRobinPartitioner;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Sends each row as a record of the sink's topic with a {@link KafkaProducer}, its key and value
 * laid out by {@link KafkaRecordLayout}; an {@code upsert-kafka} sink writes {@code +I}/{@code +U}
 * as the key's new value and {@code -D} as a tombstone, skips {@code -U}, and may hold rows back
 * by key ({@link UpsertBuffer}). With {@code sink.delivery-guarantee} {@code at-least-once} a checkpoint waits until
 * the broker acknowledged everything sent before its barrier, so a restore from it loses nothing
 * (it may write again what was sent after it); with {@code none} nothing waits. With
 * {@code exactly-once} the records go into one transaction per checkpoint
 * ({@link TransactionalWriter}), committed when the checkpoint completes: the operator state keeps
 * the pending transactions and the checkpoint each subtask took (union lists
 * {@value #TRANSACTIONS_STATE} and {@value #CHECKPOINT_STATE}), from which a restore knows what to
 * commit and what to abort: each subtask takes the transactions whose id names a subtask it owns
 * ({@link KafkaTransactions#owner}), at whatever parallelism the job ran before.
 *
 * <p>A record the broker refuses fails the job with the topic and the broker's reason, on the
 * next row, checkpoint or end of input after the producer reported it.
 */
final class KafkaSinkOperator extends AbstractOperator {
    static final String TRANSACTIONS_STATE = "kafka-transactions";
    static final String CHECKPOINT_STATE = "kafka-sink-checkpoint";
    /** Kafka's default is one minute, too short for a transaction that waits for its checkpoint and a restore. */
    private static final String TRANSACTION_TIMEOUT = "900000";

    private final KafkaSink sink;
    /** The producer for {@code none} and {@code at-least-once}, else null. */
    private KafkaProducer<byte[], byte[]> producer;
    /** The producers for {@code exactly-once}, else null. */
    private TransactionalWriter transactions;
    private List<byte[]> transactionState;
    private List<byte[]> checkpointState;
    private KafkaRecordCodec codec;
    private Set<RowKind> accepted;
    /** The rows an upsert sink holds back by key ({@code sink.buffer-flush.*}), else null. */
    private UpsertBuffer buffer;
    private ProcessingTimeService.Cancellable scheduledFlush;
    /** The partition every row goes to with the {@code fixed} partitioner, else null for the producer's choice. */
    private Integer partition;
    /** The fields of the rows that hold the record's timestamp and headers, or -1 when they hold none. */
    private int timestampField;
    private int headersField;
    /** The first send the producer reported failed (set on its I/O thread). */
    private volatile Exception failure;
    private final Callback callback = (metadata, error) -> {
        if (error != null && failure == null) {
            failure = error;
        }
    };

    KafkaSinkOperator(KafkaSink sink) {
        this.sink = sink;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        codec = new KafkaRecordCodec(sink.layout(), false);
        timestampField = sink.layout().metadataField(KafkaMetadata.TIMESTAMP);
        headersField = sink.layout().metadataField(KafkaMetadata.HEADERS);
        accepted = sink.layout().upsert() ? EnumSet.allOf(RowKind.class)
                : Formats.factory(sink.layout().valueFormat(), "format").changelogMode();
        Properties properties = new Properties();
        properties.putAll(sink.properties());
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        if (sink.partitioner() == KafkaOptions.Partitioner.ROUND_ROBIN) {
            properties.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, RoundRobinPartitioner.class.getName());
        }
        if (sink.guarantee() == KafkaOptions.DeliveryGuarantee.EXACTLY_ONCE) {
            properties.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, TRANSACTION_TIMEOUT);
            openTransactions(context, properties);
        } else {
            properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "runnel-" + sink.tableName() + "-sink-"
                    + context.subtaskIndex());
            producer = new KafkaProducer<>(properties);
        }
        if (sink.partitioner() == KafkaOptions.Partitioner.FIXED) {
            List<PartitionInfo> partitions = call(() -> producer != null ? producer.partitionsFor(sink.topic())
                    : transactions.partitionsFor(sink.topic()));
            partition = partitions.get(context.subtaskIndex() % partitions.size()).partition();
        }
        if (sink.buffer() != null) {
            buffer = new UpsertBuffer(sink.layout().keyFields().stream().mapToInt(Integer::intValue).toArray(),
                    sink.buffer().maxRows());
            scheduleFlush(context.processingTimeService());
        }
    }

    /** Sends what the buffer holds every {@code sink.buffer-flush.interval}, also when no rows come. */
    private void scheduleFlush(ProcessingTimeService time) {
        scheduledFlush = time.schedule(time.currentTime() + sink.buffer().interval().toMillis(), t -> {
            buffer.drainTo(this::send);
            scheduleFlush(time);
        });
    }

    private void openTransactions(OperatorContext context, Properties properties) {
        var store = context.operatorStateStore();
        transactionState = store.unionList(TRANSACTIONS_STATE);
        checkpointState = store.unionList(CHECKPOINT_STATE);
        List<KafkaTransaction> restored = new ArrayList<>();
        long restoredCheckpoint = 0;
        if (store.isRestored()) {
            for (byte[] bytes : transactionState) {
                KafkaTransaction transaction = KafkaTransaction.fromBytes(bytes);
                if (KafkaTransactions.owner(sink.transactionalIdPrefix(), transaction.transactionalId(),
                        context.parallelism()) == context.subtaskIndex()) {
                    restored.add(transaction);
                }
            }
            for (byte[] bytes : checkpointState) {
                restoredCheckpoint = Math.max(restoredCheckpoint, ByteBuffer.wrap(bytes).getLong());
            }
        }
        transactions = new TransactionalWriter(sink.tableName(), sink.topic(), properties, sink.transactionalIdPrefix(),
                context.subtaskIndex(), KafkaOptions.apiTimeout(properties));
        long checkpoint = restoredCheckpoint;
        call(() -> {
            transactions.start(restored, checkpoint, context.parallelism());
            return null;
        });
    }

    @Override
    public void processBatch(RowBatch batch, int input) {
        checkFailure();
        for (Row row : batch) {
            if (!accepted.contains(row.kind())) {
                // the planner refuses such queries; this guards against a plan that slipped through
                throw new RecordException("The kafka sink of table " + sink.tableName() + " with format '"
                        + sink.layout().valueFormat() + "' writes only inserts (+I), but got " + row);
            }
            if (row.kind() == RowKind.UPDATE_BEFORE && sink.layout().upsert()) {
                continue; // the +U that follows replaces the key's record
            }
            if (buffer == null) {
                send(row);
            } else if (buffer.add(row)) {
                buffer.drainTo(this::send);
            }
        }
    }

    private void send(Row row) {
        byte[] key;
        byte[] value;
        try {
            key = codec.key(row);
            value = codec.value(row);
        } catch (FormatException e) {
            throw new RecordException("Cannot write row " + row + " to table " + sink.tableName() + ": "
                    + e.getMessage(), e);
        }
        // a null timestamp lets the producer take the current time, as without the metadata column
        Long timestamp = timestampField < 0 ? null : (Long) row.getField(timestampField);
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(sink.topic(), partition, timestamp, key, value,
                headersField < 0 ? null : KafkaMetadata.toHeaders(row.getField(headersField)));
        call(() -> {
            if (producer != null) {
                producer.send(record, callback);
            } else {
                transactions.send(record, callback);
            }
            return null;
        });
    }

    @Override
    public void snapshotState(long checkpointId) {
        if (sink.guarantee() != KafkaOptions.DeliveryGuarantee.EXACTLY_ONCE) {
            // with 'none' too: what the buffer holds is sent, not waited for
            if (sink.guarantee() == KafkaOptions.DeliveryGuarantee.AT_LEAST_ONCE) {
                flush();
            } else if (buffer != null) {
                buffer.drainTo(this::send);
            }
        } else if (transactions != null) {
            flush();
            List<KafkaTransaction> pending = call(() -> transactions.prepare(checkpointId));
            transactionState.clear();
            pending.forEach(t -> transactionState.add(t.toBytes()));
            checkpointState.clear();
            checkpointState.add(ByteBuffer.allocate(Long.BYTES).putLong(checkpointId).array());
        }
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        if (transactions != null) {
            call(() -> {
                transactions.commitUpTo(checkpointId);
                return null;
            });
        }
    }

    @Override
    public void finish() {
        flush();
        if (transactions != null) {
            call(() -> {
                transactions.commitAll();
                return null;
            });
        }
    }

    private void flush() {
        if (buffer != null) {
            buffer.drainTo(this::send);
        }
        call(() -> {
            if (producer != null) {
                producer.flush();
            } else {
                transactions.flush();
            }
            return null;
        });
        checkFailure();
    }

    private void checkFailure() {
        Exception error = failure;
        if (error != null) {
            throw failed(error);
        }
    }

    private <T> T call(Callable<T> action) {
        try {
            return action.call();
        } catch (KafkaException e) {
            throw failed(e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw failed(e);
        }
    }

    private RecordException failed(Exception error) {
        return new RecordException("Could not write to topic '" + sink.topic() + "' of table " + sink.tableName()
                + " at bootstrap servers '" + sink.properties().get("bootstrap.servers") + "': " + error.getMessage(),
                error);
    }

    @Override
    public void close() {
        if (scheduledFlush != null) {
            scheduledFlush.cancel();
        }
        if (producer != null) {
            // finish() flushed a job that ended; what a failed or cancelled one still buffers lies after its
            // last checkpoint, which a restore sends again, so nothing waits for a broker that may be gone
            producer.close(Duration.ZERO);
        }
        if (transactions != null) {
            transactions.close();
        }
    }
}
