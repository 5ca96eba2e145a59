package dev.runnel.runtime.connector.kafka;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A transaction of an exactly-once sink subtask that a checkpoint covers: flushed before the
 * checkpoint's barrier passed, to be committed when the checkpoint completes, by the producer
 * that began it or, after a restore, by any producer that knows its id and epoch.
 */
record KafkaTransaction(String transactionalId, long producerId, short epoch) {
    byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(transactionalId);
            out.writeLong(producerId);
            out.writeShort(epoch);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static KafkaTransaction fromBytes(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            return new KafkaTransaction(in.readUTF(), in.readLong(), in.readShort());
        } catch (IOException e) {
            throw new UncheckedIOException("A Kafka transaction in the checkpoint is corrupt", e);
        }
    }
}
