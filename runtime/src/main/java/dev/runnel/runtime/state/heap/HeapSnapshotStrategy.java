package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.checkpoint.SnapshotTarget;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.backend.AbstractState;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.Column;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.KeyGroupWriter;
import dev.runnel.runtime.state.backend.TimerQueue;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Snapshots of the heap backend. The synchronous part copies no entry: it takes each key group's
 * {@link CopyOnWriteStateMap.Snapshot} (a copy of its bucket array) after
 * {@link SnapshotVersions#begin}, from which on the task copies an entry, or a list or map
 * container, before it changes one the snapshot shares. Stored values are copies the backend
 * owns and replaces on write, and stamps, map cells and timers are immutable, so what the
 * snapshot reaches stays as it was. The asynchronous part serializes it into one
 * {@link KeyGroupsSnapshotFormat} file (stateless serializers may run on any thread). Timers and
 * restored entries of states not declared yet are copied (they are few, or are there once).
 */
final class HeapSnapshotStrategy {
    /** A state's entries as the synchronous part saw them, one map snapshot per key group. */
    private record TableCopy(HeapStateTable.Kind kind, TypeSerializer<Object> values, boolean ttl,
                             List<CopyOnWriteStateMap.Snapshot> groups) {
    }

    private final int keyGroupStart;
    private final List<Column> columns = new ArrayList<>();
    /** Per column: a {@link TableCopy}, or per key group the restored entries or timers in snapshot layout. */
    private final List<Object> contents = new ArrayList<>();
    private final ByteArrayDataOutput entryKey = new ByteArrayDataOutput(64);
    private final ByteArrayDataOutput entryValue = new ByteArrayDataOutput(256);
    private final ByteArrayDataOutput element = new ByteArrayDataOutput(64);

    private HeapSnapshotStrategy(int keyGroupStart) {
        this.keyGroupStart = keyGroupStart;
    }

    /**
     * The synchronous part: copies the tables, the timers and the restored entries of states not
     * declared (yet), and returns the task that writes them under {@code target}.
     */
    static SnapshotTask snapshot(SnapshotTarget target, int keyGroupStart, int keyGroupEnd,
                                 Map<String, HeapStateTable> tables, Map<String, HeapTimerQueue> timers,
                                 HeapRestore restored) {
        HeapSnapshotStrategy s = new HeapSnapshotStrategy(keyGroupStart);
        int groups = keyGroupEnd - keyGroupStart;
        for (HeapStateTable table : tables.values()) {
            s.columns.add(table.column());
            s.contents.add(copy(table));
        }
        for (Map.Entry<String, HeapTimerQueue> e : timers.entrySet()) {
            List<List<HeapRestore.Entry>> byGroup = emptyGroups(groups);
            for (TimerQueue.TimerEntry timer : e.getValue().entries()) {
                byte[] key = KeyGroupsSnapshotFormat.timerKey(timer.timestamp(), timer.key(), timer.namespace());
                byGroup.get(timer.keyGroup() - keyGroupStart).add(new HeapRestore.Entry(timer.keyGroup(), key,
                        KeyGroupsSnapshotFormat.timerValue(timer.key().length)));
            }
            s.columns.add(new Column(e.getKey(), KeyGroupsSnapshotFormat.ColumnKind.TIMER, 0));
            s.contents.add(byGroup);
        }
        for (Map.Entry<Column, List<HeapRestore.Entry>> e : restored.undeclared().entrySet()) {
            List<List<HeapRestore.Entry>> byGroup = emptyGroups(groups);
            for (HeapRestore.Entry entry : e.getValue()) {
                byGroup.get(entry.keyGroup() - keyGroupStart).add(entry);
            }
            s.columns.add(e.getKey());
            s.contents.add(byGroup);
        }
        return () -> s.write(target, keyGroupEnd);
    }

    private static List<List<HeapRestore.Entry>> emptyGroups(int groups) {
        List<List<HeapRestore.Entry>> byGroup = new ArrayList<>(groups);
        for (int i = 0; i < groups; i++) {
            byGroup.add(new ArrayList<>(0));
        }
        return byGroup;
    }

    @SuppressWarnings("unchecked")
    private static TableCopy copy(HeapStateTable table) {
        List<CopyOnWriteStateMap.Snapshot> groups = new ArrayList<>(table.keyGroupCount());
        for (int i = 0; i < table.keyGroupCount(); i++) {
            groups.add(table.group(table.keyGroupStart() + i).snapshot());
        }
        return new TableCopy(table.kind, (TypeSerializer<Object>) table.descriptor.valueSerializer(), table.ttlMillis > 0,
                groups);
    }

    /** The asynchronous part. */
    private KeyedStateHandle write(SnapshotTarget target, int keyGroupEnd) throws IOException {
        return KeyGroupsSnapshotFormat.write(target.storage(), target.exclusiveFile("keyed-" + UUID.randomUUID()),
                columns, keyGroupStart, keyGroupEnd, this::writeKeyGroup);
    }

    @SuppressWarnings("unchecked")
    private boolean writeKeyGroup(int keyGroup, DataOutput out) throws IOException {
        KeyGroupWriter writer = new KeyGroupWriter(out);
        int i = keyGroup - keyGroupStart;
        for (int c = 0; c < columns.size(); c++) {
            if (contents.get(c) instanceof TableCopy table) {
                writeTable(writer, c, table, table.groups().get(i));
            } else {
                for (HeapRestore.Entry entry : ((List<List<HeapRestore.Entry>>) contents.get(c)).get(i)) {
                    writer.entry(c, entry.key(), 0, entry.key().length, entry.value(), 0, entry.value().length);
                }
            }
        }
        boolean any = writer.wroteEntries();
        writer.finish();
        return any;
    }

    private void writeTable(KeyGroupWriter writer, int column, TableCopy table, CopyOnWriteStateMap.Snapshot group)
            throws IOException {
        for (CopyOnWriteStateMap.Entry head : group.buckets()) {
            for (CopyOnWriteStateMap.Entry e = head; e != null; e = e.next) {
                writeEntry(writer, column, table, e);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void writeEntry(KeyGroupWriter writer, int column, TableCopy table, CopyOnWriteStateMap.Entry e)
            throws IOException {
        StateKey k = e.key();
        entryKey.clear();
        entryKey.write(k.key(), 0, k.keyLength());
        entryKey.write(k.namespace(), 0, k.namespaceLength());
        switch (table.kind()) {
            case VALUE -> {
                entryValue.clear();
                writeValue(entryValue, table.values(), e.value(), table.ttl());
                writer.entry(column, entryKey.buffer(), 0, entryKey.length(), entryValue.buffer(), 0, entryValue.length());
            }
            case LIST -> {
                entryValue.clear();
                for (Object stored : (List<Object>) e.value()) {
                    element.clear();
                    writeValue(element, table.values(), stored, table.ttl());
                    KeyGroupsSnapshotFormat.writeVarInt(entryValue, element.length());
                    entryValue.write(element.buffer(), 0, element.length());
                }
                writer.entry(column, entryKey.buffer(), 0, entryKey.length(), entryValue.buffer(), 0, entryValue.length());
            }
            case MAP -> {
                int prefix = entryKey.length();
                var map = (TreeMap<byte[], HeapStateTable.MapCell>) e.value();
                for (Map.Entry<byte[], HeapStateTable.MapCell> cell : map.entrySet()) {
                    entryKey.truncate(prefix);
                    entryKey.write(cell.getKey());
                    entryValue.clear();
                    if (table.ttl()) {
                        entryValue.writeLong(cell.getValue().writeTime());
                    }
                    AbstractState.serialize(table.values(), cell.getValue().value(), entryValue);
                    writer.entry(column, entryKey.buffer(), 0, entryKey.length(), entryValue.buffer(), 0,
                            entryValue.length());
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
