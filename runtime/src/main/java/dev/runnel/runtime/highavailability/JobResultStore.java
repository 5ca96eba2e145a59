package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.cluster.JobId;
import java.util.List;
import java.util.Optional;

/**
 * The jobs of a cluster that ended globally, so that a new leader does not run them again.
 * Thread-safe; calls block until what they wrote is durable.
 *
 * <p>When a job ends, the leader first {@linkplain #put records} its result and only then
 * removes its job graph and checkpoint pointers: a leader that dies in between leaves a job
 * graph whose result is here, which the next leader cleans up rather than reruns.
 *
 * @throws HighAvailabilityException from every method when the store cannot be reached or read
 */
public interface JobResultStore {
    /** Records that a job ended; durable when this returns. Recording the same job again replaces the entry. */
    void put(JobResultEntry result);

    /** The recorded end of {@code jobId}, or empty when it has not ended (or is unknown). */
    Optional<JobResultEntry> get(JobId jobId);

    /** Whether {@code jobId} ended globally. */
    default boolean hasEnded(JobId jobId) {
        return get(jobId).isPresent();
    }

    /** Every recorded result, in no particular order. */
    List<JobResultEntry> all();
}
