package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.checkpoint.SnapshotTarget;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.state.ListState;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.backend.AbstractKeyedStateBackend;
import dev.runnel.runtime.state.backend.AbstractState;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat;
import dev.runnel.runtime.state.backend.TimerQueue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongPredicate;

/**
 * The "hashmap" backend: state as Java objects on the heap, one {@link HeapStateTable} per
 * declared state, organised by key group. For small state. Snapshots are full
 * ({@link HeapSnapshotStrategy}) and copy-on-write: the synchronous part copies bucket arrays,
 * not entries; a restore reads the owned key groups of every handle ({@link HeapRestore}) and
 * fills each state's table when the operator declares it.
 */
public final class HeapKeyedStateBackend extends AbstractKeyedStateBackend {
    private final Map<String, HeapStateTable> tables = new LinkedHashMap<>();
    private final SnapshotVersions versions = new SnapshotVersions();
    /**
     * Checkpoint ids of snapshot tasks that have not started, by their version: a task that never
     * runs (its checkpoint aborted or subsumed first) must end its version, or every write would
     * go on copying what it shared.
     */
    private final Map<Integer, Long> unclaimed = new ConcurrentHashMap<>();
    /** Timer queues by snapshot column name ({@code timers/<service>/event|processing}). */
    private final Map<String, HeapTimerQueue> timerQueues = new LinkedHashMap<>();
    private final HeapRestore restored;

    public HeapKeyedStateBackend(KeyedStateBackends.Parameters parameters) {
        super(parameters);
        this.restored = HeapRestore.read(parameters.restoredState(), keyGroupStart(), keyGroupEnd(),
                parameters.operatorName());
    }

    private HeapStateTable table(StateDescriptor<?, ?, ?> descriptor, HeapStateTable.Kind kind) {
        HeapStateTable table = tables.get(descriptor.name());
        if (table == null) {
            table = new HeapStateTable(kind, descriptor, keyGroupStart(), keyGroupEnd(), versions);
            try {
                restored.restoreTable(table, keySerializer);
            } catch (IOException e) {
                throw new UncheckedIOException("Could not restore state '" + descriptor.name() + "' of operator '"
                        + parameters.operatorName() + "'", e);
            }
            tables.put(descriptor.name(), table);
        }
        return table;
    }

    @Override
    protected <N, V> ValueState<N, V> createValueState(StateDescriptor<N, ?, V> descriptor) {
        return new HeapValueState<>(descriptor, this, table(descriptor, HeapStateTable.Kind.VALUE));
    }

    @Override
    protected <N, V> ListState<N, V> createListState(StateDescriptor<N, ?, V> descriptor) {
        return new HeapListState<>(descriptor, this, table(descriptor, HeapStateTable.Kind.LIST));
    }

    @Override
    protected <N, K, V> MapState<N, K, V> createMapState(StateDescriptor<N, K, V> descriptor) {
        return new HeapMapState<>(descriptor, this, table(descriptor, HeapStateTable.Kind.MAP));
    }

    @Override
    protected TimerQueue createTimerQueue(String serviceName, boolean eventTime) {
        HeapTimerQueue queue = new HeapTimerQueue();
        String column = KeyGroupsSnapshotFormat.timerColumn(serviceName, eventTime);
        restored.restoreTimers(column, queue);
        timerQueues.put(column, queue);
        return queue;
    }

    @Override
    protected void forEachKeyBytes(AbstractState<?, ?, ?> state, byte[] namespace, KeyBytesAction action) throws Exception {
        HeapStateTable table = tables.get(state.name());
        long now = now();
        // Collected first: the action may add or remove entries.
        List<StateKey> keys = new ArrayList<>();
        List<Integer> groups = new ArrayList<>();
        for (int i = 0; i < table.keyGroupCount(); i++) {
            int group = table.keyGroupStart() + i;
            table.group(group).forEach((key, value) -> {
                if (key.hasNamespace(namespace) && table.live(value, now)) {
                    keys.add(key);
                    groups.add(group);
                }
            });
        }
        for (int i = 0; i < keys.size(); i++) {
            StateKey key = keys.get(i);
            action.accept(groups.get(i), key.key(), 0, key.keyLength());
        }
    }

    @Override
    protected void cleanUpExpired(long now) {
        for (HeapStateTable table : tables.values()) {
            if (table.ttlMillis > 0) {
                table.cleanUpExpired(now);
            }
        }
    }

    @Override
    public long storedEntries(String stateName) {
        HeapStateTable table = tables.get(stateName);
        return table == null ? 0 : table.storedEntries();
    }

    /** The number of pending timers of all services and both time domains, for tests. */
    public int pendingTimers() {
        return timerQueues.values().stream().mapToInt(HeapTimerQueue::size).sum();
    }

    @Override
    public SnapshotTask snapshot(SnapshotTarget target) {
        checkOpen();
        int version = versions.begin();
        SnapshotTask write = HeapSnapshotStrategy.snapshot(target, keyGroupStart(), keyGroupEnd(), tables, timerQueues,
                restored);
        unclaimed.put(version, target.checkpointId());
        return () -> {
            if (unclaimed.remove(version) == null) {
                throw new IOException("Checkpoint " + target.checkpointId() + " of operator '"
                        + parameters.operatorName() + "' was aborted or subsumed before its snapshot was written");
            }
            try {
                return write.write();
            } finally {
                versions.end(version);
            }
        };
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        dropUnclaimed(id -> id < checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) {
        dropUnclaimed(id -> id == checkpointId);
    }

    /** Ends the versions of the tasks not started of the checkpoints {@code which} picks; a task claims its own first. */
    private void dropUnclaimed(LongPredicate which) {
        for (Map.Entry<Integer, Long> task : List.copyOf(unclaimed.entrySet())) {
            if (which.test(task.getValue()) && unclaimed.remove(task.getKey()) != null) {
                versions.end(task.getKey());
            }
        }
    }

    @Override
    protected void closeStorage() {
        tables.clear();
        timerQueues.clear();
    }

    // Package access to the current key for the states.

    byte[] currentKeyBytes() {
        return keyBytes();
    }

    int currentKeyLength() {
        return keyLength();
    }

    int currentKeyHash() {
        return keyHash();
    }

    byte[] currentKeyCopy() {
        return keyCopy();
    }
}
