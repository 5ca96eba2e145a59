package dev.runnel.runtime.state;

import dev.runnel.runtime.checkpoint.SnapshotTarget;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.KeyGroups;

/**
 * The keyed state and timers of one operator subtask. Every state entry belongs to a key (a
 * row of the operator's key fields) and lives in the key's key group
 * ({@link KeyGroups#keyGroupFor}), which is in this subtask's {@link #keyGroupRange()}.
 * Two implementations: RocksDB (the default, state on local disk) and heap ("hashmap").
 *
 * <p>Created by {@link dev.runnel.runtime.operators.OperatorContext#keyedStateBackend} in an
 * operator's {@code open}, used only from the task's thread, and closed by the task after the
 * operator closed (also on failure and cancellation), which frees native resources and deletes
 * the local files.
 */
public interface KeyedStateBackend extends AutoCloseable {
    /** Scopes all following state accesses and timer registrations to {@code key} (not copied: do not mutate it). */
    void setCurrentKey(Row key);

    Row currentKey();

    /** The key group of the current key. */
    int currentKeyGroup();

    /** The key groups this subtask owns, as {@code [start, end)}. */
    int keyGroupStart();

    int keyGroupEnd();

    <N, V> ValueState<N, V> valueState(StateDescriptor<N, ?, V> descriptor);

    <N, V> ListState<N, V> listState(StateDescriptor<N, ?, V> descriptor);

    <N, K, V> MapState<N, K, V> mapState(StateDescriptor<N, K, V> descriptor);

    /** The timer service named {@code name} (unique within the operator) delivering to {@code target}. */
    <N> TimerService<N> timerService(String name, TypeSerializer<N> namespaceSerializer, Triggerable<N> target);

    /**
     * Fires every event-time timer with a timestamp at or before {@code watermark}, in timestamp
     * order (timers registered while firing included), then remembers the watermark.
     */
    void advanceWatermark(long watermark) throws Exception;

    /** The last watermark passed to {@link #advanceWatermark} or {@link #restoreWatermark}; {@link Long#MIN_VALUE} before the first. */
    long currentWatermark();

    /**
     * Sets the watermark a restored operator had reached at its checkpoint, without firing timers
     * (those at or before it fired before the checkpoint); see
     * {@link dev.runnel.runtime.operators.CheckpointedWatermark}.
     */
    void restoreWatermark(long watermark);

    /**
     * Calls {@code action} once per key that has an entry in {@code state} under {@code namespace},
     * with that key set as current key (for operators that must visit all keys, such as flushing
     * at end of input).
     */
    <N> void forEachKey(State<N> state, N namespace, KeyAction action) throws Exception;

    @FunctionalInterface
    interface KeyAction {
        void accept(Row key) throws Exception;
    }

    /**
     * Runs {@code writes}, whose state changes the backend may apply together when it returns
     * (RocksDB: one write batch, one log record, instead of a write per change). Inside,
     * {@code writes} must not read state it changed there: a read need not see the change yet.
     * For the phase of an operator's batch that only writes, such as a join appending a batch's
     * rows to its own side. Nested calls run in the outermost. If {@code writes} throws, which of
     * its changes were made is undefined (the task fails, and restores its state).
     */
    default void writeTogether(Writes writes) throws Exception {
        writes.run();
    }

    @FunctionalInterface
    interface Writes {
        void run() throws Exception;
    }

    /**
     * The synchronous part of a snapshot for a checkpoint or savepoint: called on the task's
     * thread between records, it captures a consistent view of all state and timers of this
     * backend and returns the asynchronous part, which writes it under {@code target} on a
     * snapshot thread while the task goes on processing and changing state.
     */
    default SnapshotTask snapshot(SnapshotTarget target) throws Exception {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot take snapshots yet");
    }

    /** Checkpoint {@code checkpointId} completed: an incremental backend may build on it from now on. */
    default void notifyCheckpointComplete(long checkpointId) {
    }

    /** Checkpoint {@code checkpointId} was aborted: whatever it wrote is not a base for increments. */
    default void notifyCheckpointAborted(long checkpointId) {
    }

    /** Frees native resources and deletes local state files; idempotent. */
    @Override
    void close();
}
