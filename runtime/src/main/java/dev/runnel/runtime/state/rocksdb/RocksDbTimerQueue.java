package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import dev.runnel.runtime.state.backend.TimerQueue;
import java.io.IOException;
import java.util.Arrays;
import java.util.TreeMap;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksIterator;

/**
 * Timers in a column family of their own, keyed by timestamp (8 bytes big-endian with the sign
 * bit flipped, so byte order is numeric order, negative times first), key group, key and
 * namespace; the value is the key's length, to split key from namespace.
 *
 * <p>The earliest timers (up to {@link #CACHE_SIZE}) are cached in memory, in order, as Flink's
 * RocksDB priority queue caches its head: taking a timer is one delete, and one iterator reads
 * the next {@link #CACHE_SIZE} when the cache runs dry, instead of an iterator and a seek per
 * timer. Scans start after the last timer taken, so they do not wade through the deletion
 * markers that fired timers leave until compaction. The cache is always the start of the
 * queue's order: a timer added behind its last entry, while timers not in the cache exist, stays
 * out of it.
 *
 * <p>New timers are written to RocksDB <em>behind</em>: they wait in memory ({@link #pending}, up
 * to {@link #PENDING_LIMIT}, the latest spilling to RocksDB beyond that) until {@link #persist()},
 * which the backend calls before a full snapshot; an incremental one writes them into a file of
 * its own instead ({@link PendingTimers}), so that they stay in memory. A timer that fires before then, the common case
 * for window ends a few seconds ahead, never touches RocksDB: no put and no delete, which were
 * a third of a HOP window query's time. A timer can be both pending and stored (added again after
 * a snapshot stored it); both copies sort alike, so taking one takes the other.
 */
final class RocksDbTimerQueue implements TimerQueue {
    /** How many of the earliest timers are kept in memory. */
    static final int CACHE_SIZE = 128;
    /** How many new timers may wait in memory for the next snapshot. */
    static final int PENDING_LIMIT = 16_384;

    private final RocksDbKeyedStateBackend db;
    private final ColumnFamilyHandle handle;
    private final ByteArrayDataOutput keyOut = new ByteArrayDataOutput(64);
    private final byte[] valueBytes = new byte[4];
    /** The earliest timers by entry key: a prefix of the queue's order. */
    private final TreeMap<byte[], TimerEntry> cache = new TreeMap<>(Arrays::compareUnsigned);
    /** Whether {@link #cache} holds every timer of the queue. */
    private boolean cacheHoldsAll;
    /** No timer sorts before this entry key ({@code null}: scan from the start). */
    private byte[] scanFrom;
    /** Timers added since the last {@link #persist()}, not (necessarily) in RocksDB. */
    private final TreeMap<byte[], TimerEntry> pending = new TreeMap<>(Arrays::compareUnsigned);

    private final String column;

    RocksDbTimerQueue(RocksDbKeyedStateBackend db, String column, ColumnFamilyHandle handle) {
        this.db = db;
        this.column = column;
        this.handle = handle;
    }

    /** The name of the column family the timers are stored in. */
    String column() {
        return column;
    }

    /** Calls {@code action} with the entry key and key length of every timer waiting in memory. */
    void forEachPending(PendingAction action) throws IOException {
        for (var e : pending.entrySet()) {
            action.accept(e.getKey(), e.getValue().key().length);
        }
    }

    @FunctionalInterface
    interface PendingAction {
        void accept(byte[] entryKey, int keyLength) throws IOException;
    }

    /** The value a stored timer has: the length of its key, which splits key from namespace in the entry key. */
    static byte[] storedValue(int keyLength) {
        byte[] value = new byte[4];
        writeStoredValue(value, keyLength);
        return value;
    }

    private static void writeStoredValue(byte[] value, int keyLength) {
        value[0] = (byte) (keyLength >>> 24);
        value[1] = (byte) (keyLength >>> 16);
        value[2] = (byte) (keyLength >>> 8);
        value[3] = (byte) keyLength;
    }

