package dev.runnel.shell.fake;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** A cluster whose jobs end when a test says so. Thread-safe. */
public final class FakeCluster implements ClusterClient {
    private final Map<JobId, JobInfo> jobs = new LinkedHashMap<>();
    private final Map<JobId, CompletableFuture<JobInfo>> terminations = new LinkedHashMap<>();
    private final List<JobId> cancelled = new ArrayList<>();
    private boolean closed;

    /** Registers a RUNNING job, as a submitted INSERT would. */
    public synchronized JobId addRunningJob(String id, String name) {
        JobId jobId = new JobId(id);
        jobs.put(jobId, info(jobId, name, JobStatus.RUNNING, null));
        terminations.put(jobId, new CompletableFuture<>());
        return jobId;
    }

    /** Ends a job with {@code status} (and {@code cause} when FAILED). */
    public void finish(JobId id, JobStatus status, String cause) {
        JobInfo end;
        synchronized (this) {
            end = info(id, jobs.get(id).name(), status, cause);
            jobs.put(id, end);
        }
        terminations.get(id).complete(end);
    }

    public synchronized boolean isTerminated(JobId id) {
        return jobs.get(id).status().isTerminal();
    }

    public synchronized List<JobId> cancelled() {
        return List.copyOf(cancelled);
    }

    public synchronized boolean closed() {
        return closed;
    }

    private static JobInfo info(JobId id, String name, JobStatus status, String cause) {
        return new JobInfo(id, name, status, Instant.EPOCH, status.isTerminal() ? Instant.EPOCH : null, 0, 0, cause);
    }

    @Override
    public JobId submitJob(JobGraph jobGraph) {
        throw new UnsupportedOperationException("the fake session submits no graphs");
    }

    @Override
    public void cancelJob(JobId jobId) {
        synchronized (this) {
            cancelled.add(jobId);
        }
        if (!isTerminated(jobId)) {
            finish(jobId, JobStatus.CANCELED, null);
        }
    }

    @Override
    public synchronized JobInfo getJob(JobId jobId) {
        JobInfo job = jobs.get(jobId);
        if (job == null) {
            throw new IllegalArgumentException("Unknown job " + jobId);
        }
        return job;
    }

    @Override
    public synchronized List<JobInfo> listJobs() {
        return List.copyOf(jobs.values());
    }

    @Override
    public synchronized CompletableFuture<JobInfo> jobTermination(JobId jobId) {
        return terminations.get(jobId);
    }

    @Override
    public ResultChunk fetchResults(JobId jobId, int maxRows, Duration timeout) {
        throw new UnsupportedOperationException("fake queries fetch through FakeQuery");
    }

    @Override
    public synchronized void close() {
        closed = true;
    }
}
