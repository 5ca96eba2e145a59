package dev.runnel.shell.bench;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link ClusterClient} that calls {@code onFirstSubmission} just before the first job is
 * submitted, so that a benchmark's clock starts at submission (after planning) however the
 * session gets there. Everything else goes to the wrapped client; closing does not close it.
 */
final class TimedClusterClient implements ClusterClient {
    private final ClusterClient delegate;
    private final Runnable onFirstSubmission;
    private boolean submitted;

    TimedClusterClient(ClusterClient delegate, Runnable onFirstSubmission) {
        this.delegate = delegate;
        this.onFirstSubmission = onFirstSubmission;
    }

    @Override
    public synchronized JobId submitJob(JobGraph jobGraph) {
        if (!submitted) {
            submitted = true;
            onFirstSubmission.run();
        }
        return delegate.submitJob(jobGraph);
    }

    @Override
    public void cancelJob(JobId jobId) {
        delegate.cancelJob(jobId);
    }

    @Override
    public JobInfo getJob(JobId jobId) {
        return delegate.getJob(jobId);
    }

    @Override
    public List<JobInfo> listJobs() {
        return delegate.listJobs();
    }

    @Override
    public CompletableFuture<JobInfo> jobTermination(JobId jobId) {
        return delegate.jobTermination(jobId);
    }

    @Override
    public ResultChunk fetchResults(JobId jobId, int maxRows, Duration timeout) {
        return delegate.fetchResults(jobId, maxRows, timeout);
    }

    @Override
    public CompletableFuture<String> triggerSavepoint(JobId jobId, String targetDirectory) {
        return delegate.triggerSavepoint(jobId, targetDirectory);
    }

    @Override
    public CompletableFuture<String> stopWithSavepoint(JobId jobId, String targetDirectory, boolean drain) {
        return delegate.stopWithSavepoint(jobId, targetDirectory, drain);
    }

    @Override
    public CompletableFuture<Void> rescaleJob(JobId jobId, int parallelism) {
        return delegate.rescaleJob(jobId, parallelism);
    }

    @Override
    public void close() {
        // The benchmark closes the cluster itself, after the session.
    }
}