    private int entryKey(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] ns, int nsLength) {
        keyOut.clear();
        keyOut.writeLong(timestamp ^ Long.MIN_VALUE);
        keyOut.writeShort(keyGroup);
        keyOut.write(key, 0, keyLength);
        keyOut.write(ns, 0, nsLength);
        return keyOut.length();
    }

    @Override
    public void add(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] namespace, int namespaceLength) {
        int length = entryKey(timestamp, keyGroup, key, keyLength, namespace, namespaceLength);
        byte[] entryKey = keyOut.toByteArray();
        pending.put(entryKey, decode(entryKey, keyLength));
        if (pending.size() > PENDING_LIMIT) {
            var latest = pending.pollLastEntry();
            store(latest.getKey(), latest.getValue().key().length);
        }
    }

    /** Writes the timers waiting in memory to RocksDB, so that a snapshot of the instance holds them. */
    void persist() {
        for (var e : pending.entrySet()) {
            store(e.getKey(), e.getValue().key().length);
        }
        pending.clear();
    }

    private void store(byte[] entryKey, int keyLength) {
        writeStoredValue(valueBytes, keyLength);
        db.put(handle, entryKey, entryKey.length, valueBytes, 4);
        if (scanFrom != null && Arrays.compareUnsigned(entryKey, scanFrom) < 0) {
            scanFrom = entryKey;
        }
        if (cacheHoldsAll || !cache.isEmpty() && Arrays.compareUnsigned(entryKey, cache.lastKey()) < 0) {
            cache.put(entryKey, decode(entryKey, keyLength));
            if (cache.size() > CACHE_SIZE) {
                cache.pollLastEntry();
                cacheHoldsAll = false;
            }
        }
    }

    @Override
    public void remove(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] namespace, int namespaceLength) {
        int length = entryKey(timestamp, keyGroup, key, keyLength, namespace, namespaceLength);
        db.delete(handle, keyOut.buffer(), length);
        if (!cache.isEmpty() || !pending.isEmpty()) {
            byte[] entryKey = keyOut.toByteArray();
            cache.remove(entryKey);
            pending.remove(entryKey);
        }
    }

    private static TimerEntry decode(byte[] raw, int keyLength) {
        long timestamp = RocksDbLayout.readLong(raw, 0) ^ Long.MIN_VALUE;
        int keyGroup = ((raw[8] & 0xFF) << 8) | (raw[9] & 0xFF);
        return new TimerEntry(timestamp, keyGroup, Arrays.copyOfRange(raw, 10, 10 + keyLength),
                Arrays.copyOfRange(raw, 10 + keyLength, raw.length));
    }

    /** Reads the next {@link #CACHE_SIZE} timers into the cache when it is empty and timers may remain. */
    private void fill() {
        if (!cache.isEmpty() || cacheHoldsAll) {
            return;
        }
        try (RocksIterator it = db.iterator(handle)) {
            if (scanFrom == null) {
                it.seekToFirst();
            } else {
                it.seek(scanFrom);
            }
            while (it.isValid() && cache.size() < CACHE_SIZE) {
                byte[] raw = it.key();
                byte[] value = it.value();
                int keyLength = ((value[0] & 0xFF) << 24) | ((value[1] & 0xFF) << 16) | ((value[2] & 0xFF) << 8)
                        | (value[3] & 0xFF);
                cache.put(raw, decode(raw, keyLength));
                it.next();
            }
            cacheHoldsAll = !it.isValid();
        }
    }

    @Override
    public long earliest() {
        fill();
        long stored = cache.isEmpty() ? Long.MAX_VALUE : cache.firstEntry().getValue().timestamp();
        return pending.isEmpty() ? stored : Math.min(stored, pending.firstEntry().getValue().timestamp());
    }

    @Override
    public TimerEntry pollUpTo(long time) {
        fill();
        if (cache.isEmpty() && pending.isEmpty()) {
            return null;
        }
        byte[] storedHead = cache.isEmpty() ? null : cache.firstKey();
        byte[] pendingHead = pending.isEmpty() ? null : pending.firstKey();
        int order = storedHead == null ? 1 : pendingHead == null ? -1 : Arrays.compareUnsigned(storedHead, pendingHead);
        if (order > 0) {
            var taken = pending.firstEntry();
            if (taken.getValue().timestamp() > time) {
                return null;
            }
            return pending.pollFirstEntry().getValue();
        }
        var taken = cache.firstEntry();
        if (taken.getValue().timestamp() > time) {
            return null;
        }
        cache.pollFirstEntry();
        if (order == 0) {
            pending.pollFirstEntry();
        }
        db.delete(handle, taken.getKey(), taken.getKey().length);
        scanFrom = taken.getKey();
        return taken.getValue();
    }
}
