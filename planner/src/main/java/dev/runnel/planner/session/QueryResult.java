package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.ResultChunk;
import java.time.Duration;
import java.util.List;

/**
 * A {@code SELECT} running as a job whose rows stream back to the client. Rows carry their
 * {@link dev.runnel.runtime.data.RowKind} (a changelog). The caller fetches until
 * {@link ResultChunk#endOfResult()} or calls {@link #cancel()}. Fetching from a failed job
 * throws {@link SqlExecutionException} with the job's failure.
 */
public non-sealed interface QueryResult extends StatementResult {
    JobId jobId();

    List<ColumnInfo> columns();

    /** Waits up to {@code timeout} for more rows (or the end of the result). */
    ResultChunk fetch(Duration timeout);

    /** Cancels the query's job; fetching afterwards returns the end of the result. */
    void cancel();
}
