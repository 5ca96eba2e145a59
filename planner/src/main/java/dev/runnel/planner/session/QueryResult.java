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

    /**
     * Whether every row is an insert ({@code +I}), as the plan's changelog mode {@code [I]}
     * says. An updating query (a {@code GROUP BY}, an outer join) also sends {@code -U},
     * {@code +U} and {@code -D} rows that change rows it sent before.
     */
    boolean isInsertOnly();

    /**
     * Whether every source the query reads ends by itself (files, {@code VALUES}, datagen with
     * {@code number-of-rows}), so that the result ends and an updating result has a final table.
     * An unbounded query runs until it is cancelled.
     */
    boolean isBounded();

    /** Waits up to {@code timeout} for more rows (or the end of the result). */
    ResultChunk fetch(Duration timeout);

    /** Cancels the query's job; fetching afterwards returns the end of the result. */
    void cancel();
}
