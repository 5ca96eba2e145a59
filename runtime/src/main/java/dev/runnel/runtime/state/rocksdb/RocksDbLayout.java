package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.backend.ByteArrayDataInput;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.rocksdb.RocksIterator;

/**
 * The byte layout of RocksDB entries, in one place.
 *
 * <ul>
 *   <li>Key: key group (2 bytes big-endian), serialized key, serialized namespace, and for map
 *       state the serialized user key. Serializers are prefix-free (a value's bytes are never
 *       the start of another value's), so the parts need no lengths.
 *   <li>Value and map values: an 8-byte write time when the state has a TTL, then the value.
 *   <li>List: its elements, one {@link #LIST_DELIMITER} between two. Each element is a varint
 *       length and a payload laid out like a value, so elements can be skipped and expired
 *       without deserializing them. An append is a merge of the new elements, which RocksDB's
 *       {@link #LIST_MERGE_OPERATOR} joins to the existing ones with the delimiter in one pass
 *       over all of a key's merges (Flink's choice too: the plain "stringappend" operator merges
 *       two values at a time, copying the list once per append, so reading a list appended to
 *       n times costs O(n²)). Full snapshots hold lists without delimiters, as the heap
 *       backend writes them ({@link #toSnapshotList}, {@link #fromSnapshotList}).
 * </ul>
 */
final class RocksDbLayout {
    /** The byte RocksDB's {@link #LIST_MERGE_OPERATOR} puts between two merged values. */
    static final byte LIST_DELIMITER = ',';
    /** The merge operator of list state: appends with {@link #LIST_DELIMITER}, all operands at once. */
    static final String LIST_MERGE_OPERATOR = "stringappendtest";

    private RocksDbLayout() {
    }

    /** The end of the serialized key in the entry key {@code raw} (after the 2 key-group bytes). */
    static int keyEnd(RocksDbKeyedStateBackend backend, byte[] raw) {
        return 2 + backend.keyLengthIn(raw);
    }

    static int deserializedLength(TypeSerializer<?> serializer, ByteArrayDataInput in, byte[] bytes, int offset) {
        in.reset(bytes, offset, bytes.length - offset);
        try {
            serializer.deserialize(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Corrupt state key", e);
        }
        return in.position() - offset;
    }

    static long readLong(byte[] b, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (b[off + i] & 0xFF);
        }
        return v;
    }

    static void writeVarInt(ByteArrayDataOutput out, int value) {
        while ((value & ~0x7F) != 0) {
            out.writeByte((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.writeByte(value);
    }

    /** Reads a varint at {@code pos[0]} and advances it. */
    static int readVarInt(byte[] b, int[] pos) {
        int value = 0;
        for (int shift = 0; ; shift += 7) {
            byte x = b[pos[0]++];
            value |= (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return value;
            }
        }
    }

    static boolean expired(long ttlMillis, long writeTime, long now) {
        return ttlMillis > 0 && now - writeTime >= ttlMillis;
    }

    /** Whether an entry's value holds nothing live (a list: no live element). */
    static boolean expiredEntry(RocksDbKeyedStateBackend.Family family, byte[] value, long now) {
        long ttl = family.descriptor().ttl().toMillis();
        if (ttl <= 0) {
            return false;
        }
        if (!family.isList()) {
            return expired(ttl, readLong(value, 0), now);
        }
        int[] pos = {0};
        while (pos[0] < value.length) {
            int len = readElementLength(value, pos);
            if (!expired(ttl, readLong(value, pos[0]), now)) {
                return false;
            }
            pos[0] += len;
        }
        return true;
    }

    /**
     * Copies the live elements of the list value {@code value[0, length)} to {@code out};
     * returns how many elements were dropped.
     */
    static int liveElements(long ttl, byte[] value, int length, long now, ByteArrayDataOutput out) {
        int dropped = 0;
        int[] pos = {0};
        int outStart = out.length();
        while (pos[0] < length) {
            if (pos[0] > 0) {
                pos[0]++; // the delimiter
            }
            int start = pos[0];
            int len = readVarInt(value, pos);
            if (expired(ttl, readLong(value, pos[0]), now)) {
                dropped++;
            } else {
                if (out.length() > outStart) {
                    out.writeByte(LIST_DELIMITER);
                }
                out.write(value, start, pos[0] + len - start);
            }
            pos[0] += len;
        }
        return dropped;
    }

    /**
     * Reads the length of the list element at {@code pos[0]} (after the delimiter unless it is
     * the first) and advances {@code pos[0]} to its payload.
     */
    static int readElementLength(byte[] list, int[] pos) {
        if (pos[0] > 0) {
            if (list[pos[0]] != LIST_DELIMITER) {
                throw new IllegalStateException("Corrupt list state: no delimiter at byte " + pos[0]);
            }
            pos[0]++;
        }
        return readVarInt(list, pos);
    }

    /** The list value {@code list} as a full snapshot holds it: its elements without delimiters. */
    static byte[] toSnapshotList(byte[] list) {
        ByteArrayDataOutput out = new ByteArrayDataOutput(list.length);
        int[] pos = {0};
        while (pos[0] < list.length) {
            int start = pos[0] == 0 ? 0 : pos[0] + 1;
            int len = readElementLength(list, pos);
            out.write(list, start, pos[0] + len - start);
            pos[0] += len;
        }
        return out.toByteArray();
    }

    /** A list value of a full snapshot (elements without delimiters) as RocksDB holds it. */
    static byte[] fromSnapshotList(byte[] elements) {
        ByteArrayDataOutput out = new ByteArrayDataOutput(elements.length + 16);
        int[] pos = {0};
        while (pos[0] < elements.length) {
            int start = pos[0];
            int len = readVarInt(elements, pos);
            if (start > 0) {
                out.writeByte(LIST_DELIMITER);
            }
            out.write(elements, start, pos[0] + len - start);
            pos[0] += len;
        }
        return out.toByteArray();
    }

    /**
     * Drops up to {@code batch} entries' worth of expired state of {@code family}, starting at
     * {@code from} (the start when {@code null}); returns where to continue, or {@code null} at the end.
     */
    static byte[] sweep(RocksDbKeyedStateBackend backend, RocksDbKeyedStateBackend.Family family, byte[] from, long now,
                        int batch) {
        long ttl = family.descriptor().ttl().toMillis();
        ByteArrayDataOutput live = new ByteArrayDataOutput(64);
        try (RocksIterator it = backend.iterator(family.handle())) {
            if (from == null) {
                it.seekToFirst();
            } else {
                it.seek(from);
            }
            for (int n = 0; it.isValid(); it.next(), n++) {
                byte[] key = it.key();
                if (n == batch) {
                    return key;
                }
                if (RocksDbChangelog.isMarker(key)) {
                    continue;
                }
                byte[] value = it.value();
                if (!family.isList()) {
                    if (expired(ttl, readLong(value, 0), now)) {
                        backend.delete(family.handle(), key, key.length);
                    }
                    continue;
                }
                live.clear();
                if (liveElements(ttl, value, value.length, now, live) > 0) {
                    if (live.length() == 0) {
                        backend.delete(family.handle(), key, key.length);
                    } else {
                        backend.put(family.handle(), key, key.length, live.buffer(), live.length());
                    }
                }
            }
        }
        return null;
    }

    static byte[] copy(byte[] b, int length) {
        return Arrays.copyOf(b, length);
    }
}
