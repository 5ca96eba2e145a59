package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.ResultChunk;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * A query whose rows a job's collect sink sends back; fetched through the {@link ClusterClient}.
 * A query whose result is complete after a known number of rows ({@code LIMIT n} over an
 * insert-only input) ends once it has them, cancelling its job: over an unbounded source the job
 * would otherwise run on without ever emitting another row (Flink's client keeps waiting).
 */
final class JobQueryResult implements QueryResult {
    /** Rows fetched per call at most, so a fast query does not build one huge chunk. */
    static final int MAX_ROWS_PER_FETCH = 1_000;

    private final ClusterClient cluster;
    private final JobId jobId;
    private final List<ColumnInfo> columns;
    private final boolean insertOnly;
    private final boolean bounded;
    private final long rowLimit;
    private long received;
    private boolean ended;

    /**
     * @param insertOnly whether the result holds only INSERT rows (its plan's changelog mode)
     * @param bounded whether the result ends on its own (every source of its plan is bounded)
     * @param rowLimit the number of rows after which the result is complete, or -1 when unknown
     */
    JobQueryResult(ClusterClient cluster, JobId jobId, List<ColumnInfo> columns, boolean insertOnly, boolean bounded,
            long rowLimit) {
        this.cluster = cluster;
        this.jobId = jobId;
        this.columns = List.copyOf(columns);
        this.insertOnly = insertOnly;
        this.bounded = bounded;
        this.rowLimit = rowLimit;
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
            return chunk;
        }
        received += chunk.rows().size();
        if (rowLimit >= 0 && received >= rowLimit) {
            cancel();
            return new ResultChunk(chunk.rows(), true);
        }
        return chunk;
    }

    @Override
    public void cancel() {
        if (ended) {
            return;
        }
        ended = true;
        if (!cluster.getJob(jobId).status().isTerminal()) {
            try {
                cluster.cancelJob(jobId);
            } catch (RuntimeException e) {
                // The job ended on its own meanwhile: nothing is left to cancel.
                if (!cluster.getJob(jobId).status().isTerminal()) {
                    throw e;
                }
            }
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
