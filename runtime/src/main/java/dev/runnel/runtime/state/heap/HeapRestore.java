package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.checkpoint.IncrementalKeyedStateHandle;
import dev.runnel.runtime.checkpoint.KeyGroupsStateHandle;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.backend.AbstractState;
import dev.runnel.runtime.state.backend.ByteArrayDataInput;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.Column;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The restored entries of a heap backend, read from the snapshots when the backend is created
 * (only the key groups it owns) and kept as bytes until the operator declares each state,
 * because only the declaration brings the serializers that turn them into objects. Entries of
 * states the operator never declares go into the next snapshot as they are.
 */
final class HeapRestore {
    /** A restored entry in the snapshot layout. */
    record Entry(int keyGroup, byte[] key, byte[] value) {
    }

    private final Map<String, Column> columns = new LinkedHashMap<>();
    private final Map<String, List<Entry>> entries = new HashMap<>();
    private final String operatorName;
    private final ByteArrayDataInput in = new ByteArrayDataInput();

    private HeapRestore(String operatorName) {
        this.operatorName = operatorName;
    }

    static HeapRestore read(List<KeyedStateHandle> handles, int keyGroupStart, int keyGroupEnd, String operatorName) {
        HeapRestore restore = new HeapRestore(operatorName);
        for (KeyedStateHandle handle : handles) {
            if (handle instanceof IncrementalKeyedStateHandle) {
                throw new IllegalStateException("Operator '" + operatorName + "' cannot restore an incremental RocksDB "
                        + "checkpoint on the hashmap backend: restoring a RocksDB checkpoint on another backend is not "
                        + "supported yet (a savepoint works on both)");
            }
            KeyGroupsStateHandle full = (KeyGroupsStateHandle) handle;
            try {
                KeyGroupsSnapshotFormat.read(FileSystems.forUri(full.data().uri()), full, keyGroupStart, keyGroupEnd,
                        restore.consumer());
            } catch (IOException e) {
                throw new UncheckedIOException("Operator '" + operatorName + "' could not restore its keyed state from "
                        + full.data().uri(), e);
            }
        }
        return restore;
    }

    private KeyGroupsSnapshotFormat.EntryConsumer consumer() {
        return new KeyGroupsSnapshotFormat.EntryConsumer() {
            @Override
            public void columns(List<Column> read) {
                for (Column column : read) {
                    Column before = columns.putIfAbsent(column.name(), column);
                    if (before != null && !before.equals(column)) {
                        throw new IllegalStateException("The snapshots of operator '" + operatorName + "' disagree on "
                                + column.name() + ": " + before + " and " + column);
                    }
                }
            }

            @Override
            public void entry(Column column, int keyGroup, byte[] key, byte[] value) {
                entries.computeIfAbsent(column.name(), c -> new ArrayList<>()).add(new Entry(keyGroup, key, value));
            }
        };
    }

    /** The restored entries of states not declared yet, by column. */
    Map<Column, List<Entry>> undeclared() {
        Map<Column, List<Entry>> result = new LinkedHashMap<>();
        columns.forEach((name, column) -> {
            List<Entry> list = entries.get(name);
            if (list != null) {
                result.put(column, list);
            }
        });
        return result;
    }

    /** Moves the restored entries of {@code table}'s state into it (once, when the state is declared). */
    @SuppressWarnings("unchecked")
    void restoreTable(HeapStateTable table, TypeSerializer<Row> keySerializer) throws IOException {
        Column declared = table.column();
        List<Entry> list = entries.remove(declared.name());
        if (list == null) {
            return;
        }
        KeyGroupsSnapshotFormat.checkCompatible(columns.get(declared.name()), declared.kind(), declared.ttlMillis(),
                operatorName);
        TypeSerializer<Object> values = (TypeSerializer<Object>) table.descriptor.valueSerializer();
        TypeSerializer<Object> namespaces = (TypeSerializer<Object>) table.descriptor.namespaceSerializer();
        boolean ttl = table.ttlMillis > 0;
        for (Entry entry : list) {
            byte[] raw = entry.key();
            int keyEnd = length(keySerializer, raw, 0);
            int nsEnd = table.kind == HeapStateTable.Kind.MAP ? keyEnd + length(namespaces, raw, keyEnd) : raw.length;
            byte[] key = Arrays.copyOfRange(raw, 0, keyEnd);
            byte[] ns = Arrays.copyOfRange(raw, keyEnd, nsEnd);
            StateKey stateKey = new StateKey(key, ns, StateKey.hash(AbstractState.hash(key, key.length),
                    AbstractState.hash(ns, ns.length)));
            CopyOnWriteStateMap group = table.group(entry.keyGroup());
            byte[] v = entry.value();
            switch (table.kind) {
                case VALUE -> group.put(stateKey, readValue(values, v, 0, v.length, ttl));
                case LIST -> {
                    List<Object> elements = new ArrayList<>();
                    int pos = 0;
                    while (pos < v.length) {
                        in.reset(v, pos, v.length - pos);
                        int len = KeyGroupsSnapshotFormat.readVarInt(in);
                        pos = in.position();
                        elements.add(readValue(values, v, pos, len, ttl));
                        pos += len;
                    }
                    group.put(stateKey, elements);
                }
                case MAP -> {
                    var map = (TreeMap<byte[], HeapStateTable.MapCell>) group.get(stateKey);
                    if (map == null) {
                        map = HeapMapState.newMap();
                        group.put(stateKey, map);
                    }
                    byte[] userKey = Arrays.copyOfRange(raw, nsEnd, raw.length);
                    Object k = AbstractState.deserialize(table.descriptor.userKeySerializer(), in.reset(userKey));
                    in.reset(v);
                    long writeTime = ttl ? in.readLong() : 0;
                    map.put(userKey, new HeapStateTable.MapCell(k, AbstractState.deserialize(values, in), writeTime));
                }
            }
        }
    }

    /** Moves the restored timers of the queue {@code column} into {@code queue}. */
    void restoreTimers(String column, HeapTimerQueue queue) {
        List<Entry> list = entries.remove(column);
        if (list == null) {
            return;
        }
        for (Entry entry : list) {
            queue.add(KeyGroupsSnapshotFormat.timerEntry(entry.keyGroup(), entry.key(), entry.value()));
        }
    }

    /** A value or list element as the heap stores it: the value, or the value {@link HeapStateTable.Stamped} under a TTL. */
    private Object readValue(TypeSerializer<Object> serializer, byte[] bytes, int offset, int length, boolean ttl)
            throws IOException {
        in.reset(bytes, offset, length);
        if (!ttl) {
            return AbstractState.deserialize(serializer, in);
        }
        long writeTime = in.readLong();
        return new HeapStateTable.Stamped(AbstractState.deserialize(serializer, in), writeTime);
    }

    private int length(TypeSerializer<?> serializer, byte[] bytes, int offset) {
        AbstractState.deserialize(serializer, in.reset(bytes, offset, bytes.length - offset));
        return in.position() - offset;
    }
}
