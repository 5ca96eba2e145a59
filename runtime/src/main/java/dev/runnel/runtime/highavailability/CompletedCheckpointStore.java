package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.cluster.JobStatus;
import java.util.List;
import java.util.Optional;

/**
 * The completed checkpoints of one job that are kept ({@code state.checkpoints.num-retained}),
 * as pointers: what a restart, or a new leader, restores the job from. Thread-safe; calls block
 * until what they wrote is durable. The store deletes no checkpoint files: it returns the
 * checkpoints it drops, and their owner deletes them.
 *
 * <p>A store made for a job that a former leader ran holds, from the start, the checkpoints
 * that leader kept.
 *
 * @throws HighAvailabilityException from every method when the store cannot be reached or read
 */
public interface CompletedCheckpointStore {
    /**
     * Adds {@code checkpoint}, which is newer than every one held, then drops the oldest ones
     * beyond {@link #maxRetained()}. {@code checkpoint} is durable when this returns.
     *
     * @return the checkpoints dropped, oldest first: their files are the caller's to delete
     * @throws IllegalArgumentException when {@code checkpoint} is not newer than the latest held
     */
    List<CompletedCheckpoint> add(CompletedCheckpoint checkpoint);

    /** The newest checkpoint held, or empty. */
    Optional<CompletedCheckpoint> latest();

    /** Every checkpoint held, oldest first. */
    List<CompletedCheckpoint> all();

    /** How many checkpoints are kept: {@code state.checkpoints.num-retained}, at least 1. */
    int maxRetained();

    /**
     * The job reached {@code status} at this JobManager. When it is terminal (FINISHED, CANCELED,
     * FAILED: the job will run nowhere again) the store forgets every checkpoint and returns
     * them, for the caller to delete or retain as the job's retention says; otherwise (this
     * JobManager lost leadership or stops) the store keeps them for the next leader and returns
     * nothing.
     */
    List<CompletedCheckpoint> shutdown(JobStatus status);
}
