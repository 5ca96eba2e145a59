package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.ResultChunk;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** A query whose rows a job's collect sink sends back; fetched through the {@link ClusterClient}. */
final class JobQueryResult implements QueryResult {
    /** Rows fetched per call at most, so a fast query does not build one huge chunk. */
    static final int MAX_ROWS_PER_FETCH = 1_000;

    private final ClusterClient cluster;
    private final JobId jobId;
    private final List<ColumnInfo> columns;
    private final boolean insertOnly;
    private final boolean bounded;
    private boolean ended;
    /** Whether the job was cancelled by someone other than {@link #cancel()}. */
    private boolean cancelledElsewhere;

    JobQueryResult(ClusterClient cluster, JobId jobId, List<ColumnInfo> columns, boolean insertOnly, boolean bounded) {
        this.cluster = cluster;
        this.jobId = jobId;
        this.columns = List.copyOf(columns);
        this.insertOnly = insertOnly;
        this.bounded = bounded;
    }

    @Override
    public JobId jobId() {
        return jobId;
    }

    @Override
    public List<ColumnInfo> columns() {
        return columns;
    }

    @Override
    public boolean isInsertOnly() {
        return insertOnly;
    }

    @Override
    public boolean isBounded() {
        return bounded;
    }

    @Override
    public ResultChunk fetch(Duration timeout) {
        if (cancelledElsewhere) {
            throw cancelledElsewhere();
        }
        if (ended) {
            return new ResultChunk(List.of(), true);
        }
        ResultChunk chunk;
        try {
            chunk = cluster.fetchResults(jobId, MAX_ROWS_PER_FETCH, timeout);
        } catch (RuntimeException e) {
            ended = true;
            throw new SqlExecutionException("Query failed: " + rootMessage(e), e);
        }
        if (chunk.endOfResult()) {
            ended = true;
            if (cluster.getJob(jobId).status() == JobStatus.CANCELED) {
                // Not by cancel(), which ends the result first: someone stopped the job, and its rows are not
                // all there. The rows that came are shown; the next fetch says why no more come.
                cancelledElsewhere = true;
                if (chunk.rows().isEmpty()) {
                    throw cancelledElsewhere();
                }
                return new ResultChunk(chunk.rows(), false);
            }
        }
        return chunk;
    }

    private SqlExecutionException cancelledElsewhere() {
        return new SqlExecutionException("The query's job " + jobId + " was cancelled (by STOP JOB, the REST API or "
                + "the cluster stopping) before its result was complete");
    }

    @Override
    public Optional<JobInfo> job() {
        try {
            return Optional.of(cluster.getJob(jobId));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public void cancel() {
        if (ended) {
            return;
        }
        ended = true;
        if (!cluster.getJob(jobId).status().isTerminal()) {
            cluster.cancelJob(jobId);
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && (t.getMessage() == null || t instanceof CompletionException
                || t instanceof ExecutionException)) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.toString();
    }
}
