package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import dev.runnel.runtime.state.backend.TimerQueue;
import java.util.Arrays;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksIterator;

/**
 * Timers in a column family of their own, keyed by timestamp (8 bytes big-endian with the sign
 * bit flipped, so byte order is numeric order, negative times first), key group, key and
 * namespace; the value is the key's length, to split key from namespace. The earliest timer is
 * cached in memory, and scans start after the last timer taken, so they do not wade through the
 * deletion markers that fired timers leave until compaction.
 */
final class RocksDbTimerQueue implements TimerQueue {
    private final RocksDbKeyedStateBackend db;
    private final ColumnFamilyHandle handle;
    private final ByteArrayDataOutput keyOut = new ByteArrayDataOutput(64);
    private final byte[] valueBytes = new byte[4];
    /** The earliest timer and its entry key; {@code null} when not known (read it on demand). */
    private TimerEntry head;
    private byte[] headKey;
    private boolean empty;
    /** No timer sorts before this entry key ({@code null}: scan from the start). */
    private byte[] scanFrom;

    RocksDbTimerQueue(RocksDbKeyedStateBackend db, ColumnFamilyHandle handle) {
        this.db = db;
        this.handle = handle;
    }

    private int entryKey(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] ns, int nsLength) {
        keyOut.clear();
        keyOut.writeLong(timestamp ^ Long.MIN_VALUE);
        keyOut.writeShort(keyGroup);
        keyOut.write(key, 0, keyLength);
        keyOut.write(ns, 0, nsLength);
        return keyOut.length();
    }

    private int compareToEntry(byte[] other, int length) {
        return Arrays.compareUnsigned(keyOut.buffer(), 0, length, other, 0, other.length);
    }

    @Override
    public void add(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] namespace, int namespaceLength) {
        int length = entryKey(timestamp, keyGroup, key, keyLength, namespace, namespaceLength);
        valueBytes[0] = (byte) (keyLength >>> 24);
        valueBytes[1] = (byte) (keyLength >>> 16);
        valueBytes[2] = (byte) (keyLength >>> 8);
        valueBytes[3] = (byte) keyLength;
        db.put(handle, keyOut.buffer(), length, valueBytes, 4);
        if (scanFrom != null && compareToEntry(scanFrom, length) < 0) {
            scanFrom = keyOut.toByteArray();
        }
        if (empty || headKey != null && compareToEntry(headKey, length) < 0) {
            forgetHead();
        }
    }

    @Override
    public void remove(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] namespace, int namespaceLength) {
        int length = entryKey(timestamp, keyGroup, key, keyLength, namespace, namespaceLength);
        db.delete(handle, keyOut.buffer(), length);
        if (headKey != null && compareToEntry(headKey, length) == 0) {
            forgetHead();
        }
    }

    private void forgetHead() {
        head = null;
        headKey = null;
        empty = false;
    }

    private void loadHead() {
        if (head != null || empty) {
            return;
        }
        try (RocksIterator it = db.iterator(handle)) {
            if (scanFrom == null) {
                it.seekToFirst();
            } else {
                it.seek(scanFrom);
            }
            if (!it.isValid()) {
                empty = true;
                return;
            }
            byte[] raw = it.key();
            byte[] value = it.value();
            int keyLength = ((value[0] & 0xFF) << 24) | ((value[1] & 0xFF) << 16) | ((value[2] & 0xFF) << 8) | (value[3] & 0xFF);
            long timestamp = RocksDbLayout.readLong(raw, 0) ^ Long.MIN_VALUE;
            int keyGroup = ((raw[8] & 0xFF) << 8) | (raw[9] & 0xFF);
            head = new TimerEntry(timestamp, keyGroup, Arrays.copyOfRange(raw, 10, 10 + keyLength),
                    Arrays.copyOfRange(raw, 10 + keyLength, raw.length));
            headKey = raw;
        }
    }

    @Override
    public long earliest() {
        loadHead();
        return empty ? Long.MAX_VALUE : head.timestamp();
    }

    @Override
    public TimerEntry pollUpTo(long time) {
        loadHead();
        if (empty || head.timestamp() > time) {
            return null;
        }
        TimerEntry taken = head;
        db.delete(handle, headKey, headKey.length);
        scanFrom = headKey;
        forgetHead();
        return taken;
    }
}
