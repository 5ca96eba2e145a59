package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import java.util.Objects;

/**
 * That a job ended globally: it will not run again, on this leader or the next.
 *
 * @param jobId the job
 * @param status its terminal status: FINISHED, CANCELED or FAILED
 * @param endTime when it ended, in epoch milliseconds
 */
public record JobResultEntry(JobId jobId, JobStatus status, long endTime) {
    public JobResultEntry {
        Objects.requireNonNull(jobId, "jobId");
        if (!status.isTerminal()) {
            throw new IllegalArgumentException("A job result has a terminal status, was " + status);
        }
    }
}
