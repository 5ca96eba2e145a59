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
 *   <li>List: its elements back to back (RocksDB's append merge operator with an empty
 *       delimiter concatenates them); each element is a varint length and a payload laid out
 *       like a value, so elements can be skipped and expired without deserializing them.
 * </ul>
 */
final class RocksDbLayout {

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
            int len = readVarInt(value, pos);
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
        while (pos[0] < length) {
            int start = pos[0];
            int len = readVarInt(value, pos);
            if (expired(ttl, readLong(value, pos[0]), now)) {
                dropped++;
            } else {
                out.write(value, start, pos[0] + len - start);
            }
            pos[0] += len;
        }
        return dropped;
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
