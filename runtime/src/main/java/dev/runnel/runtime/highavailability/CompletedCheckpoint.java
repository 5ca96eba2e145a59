package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.cluster.JobId;
import java.net.URI;
import java.util.Objects;

/**
 * A pointer to a completed checkpoint: what a new leader needs to restore a job from it. The
 * checkpoint itself (its {@code _metadata} and the tasks' files) lives in checkpoint storage.
 *
 * @param jobId the job the checkpoint belongs to
 * @param checkpointId its id, unique and increasing within the job
 * @param timestamp when it was triggered, in epoch milliseconds
 * @param metadataFile its {@code _metadata} file, as {@link dev.runnel.runtime.checkpoint.CheckpointLocation#metadataFile()} gives it
 */
public record CompletedCheckpoint(JobId jobId, long checkpointId, long timestamp, URI metadataFile) {
    public CompletedCheckpoint {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(metadataFile, "metadataFile");
        if (checkpointId < 1) {
            throw new IllegalArgumentException("A checkpoint id is positive, was " + checkpointId);
        }
    }

    /** The checkpoint's directory ({@code chk-<n>/}), ending in a slash. */
    public URI directory() {
        return metadataFile.resolve(".");
    }
}
