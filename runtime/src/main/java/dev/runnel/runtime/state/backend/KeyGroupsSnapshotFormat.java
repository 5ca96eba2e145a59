package dev.runnel.runtime.state.backend;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.runnel.runtime.checkpoint.KeyGroupsStateHandle;
import dev.runnel.runtime.checkpoint.StreamStateHandle;
import dev.runnel.runtime.fs.FileSystem;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * The one file of a full keyed-state snapshot ({@link KeyGroupsStateHandle}), written and read
 * by both backends, so a savepoint taken on one restores on the other. Entries are in the
 * RocksDB layout (see docs/state.md) without the key-group prefix, which the section gives:
 *
 * <pre>
 * header:    magic, version, keyGroupStart, keyGroupEnd, column count, per column: name, kind, ttl
 * key group: (varint column+1, (varint keyLength+1, key, varint valueLength, value)*, varint 0)*, varint 0
 * </pre>
 *
 * A column is a state ({@code state/<name>}: key · namespace [· user key] → [write time] · value)
 * or a timer queue ({@code timers/<service>/event|processing}: timestamp (8, sign bit flipped) ·
 * key · namespace → key length (4)). The handle holds the offset of every key group, so a
 * restore reads only the key groups it owns.
 */
public final class KeyGroupsSnapshotFormat {
    private static final int MAGIC = 0x524E4B47;
    private static final int VERSION = 1;

    private KeyGroupsSnapshotFormat() {
    }

    /** What a column holds; {@code TIMER} columns are timer queues. */
    public enum ColumnKind { VALUE, LIST, MAP, TIMER }

    /** One state or timer queue of a snapshot; {@code ttlMillis} 0 means its values carry no write time. */
    public record Column(String name, ColumnKind kind, long ttlMillis) {
        @JsonIgnore
        public boolean isTimer() {
            return kind == ColumnKind.TIMER;
        }
    }

    public static String stateColumn(String stateName) {
        return "state/" + stateName;
    }

    public static String timerColumn(String serviceName, boolean eventTime) {
        return "timers/" + serviceName + (eventTime ? "/event" : "/processing");
    }

    /** The column kind of a declared state kind. */
    public static ColumnKind kindOf(boolean isList, boolean isMap) {
        return isList ? ColumnKind.LIST : isMap ? ColumnKind.MAP : ColumnKind.VALUE;
    }

    /**
     * Checks that a restored column fits the state declared now: the same kind, and a TTL on
     * both or neither (the values carry a write time exactly when the state has a TTL).
     */
    public static void checkCompatible(Column restored, ColumnKind declaredKind, long declaredTtl, String operator) {
        String state = restored.name().substring(restored.name().indexOf('/') + 1);
        if (restored.kind() != declaredKind) {
            throw new IllegalStateException("State '" + state + "' of operator '" + operator + "' was restored as "
                    + restored.kind().name().toLowerCase() + " state but is declared as " + declaredKind.name().toLowerCase()
                    + " state: the snapshot is not compatible with this job");
        }
        if ((restored.ttlMillis() > 0) != (declaredTtl > 0)) {
            throw new IllegalStateException("State '" + state + "' of operator '" + operator + "' was snapshotted "
                    + (restored.ttlMillis() > 0 ? "with" : "without") + " a TTL but is declared "
                    + (declaredTtl > 0 ? "with" : "without") + " one: turning state TTL on or off is not supported on restore");
        }
    }

    // ---- writing ----------------------------------------------------------------------------

    /** Writes the sections of one key group; entries of a column must come together. */
    public static final class KeyGroupWriter {
        private final DataOutput out;
        private int openColumn = -1;

        public KeyGroupWriter(DataOutput out) {
            this.out = out;
        }

        public void entry(int column, byte[] key, int keyOffset, int keyLength, byte[] value, int valueOffset,
                          int valueLength) throws IOException {
            if (column != openColumn) {
                if (openColumn >= 0) {
                    writeVarInt(out, 0);
                }
                writeVarInt(out, column + 1);
                openColumn = column;
            }
            writeVarInt(out, keyLength + 1);
            out.write(key, keyOffset, keyLength);
            writeVarInt(out, valueLength);
            out.write(value, valueOffset, valueLength);
        }

        /** Whether any entry was written. */
        public boolean wroteEntries() {
            return openColumn >= 0;
        }

        /** Ends the key group. */
        public void finish() throws IOException {
            if (openColumn >= 0) {
                writeVarInt(out, 0);
            }
            writeVarInt(out, 0);
            openColumn = -1;
        }
    }

    /** Writes the body of one key group, usually through a {@link KeyGroupWriter}. */
    @FunctionalInterface
    public interface KeyGroupBody {
        /** Returns whether the key group has entries. */
        boolean write(int keyGroup, DataOutput out) throws IOException;
    }

