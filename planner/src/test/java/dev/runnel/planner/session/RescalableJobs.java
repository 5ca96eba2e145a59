package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobScaling;
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

/**
 * A cluster of jobs a test puts there, which rescales a job by recording the request and setting
 * its target (as the JobManager does until the rescale is done), or fails as a test says. Runs no
 * jobs: {@link #submitJob} and {@link #fetchResults} throw. Thread-safe.
 */
final class RescalableJobs implements ClusterClient {
    /** A rescale that was asked for. */
    record Request(JobId jobId, int parallelism) {
    }

    private final Map<JobId, JobInfo> jobs = new LinkedHashMap<>();
    private final List<Request> requests = new ArrayList<>();
    private RuntimeException failure;

    /** Adds a job in {@code status} at {@code scaling}; returns its id. */
    synchronized JobId add(String id, JobStatus status, JobScaling scaling) {
        JobId jobId = new JobId(id);
        jobs.put(jobId, new JobInfo(jobId, "insert-into_sink", status, Instant.parse("2026-12-07T13:00:00Z"),
                status.isTerminal() ? Instant.parse("2026-12-07T13:05:00Z") : null, 0, 0, null, Map.of(), null, null,
                List.of(), null, null, scaling));
        return jobId;
    }

    /** From now on every rescale fails with {@code e}, as the JobManager's refusal would. */
    synchronized void failRescales(RuntimeException e) {
        failure = e;
    }

    synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    @Override
    public synchronized CompletableFuture<Void> rescaleJob(JobId jobId, int parallelism) {
        if (failure != null) {
            return CompletableFuture.failedFuture(failure);
        }
        JobInfo job = getJob(jobId);
        requests.add(new Request(jobId, parallelism));
        JobScaling s = job.scaling();
        jobs.put(jobId, new JobInfo(job.id(), job.name(), job.status(), job.startTime(), job.endTime(), 0, 0, null,
                Map.of(), null, null, List.of(), null, null,
                new JobScaling(s.parallelism(), parallelism, s.reactive(), s.rescales())));
        return CompletableFuture.completedFuture(null);
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
    public void cancelJob(JobId jobId) {
        throw new UnsupportedOperationException("not in this test");
    }

    @Override
    public JobId submitJob(JobGraph jobGraph) {
        throw new UnsupportedOperationException("not in this test");
    }

    @Override
    public CompletableFuture<JobInfo> jobTermination(JobId jobId) {
        return new CompletableFuture<>();
    }

    @Override
    public ResultChunk fetchResults(JobId jobId, int maxRows, Duration timeout) {
        throw new UnsupportedOperationException("not in this test");
    }

    @Override
    public void close() {
    }
}
