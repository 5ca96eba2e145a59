package dev.runnel.runtime.rest;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.ClusterOverview;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.config.Configuration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the REST endpoint asks of the cluster it serves. The methods it shares with
 * {@link dev.runnel.runtime.cluster.ClusterClient} mean the same; unknown job ids throw
 * {@link IllegalArgumentException}. Called from the endpoint's own threads: thread-safe.
 */
public interface RestGateway {

    /** Every job the cluster knows, oldest first. */
    List<JobInfo> listJobs();

    JobInfo getJob(JobId jobId);

    void cancelJob(JobId jobId);

    /** The configuration the job was submitted with (its checkpoint settings among them). */
    Configuration jobConfiguration(JobId jobId);

    /** The TaskManagers registered now, with their slots. */
    List<TaskManagerInfo> registeredTaskManagers();

    /** The JobManagers (leader and standbys) and TaskManagers, for {@code /cluster}; by default the TaskManagers. */
    default ClusterOverview overview() {
        return new ClusterOverview(List.of(), registeredTaskManagers());
    }

    /** Completes with the savepoint's directory. */
    CompletableFuture<String> triggerSavepoint(JobId jobId, String targetDirectory);

    /** Completes with the savepoint's directory once the job stopped. */
    CompletableFuture<String> stopWithSavepoint(JobId jobId, String targetDirectory, boolean drain);

    /**
     * Rescales the job as {@link ClusterClient#rescaleJob} does: completes once the rescale is under way.
     *
     * <p>Named apart from {@code rescaleJob} because that has a default of its own, and a class
     * implementing both interfaces (the embedded cluster) would inherit two defaults of one
     * signature. This default delegates to it when the gateway is also the cluster's client, and
     * fails otherwise.
     */
    default CompletableFuture<Void> rescale(JobId jobId, int parallelism) {
        if (this instanceof ClusterClient client) {
            return client.rescaleJob(jobId, parallelism);
        }
        return CompletableFuture.failedFuture(new UnsupportedOperationException(
                "Rescaling a job is not supported by this REST endpoint's cluster"));
    }
}