    /**
     * Writes a snapshot of the key groups {@code [start, end)} to {@code file}; returns its
     * handle, or {@code null} (and no file) when no key group has an entry.
     */
    public static KeyGroupsStateHandle write(FileSystem storage, URI file, List<Column> columns, int start, int end,
                                             KeyGroupBody body) throws IOException {
        long[] offsets = new long[end - start];
        boolean any = false;
        long size;
        try (CountingOutputStream counting = new CountingOutputStream(new BufferedOutputStream(storage.create(file), 1 << 16));
             DataOutputStream out = new DataOutputStream(counting)) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(start);
            out.writeInt(end);
            out.writeInt(columns.size());
            for (Column column : columns) {
                out.writeUTF(column.name());
                out.writeByte(column.kind().ordinal());
                out.writeLong(column.ttlMillis());
            }
            for (int g = start; g < end; g++) {
                offsets[g - start] = counting.count;
                any |= body.write(g, out);
            }
            size = counting.count;
        }
        if (!any) {
            storage.delete(file);
            return null;
        }
        return new KeyGroupsStateHandle(start, end, new StreamStateHandle(file, size), offsets);
    }

    // ---- reading ----------------------------------------------------------------------------

    /** Receives what a restore reads: first the columns, then each entry of the key groups read. */
    public interface EntryConsumer {
        void columns(List<Column> columns) throws IOException;

        /** One entry; the arrays are fresh and may be kept. */
        void entry(Column column, int keyGroup, byte[] key, byte[] value) throws IOException;
    }

    /** Reads the entries of the key groups {@code [start, end)} of {@code handle} (those it has). */
    public static void read(FileSystem storage, KeyGroupsStateHandle handle, int start, int end,
                            EntryConsumer consumer) throws IOException {
        URI file = handle.data().uri();
        try (CountingInputStream counting = new CountingInputStream(new BufferedInputStream(storage.open(file), 1 << 16));
             DataInputStream in = new DataInputStream(counting)) {
            if (in.readInt() != MAGIC) {
                throw new IOException("Not a keyed state snapshot: " + file);
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new IOException("Keyed state snapshot " + file + " has format version " + version + "; this version reads "
                        + VERSION);
            }
            int fileStart = in.readInt();
            int fileEnd = in.readInt();
            if (fileStart != handle.keyGroupStart() || fileEnd != handle.keyGroupEnd()) {
                throw new IOException("Keyed state snapshot " + file + " holds key groups [" + fileStart + ", " + fileEnd
                        + ") but its handle says [" + handle.keyGroupStart() + ", " + handle.keyGroupEnd() + ")");
            }
            int count = in.readInt();
            List<Column> columns = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                columns.add(new Column(in.readUTF(), ColumnKind.values()[in.readByte()], in.readLong()));
            }
            consumer.columns(columns);
            for (int g = Math.max(start, fileStart); g < Math.min(end, fileEnd); g++) {
                long offset = handle.keyGroupOffsets()[g - fileStart];
                if (offset < counting.count) {
                    throw new IOException("Key group offsets of " + file + " are not ascending at key group " + g);
                }
                in.skipNBytes(offset - counting.count);
                readKeyGroup(in, g, columns, consumer);
            }
        } catch (EOFException e) {
            throw new IOException("Keyed state snapshot " + file + " ends early", e);
        }
    }

    private static void readKeyGroup(DataInput in, int keyGroup, List<Column> columns, EntryConsumer consumer)
            throws IOException {
        for (int c = readVarInt(in); c != 0; c = readVarInt(in)) {
            Column column = columns.get(c - 1);
            for (int k = readVarInt(in); k != 0; k = readVarInt(in)) {
                byte[] key = new byte[k - 1];
                in.readFully(key);
                byte[] value = new byte[readVarInt(in)];
                in.readFully(value);
                consumer.entry(column, keyGroup, key, value);
            }
        }
    }

    public static void writeVarInt(DataOutput out, int value) throws IOException {
        while ((value & ~0x7F) != 0) {
            out.writeByte((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.writeByte(value);
    }

    public static int readVarInt(DataInput in) throws IOException {
        int value = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = in.readByte();
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
    }

    // ---- timers -----------------------------------------------------------------------------

    /** The entry key of a timer in a snapshot (no key group): timestamp (sign bit flipped) · key · namespace. */
    public static byte[] timerKey(long timestamp, byte[] key, byte[] namespace) {
        byte[] bytes = new byte[8 + key.length + namespace.length];
        long t = timestamp ^ Long.MIN_VALUE;
        for (int i = 0; i < 8; i++) {
            bytes[i] = (byte) (t >>> (56 - 8 * i));
        }
        System.arraycopy(key, 0, bytes, 8, key.length);
        System.arraycopy(namespace, 0, bytes, 8 + key.length, namespace.length);
        return bytes;
    }

    /** The value of a timer entry: the key's length (4 bytes, big-endian). */
    public static byte[] timerValue(int keyLength) {
        return new byte[] {(byte) (keyLength >>> 24), (byte) (keyLength >>> 16), (byte) (keyLength >>> 8), (byte) keyLength};
    }

    /** Decodes a snapshot timer entry of key group {@code keyGroup}. */
    public static TimerQueue.TimerEntry timerEntry(int keyGroup, byte[] entryKey, byte[] value) {
        int keyLength = ((value[0] & 0xFF) << 24) | ((value[1] & 0xFF) << 16) | ((value[2] & 0xFF) << 8) | (value[3] & 0xFF);
        long t = 0;
        for (int i = 0; i < 8; i++) {
            t = (t << 8) | (entryKey[i] & 0xFF);
        }
        byte[] key = java.util.Arrays.copyOfRange(entryKey, 8, 8 + keyLength);
        byte[] namespace = java.util.Arrays.copyOfRange(entryKey, 8 + keyLength, entryKey.length);
        return new TimerQueue.TimerEntry(t ^ Long.MIN_VALUE, keyGroup, key, namespace);
    }

    private static final class CountingOutputStream extends FilterOutputStream {
        long count;

        CountingOutputStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }

    private static final class CountingInputStream extends FilterInputStream {
        long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = in.skip(n);
            count += skipped;
            return skipped;
        }
    }
}
