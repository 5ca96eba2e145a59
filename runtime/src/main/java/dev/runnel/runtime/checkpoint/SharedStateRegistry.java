package dev.runnel.runtime.checkpoint;

import java.util.Collection;

/**
 * Counts which retained checkpoints use each shared file (incremental RocksDB SST files) and
 * deletes a file when none does. Files outside the job's own directory (those of a savepoint or
 * another job's retained checkpoint that this job started from) are never deleted.
 *
 * <p>Used by the JobMaster's checkpoint coordinator thread only.
 */
public interface SharedStateRegistry {

    /** Checkpoint {@code checkpointId} completed and uses {@code files}. */
    void register(long checkpointId, Collection<StreamStateHandle> files);

    /** Checkpoint {@code checkpointId} was discarded (subsumed or aborted): delete what no one uses now. */
    void release(long checkpointId);

    /**
     * A checkpoint that never completed (aborted, or acknowledged after it was aborted) uploaded
     * {@code files}: deletes those that no registered checkpoint uses and that lie in the job's
     * directory. The default keeps them (until the job's directory is deleted).
     */
    default void discardUnregistered(Collection<StreamStateHandle> files) {
    }
}
