package dev.runnel.runtime.checkpoint;

/**
 * The asynchronous part of a keyed state snapshot: writes what the synchronous part captured.
 * Runs on a snapshot thread while the task goes on processing (and changing state), so it must
 * not read the live state.
 */
@FunctionalInterface
public interface SnapshotTask {
    /** Writes the snapshot; returns its handle, or {@code null} when the state is empty. */
    KeyedStateHandle write() throws Exception;
}
