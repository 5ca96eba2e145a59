package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.cluster.JobStatus;

/**
 * The ids of one job's checkpoints and savepoints: each id handed out is larger than every one
 * handed out before, by this JobManager or a former leader. The first id is 1. Thread-safe.
 *
 * @throws HighAvailabilityException from every method when the counter cannot be reached
 */
public interface CheckpointIdCounter {
    /** The next id, which from now on is taken. */
    long getAndIncrement();

    /** The id {@link #getAndIncrement()} would hand out next. */
    long get();

    /**
     * Makes {@code next} the next id, for a job that starts from a savepoint or a retained
     * checkpoint. Ids only grow: a {@code next} at or below {@link #get()} changes nothing.
     */
    void setCount(long next);

    /**
     * The job reached {@code status} at this JobManager: a terminal status (the job will run
     * nowhere again) removes the counter; any other keeps it for the next leader.
     */
    void shutdown(JobStatus status);
}
