package dev.runnel.runtime.connector.kafka;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import org.apache.kafka.common.TopicPartition;

/**
 * One partition of a topic that a source subtask reads, as its checkpoints keep it.
 *
 * @param next the offset of the next record to read, {@link #UNSET} until the startup mode placed
 *     it, {@link #EARLIEST} until the partition's earliest offset did (a partition found while
 *     the job ran)
 * @param stop the offset the split ends before: {@link #UNBOUNDED}, or {@link #UNSET} until the
 *     bounded mode placed it
 */
record KafkaSplit(String topic, int partition, long next, long stop) implements Serializable {
    static final long UNSET = -1;
    static final long EARLIEST = -2;
    static final long UNBOUNDED = Long.MAX_VALUE;

    TopicPartition topicPartition() {
        return new TopicPartition(topic, partition);
    }

    /** The split's name for watermarks and messages: {@code topic-partition}, as Kafka writes it. */
    String id() {
        return topic + "-" + partition;
    }

    boolean finished() {
        return next >= 0 && stop != UNSET && next >= stop;
    }

    KafkaSplit at(long offset) {
        return new KafkaSplit(topic, partition, offset, stop);
    }

    KafkaSplit stoppingAt(long offset) {
        return new KafkaSplit(topic, partition, next, offset);
    }

    byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(topic);
            out.writeInt(partition);
            out.writeLong(next);
            out.writeLong(stop);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static KafkaSplit fromBytes(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            return new KafkaSplit(in.readUTF(), in.readInt(), in.readLong(), in.readLong());
        } catch (IOException e) {
            throw new UncheckedIOException("A Kafka split in the checkpoint is corrupt", e);
        }
    }
}
