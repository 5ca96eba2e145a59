package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import java.io.Serializable;
import java.net.URI;

/**
 * Where the tasks write their part of one checkpoint or savepoint: every operator subtask gets
 * its own directory under {@code directory} (so files of different subtasks never collide),
 * and shares {@code sharedDirectory} with the other checkpoints of the job.
 *
 * @param directory the checkpoint's directory, {@code chk-<n>/} or {@code savepoint-…/}
 * @param sharedDirectory the job's {@code shared/} directory; {@code null} for a savepoint,
 *                        which must not depend on files of other checkpoints
 * @param incremental whether backends that can may write only what changed
 */
public record CheckpointLocation(URI directory, URI sharedDirectory, boolean incremental) implements Serializable {

    public CheckpointLocation {
        directory = asDirectory(directory);
        sharedDirectory = sharedDirectory == null ? null : asDirectory(sharedDirectory);
    }

    /** {@code uri} ending in a slash, so that names resolve inside it. */
    private static URI asDirectory(URI uri) {
        String text = uri.toString();
        return text.endsWith("/") ? uri : URI.create(text + "/");
    }

    public boolean isSavepoint() {
        return sharedDirectory == null;
    }

    /** The target of operator {@code operatorId}'s subtask {@code subtask}. */
    public SnapshotTarget targetFor(long checkpointId, String operatorId, int subtask) {
        return targetFor(checkpointId, operatorId, subtask, FileSystems.forUri(directory));
    }

    /** The target of operator {@code operatorId}'s subtask {@code subtask}, written through {@code storage}. */
    SnapshotTarget targetFor(long checkpointId, String operatorId, int subtask, FileSystem storage) {
        URI exclusive = directory.resolve(operatorId + "-" + subtask + "/");
        return new SnapshotTarget(checkpointId, storage, exclusive, sharedDirectory, incremental && !isSavepoint());
    }

    /** The checkpoint's metadata file. */
    public URI metadataFile() {
        return directory.resolve(CheckpointMetadata.FILE_NAME);
    }
}
