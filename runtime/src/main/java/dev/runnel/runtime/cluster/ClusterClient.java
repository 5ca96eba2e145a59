package dev.runnel.runtime.cluster;

import dev.runnel.runtime.jobgraph.JobGraph;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * How a client (the SQL session, the shell, the JDBC gateway) talks to a JobManager. The
 * embedded cluster and, later, the remote cluster implement it; callers cannot tell which.
 * Thread-safe.
 */
public interface ClusterClient extends AutoCloseable {

    /** Submits a job; returns once the JobManager accepted it (it then schedules it). */
    JobId submitJob(JobGraph jobGraph);

    /** Cancels a job; a job that already ended is left as it is. Unknown ids throw. */
    void cancelJob(JobId jobId);

    /** The current state of one job. Unknown ids throw {@link IllegalArgumentException}. */
    JobInfo getJob(JobId jobId);

    /** Every job this JobManager knows, oldest first. */
    List<JobInfo> listJobs();

    /** Completes with the job's final state once it is FINISHED, CANCELED or FAILED. */
    CompletableFuture<JobInfo> jobTermination(JobId jobId);

    /**
     * Fetches rows that the job's collect sink produced since the last fetch, waiting up to
     * {@code timeout} for at least one row or the end of the result. A FAILED job makes this
     * throw with the job's failure cause.
     */
    ResultChunk fetchResults(JobId jobId, int maxRows, Duration timeout);

    @Override
    void close();
}
