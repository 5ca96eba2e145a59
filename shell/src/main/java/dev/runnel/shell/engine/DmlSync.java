package dev.runnel.shell.engine;

import dev.runnel.planner.session.SessionOptions;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.config.Configuration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * {@code SET 'table.dml-sync' = 'true'} (Flink's key): an {@code INSERT} or statement set waits
 * for its job to end before the next statement runs, and a job that fails fails its statement.
 * Script mode calls {@link #await} after each submitted job; the REPL may do the same.
 */
public final class DmlSync {
    /** Flink's words once a synchronous INSERT is done. */
    public static final String FINISHED_MESSAGE = "Complete execution of the SQL update statement.";

    private static final long POLL_MILLIS = 100;

    private DmlSync() {
    }

    /** Whether the session waits for INSERT jobs. */
    public static boolean enabled(Configuration session) {
        try {
            return session.get(SessionOptions.DML_SYNC);
        } catch (RuntimeException malformed) {
            return false;
        }
    }

    /**
     * Waits for {@code job} to end.
     *
     * @param cancelRequested polled while waiting; once true the job is cancelled
     * @return true when the job finished, false when it was cancelled through {@code cancelRequested}
     * @throws SqlExecutionException when the job failed, or was cancelled by someone else
     *         ({@code STOP JOB}, the cluster stopping)
     */
    public static boolean await(ClusterClient cluster, StatementResult.JobSubmitted job, BooleanSupplier cancelRequested) {
        CompletableFuture<JobInfo> termination = cluster.jobTermination(job.jobId());
        JobInfo end;
        while (true) {
            if (cancelRequested.getAsBoolean()) {
                cluster.cancelJob(job.jobId());
                return false;
            }
            try {
                end = termination.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                break;
            } catch (TimeoutException stillRunning) {
                // poll the cancel flag again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SqlExecutionException("Interrupted while waiting for job " + job.jobId(), e);
            } catch (ExecutionException e) {
                throw new SqlExecutionException("Could not wait for job " + job.jobId() + ": " + e.getCause().getMessage(),
                        e.getCause());
            }
        }
        if (end.status() == JobStatus.FAILED) {
            throw new SqlExecutionException(failureText(job, end));
        }
        if (end.status() != JobStatus.FINISHED) {
            throw new SqlExecutionException("Job " + job.jobId() + " (" + job.jobName() + ") ended as " + end.status()
                    + " before it finished");
        }
        return true;
    }

    /** {@code Job <id> (<name>) failed: <cause>}, as script mode reports a failed job. */
    public static String failureText(StatementResult.JobSubmitted job, JobInfo end) {
        return "Job " + job.jobId() + " (" + job.jobName() + ") failed: " + end.failureCause();
    }
}
