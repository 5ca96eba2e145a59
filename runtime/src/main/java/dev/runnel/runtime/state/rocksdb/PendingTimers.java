package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.checkpoint.IncrementalKeyedStateHandle;
import dev.runnel.runtime.checkpoint.StreamStateHandle;
import dev.runnel.runtime.fs.FileSystems;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The timers that wait in memory ({@link RocksDbTimerQueue}) at an incremental snapshot, in a
 * private file of the snapshot instead of in RocksDB: writing them into RocksDB at every
 * checkpoint would make each of them a put, a delete and part of a scan when it fires, which a
 * timer that fires from memory never costs. A restore writes them into the timer column
 * families. Format: per timer its column family's name, its key length and its entry key (in
 * the layout of {@link RocksDbTimerQueue}); then an empty name.
 */
final class PendingTimers {
    /** The name of the file in {@link IncrementalKeyedStateHandle#privateFiles()}. */
    static final String FILE = "pending-timers";

    private PendingTimers() {
    }

    /** The timers waiting in memory in {@code queues}, or {@code null} when there are none. */
    static byte[] serialize(List<RocksDbTimerQueue> queues) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        boolean any = false;
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            for (RocksDbTimerQueue queue : queues) {
                String column = queue.column();
                boolean[] wrote = {false};
                queue.forEachPending((entryKey, keyLength) -> {
                    out.writeUTF(column);
                    out.writeInt(keyLength);
                    out.writeInt(entryKey.length);
                    out.write(entryKey);
                    wrote[0] = true;
                });
                any |= wrote[0];
            }
            out.writeUTF("");
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory
        }
        return any ? bytes.toByteArray() : null;
    }

    /** What a restore does with each timer. */
    @FunctionalInterface
    interface TimerSink {
        void put(String column, byte[] entryKey, byte[] value);
    }

    /**
     * Hands {@code sink} the pending timers of {@code handle} whose key group is in
     * {@code [start, end)}; nothing for a snapshot without pending timers.
     */
    static void restore(IncrementalKeyedStateHandle handle, int start, int end, TimerSink sink) throws IOException {
        StreamStateHandle file = handle.privateFiles().get(FILE);
        if (file == null) {
            return;
        }
        try (InputStream raw = FileSystems.forUri(file.uri()).open(file.uri());
             DataInputStream in = new DataInputStream(raw)) {
            for (String column = in.readUTF(); !column.isEmpty(); column = in.readUTF()) {
                int keyLength = in.readInt();
                byte[] entryKey = new byte[in.readInt()];
                in.readFully(entryKey);
                int keyGroup = ((entryKey[8] & 0xFF) << 8) | (entryKey[9] & 0xFF);
                if (keyGroup >= start && keyGroup < end) {
                    sink.put(column, entryKey, RocksDbTimerQueue.storedValue(keyLength));
                }
            }
        }
    }
}
