package dev.runnel.runtime.cluster;

import dev.runnel.runtime.jobgraph.JobGraph;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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

    /**
     * Takes a savepoint of a running job without stopping it, into {@code targetDirectory}
     * ({@code null}: {@code state.savepoints.dir}); completes with the savepoint's directory,
     * which {@code execution.savepoint.path} accepts. Fails when the job is not running or
     * the savepoint cannot be completed.
     */
    default CompletableFuture<String> triggerSavepoint(JobId jobId, String targetDirectory) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("Savepoints are not supported yet"));
    }

    /**
     * Takes a savepoint and stops the job (Flink's stop-with-savepoint): the sources stop after
     * the savepoint's barrier, and with {@code drain} they first advance event time to the end,
     * so that windows fire. Completes with the savepoint's directory once the job ended
     * (FINISHED).
     */
    default CompletableFuture<String> stopWithSavepoint(JobId jobId, String targetDirectory, boolean drain) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("Savepoints are not supported yet"));
    }

    /**
     * Rescales a running job by hand ({@code ALTER JOB '<id>' SET ('parallelism' = 'N')}, REST
     * {@code PATCH /jobs/:id/resource-requirements}): the job takes a checkpoint, stops, and
     * resumes at {@code parallelism} from it, its keyed state redistributed by key groups and its
     * source splits by the enumerators. Only the vertices that follow the job's parallelism change
     * (see {@link JobScaling}). Completes once the rescale is under way; {@link JobInfo#scaling()}
     * says when it is done. A reactive job keeps the new parallelism as its upper bound.
     *
     * <p>Fails when the job is not running, or {@code parallelism} is below 1 or above
     * {@code pipeline.max-parallelism}.
     */
    default CompletableFuture<Void> rescaleJob(JobId jobId, int parallelism) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("Rescaling a job is not supported here"));
    }

    @Override
    void close();

    /**
     * The cluster's JobManagers and TaskManagers ({@code SHOW CLUSTER}). The default, for a
     * cluster that cannot say, names none.
     */
    default ClusterOverview overview() {
        return new ClusterOverview(List.of(), List.of());
    }

    /**
     * The catalog this cluster keeps for the sessions attached to it (see {@link CatalogDocument}),
     * or empty when it keeps none: an embedded cluster, whose sessions keep their own, and a
     * JobManager without {@code jobmanager.catalog.dir} or high availability.
     */
    default Optional<CatalogDocument> readCatalog() {
        return Optional.empty();
    }

    /**
     * Replaces the cluster's catalog with {@code contents} if its version is still
     * {@code expectedVersion} (compare-and-set: a session that read an older version reads again
     * and retries).
     *
     * @return whether it was replaced
     * @throws UnsupportedOperationException when {@link #readCatalog()} is empty
     */
    default boolean writeCatalog(String expectedVersion, byte[] contents) {
        throw new UnsupportedOperationException("This cluster keeps no catalog for its sessions");
    }
}
