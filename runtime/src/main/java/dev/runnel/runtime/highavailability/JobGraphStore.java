package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.util.Collection;
import java.util.Optional;

/**
 * The job graphs of the jobs a cluster has accepted and not yet ended, so that a new leader
 * can recover them. Thread-safe; calls block until what they wrote is durable.
 *
 * <p>The leader {@linkplain #putJobGraph puts} a job graph before it acknowledges the
 * submission, and {@linkplain #removeJobGraph removes} it only once the job has reached a
 * globally terminal state and its result is in the {@link JobResultStore}; a new leader lists
 * the {@linkplain #jobIds job ids} and recovers each job that has no result there.
 *
 * @throws HighAvailabilityException from every method when the store cannot be reached or read
 */
public interface JobGraphStore {
    /** Stores (or replaces) the job graph of {@code jobId}; durable when this returns. */
    void putJobGraph(JobId jobId, JobGraph jobGraph);

    /** Forgets the job graph of {@code jobId} and deletes what held it; an unknown job is not an error. */
    void removeJobGraph(JobId jobId);

    /** The ids of the stored job graphs, in no particular order. */
    Collection<JobId> jobIds();

    /** The stored job graph of {@code jobId}, or empty when there is none. */
    Optional<JobGraph> recoverJobGraph(JobId jobId);
}
