package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.checkpoint.SnapshotTarget;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.backend.AbstractState;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.Column;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.KeyGroupWriter;
import dev.runnel.runtime.state.backend.TimerQueue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Snapshots of the heap backend. The synchronous part encodes every key group into a byte
 * array on the task's thread (so later changes cannot reach the snapshot, and the heap objects
 * need no copy-on-write); the asynchronous part only writes those bytes into one
 * {@link KeyGroupsSnapshotFormat} file.
 */
final class HeapSnapshotStrategy {
    private final int keyGroupStart;
    private final ByteArrayDataOutput[] groupBytes;
    private final KeyGroupWriter[] writers;
    private final ByteArrayDataOutput entryKey = new ByteArrayDataOutput(64);
    private final ByteArrayDataOutput entryValue = new ByteArrayDataOutput(256);
    private final ByteArrayDataOutput element = new ByteArrayDataOutput(64);
    private final List<Column> columns = new ArrayList<>();

    private HeapSnapshotStrategy(int keyGroupStart, int keyGroupEnd) {
        this.keyGroupStart = keyGroupStart;
        this.groupBytes = new ByteArrayDataOutput[keyGroupEnd - keyGroupStart];
        this.writers = new KeyGroupWriter[groupBytes.length];
    }

    /**
     * The synchronous part: encodes the tables, the timers and the restored entries of states
     * not declared (yet), and returns the task that writes them under {@code target}.
     */
    static SnapshotTask snapshot(SnapshotTarget target, String operatorName, int keyGroupStart, int keyGroupEnd,
                                 Map<String, HeapStateTable> tables, Map<String, HeapTimerQueue> timers,
                                 HeapRestore restored) {
        HeapSnapshotStrategy s = new HeapSnapshotStrategy(keyGroupStart, keyGroupEnd);
        try {
            for (HeapStateTable table : tables.values()) {
                s.encodeTable(s.column(table.column()), table);
            }
            for (Map.Entry<String, HeapTimerQueue> e : timers.entrySet()) {
                int column = s.column(new Column(e.getKey(), KeyGroupsSnapshotFormat.ColumnKind.TIMER, 0));
                for (TimerQueue.TimerEntry timer : e.getValue().entries()) {
                    byte[] key = KeyGroupsSnapshotFormat.timerKey(timer.timestamp(), timer.key(), timer.namespace());
                    byte[] value = KeyGroupsSnapshotFormat.timerValue(timer.key().length);
                    s.writer(timer.keyGroup()).entry(column, key, 0, key.length, value, 0, value.length);
                }
            }
            for (Map.Entry<Column, List<HeapRestore.Entry>> e : restored.undeclared().entrySet()) {
                int column = s.column(e.getKey());
                for (HeapRestore.Entry entry : e.getValue()) {
                    s.writer(entry.keyGroup()).entry(column, entry.key(), 0, entry.key().length, entry.value(), 0,
                            entry.value().length);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not encode the heap state of operator '" + operatorName + "'", e);
        }
        byte[][] encoded = s.finish();
        List<Column> columns = List.copyOf(s.columns);
        return () -> KeyGroupsSnapshotFormat.write(target.storage(),
                target.exclusiveFile("keyed-" + UUID.randomUUID()), columns, keyGroupStart, keyGroupEnd,
                (group, out) -> {
                    byte[] bytes = encoded[group - keyGroupStart];
                    out.write(bytes);
                    return bytes.length > 1;
                });
    }

    private int column(Column column) {
        columns.add(column);
        return columns.size() - 1;
    }

    private KeyGroupWriter writer(int keyGroup) {
        int i = keyGroup - keyGroupStart;
        if (writers[i] == null) {
            groupBytes[i] = new ByteArrayDataOutput(256);
            writers[i] = new KeyGroupWriter(groupBytes[i]);
        }
        return writers[i];
    }

    /** Each key group's encoded body (a lone terminator for an empty one). */
    private byte[][] finish() {
        byte[][] encoded = new byte[groupBytes.length][];
        try {
            for (int i = 0; i < encoded.length; i++) {
                if (writers[i] == null) {
                    encoded[i] = new byte[] {0};
                } else {
                    writers[i].finish();
                    encoded[i] = groupBytes[i].toByteArray();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return encoded;
    }

    @SuppressWarnings("unchecked")
    private void encodeTable(int column, HeapStateTable table) throws IOException {
        TypeSerializer<Object> values = (TypeSerializer<Object>) table.descriptor.valueSerializer();
        boolean ttl = table.ttlMillis > 0;
        for (int i = 0; i < table.keyGroupCount(); i++) {
            int group = table.keyGroupStart() + i;
            for (Map.Entry<StateKey, Object> e : table.group(group).entrySet()) {
                StateKey k = e.getKey();
                entryKey.clear();
                entryKey.write(k.key(), 0, k.keyLength());
                entryKey.write(k.namespace(), 0, k.namespaceLength());
                switch (table.kind) {
                    case VALUE -> {
                        entryValue.clear();
                        writeValue(entryValue, values, e.getValue(), ttl);
                        writer(group).entry(column, entryKey.buffer(), 0, entryKey.length(), entryValue.buffer(), 0,
                                entryValue.length());
                    }
                    case LIST -> {
                        entryValue.clear();
                        for (Object stored : (List<Object>) e.getValue()) {
                            element.clear();
                            writeValue(element, values, stored, ttl);
                            KeyGroupsSnapshotFormat.writeVarInt(entryValue, element.length());
                            entryValue.write(element.buffer(), 0, element.length());
                        }
                        writer(group).entry(column, entryKey.buffer(), 0, entryKey.length(), entryValue.buffer(), 0,
                                entryValue.length());
                    }
                    case MAP -> {
                        int prefix = entryKey.length();
                        var map = (TreeMap<byte[], HeapStateTable.MapCell>) e.getValue();
                        for (Map.Entry<byte[], HeapStateTable.MapCell> cell : map.entrySet()) {
                            entryKey.truncate(prefix);
                            entryKey.write(cell.getKey());
                            entryValue.clear();
                            if (ttl) {
                                entryValue.writeLong(cell.getValue().writeTime());
                            }
                            AbstractState.serialize(values, cell.getValue().value(), entryValue);
                            writer(group).entry(column, entryKey.buffer(), 0, entryKey.length(), entryValue.buffer(), 0,
                                    entryValue.length());
                        }
                    }
                }
            }
        }
    }

    /** A value or list element as RocksDB lays it out: [write time] · value. */
    private static void writeValue(ByteArrayDataOutput out, TypeSerializer<Object> serializer, Object stored, boolean ttl) {
        if (ttl) {
            HeapStateTable.Stamped s = (HeapStateTable.Stamped) stored;
            out.writeLong(s.writeTime());
            AbstractState.serialize(serializer, s.value(), out);
        } else {
            AbstractState.serialize(serializer, stored, out);
        }
    }
}
