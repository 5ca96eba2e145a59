package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.stream.RowBatch;
import java.time.Duration;
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
 * Sends each row as a record of the sink's topic with a {@link KafkaProducer} (no key, the row in
 * the value). With {@code sink.delivery-guarantee} {@code at-least-once} a checkpoint waits until
 * the broker acknowledged everything sent before its barrier, so a restore from it loses nothing
 * (it may write again what was sent after it); with {@code none} nothing waits.
 *
 * <p>A record the broker refuses fails the job with the topic and the broker's reason, on the
 * next row, checkpoint or end of input after the producer reported it.
 */
final class KafkaSinkOperator extends AbstractOperator {
    private final KafkaSink sink;
    private KafkaProducer<byte[], byte[]> producer;
    private RowSerializer serializer;
    private Set<RowKind> accepted;
    /** The partition every row goes to with the {@code fixed} partitioner, else null for the producer's choice. */
    private Integer partition;
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
        FormatFactory factory = Formats.factory(sink.format(), "format");
        serializer = factory.createSerializer(sink.rowType(), sink.formatOptions());
        accepted = factory.changelogMode();
        Properties properties = new Properties();
        properties.putAll(sink.properties());
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "runnel-" + sink.tableName() + "-sink-"
                + context.subtaskIndex());
        if (sink.partitioner() == KafkaOptions.Partitioner.ROUND_ROBIN) {
            properties.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, RoundRobinPartitioner.class.getName());
        }
        producer = new KafkaProducer<>(properties);
        if (sink.partitioner() == KafkaOptions.Partitioner.FIXED) {
            List<PartitionInfo> partitions = call(() -> producer.partitionsFor(sink.topic()));
            partition = partitions.get(context.subtaskIndex() % partitions.size()).partition();
        }
    }

    @Override
    public void processBatch(RowBatch batch, int input) {
        checkFailure();
        for (Row row : batch) {
            if (!accepted.contains(row.kind())) {
                // the planner refuses such queries; this guards against a plan that slipped through
                throw new RecordException("The kafka sink of table " + sink.tableName() + " with format '"
                        + sink.format() + "' writes only inserts (+I), but got " + row);
            }
            byte[] value;
            try {
                value = serializer.serializeToBytes(row);
            } catch (FormatException e) {
                throw new RecordException("Cannot write row " + row + " to table " + sink.tableName() + ": "
                        + e.getMessage(), e);
            }
            ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(sink.topic(), partition, null, value);
            call(() -> producer.send(record, callback));
        }
    }

    @Override
    public void snapshotState(long checkpointId) {
        if (sink.guarantee() == KafkaOptions.DeliveryGuarantee.AT_LEAST_ONCE) {
            flush();
        }
    }

    @Override
    public void finish() {
        flush();
    }

    private void flush() {
        call(() -> {
            producer.flush();
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
        if (producer != null) {
            // finish() flushed a job that ended; what a failed or cancelled one still buffers lies after its
            // last checkpoint, which a restore sends again, so nothing waits for a broker that may be gone
            producer.close(Duration.ZERO);
        }
    }
}
