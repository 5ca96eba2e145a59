package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.fs.FileSystem;
import java.net.URI;

/**
 * Where one operator subtask writes its part of checkpoint {@code checkpointId}.
 *
 * @param exclusiveDirectory files that belong to this checkpoint only (deleted with it)
 * @param sharedDirectory files that later checkpoints may share (the job's {@code shared/}
 *                        directory); {@code null} for a savepoint, which must be self-contained
 * @param incremental whether a backend that can ({@code state.backend.incremental}) may write
 *                    only what changed since its last completed checkpoint
 */
public record SnapshotTarget(long checkpointId, FileSystem storage, URI exclusiveDirectory,
                             URI sharedDirectory, boolean incremental) {

    public boolean isSavepoint() {
        return sharedDirectory == null;
    }

    /** A file in the exclusive directory. */
    public URI exclusiveFile(String name) {
        return exclusiveDirectory.resolve(name);
    }
}
