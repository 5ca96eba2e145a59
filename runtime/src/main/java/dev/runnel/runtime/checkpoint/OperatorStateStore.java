package dev.runnel.runtime.checkpoint;

import java.util.List;

/**
 * An operator subtask's non-keyed state (Flink's operator list state), for state that is not
 * per key: a source's split positions, a file sink's pending files. The operator keeps the
 * lists up to date in {@code snapshotState}; the task writes them into the checkpoint. The
 * returned lists are live and mutable. Entries are opaque bytes the operator serializes itself.
 *
 * <p>Contract: lists are valid from {@code open} on; after a restore they hold the entries
 * this subtask was assigned, which {@code open} reads.
 */
public interface OperatorStateStore {

    /**
     * A list whose entries are redistributed round-robin over the subtasks when a job restores
     * with another parallelism (Flink's even-split redistribution): use one entry per split.
     */
    List<byte[]> splitList(String name);

    /** A list of which every subtask receives the union of all subtasks' entries on restore. */
    List<byte[]> unionList(String name);

    /** Whether the state was restored from a checkpoint or savepoint (else the lists start empty). */
    boolean isRestored();
}
