package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.QueryResult;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.data.Row;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Shows the rows of a running query (a changelog) while they arrive, in one of the shell's
 * result modes, until the query ends, fails or the user stops it. Subclasses say how rows are
 * shown; this class runs the fetch loop. Single use, on the shell's thread.
 */
abstract class QueryView {
    /** How long one fetch waits before the view redraws and checks whether the user cancelled. */
    static final Duration FETCH_TIMEOUT = Duration.ofMillis(100);
    /** Whether the user asked to stop (Ctrl-C), during {@link #show}. */
    BooleanSupplier cancelRequested = () -> false;
    /** The query shown, during {@link #show}. */
    QueryResult query;

    /**
     * Fetches and shows {@code query}'s rows until its end, or until {@code cancelRequested}
     * turns true, which cancels the query's job.
     *
     * @return false if the query was cancelled, else true
     * @throws dev.runnel.planner.session.SqlExecutionException when the query's job fails,
     *         after {@link #failed()} closed what was shown so far
     */
    final boolean show(QueryResult query, BooleanSupplier cancelRequested) {
        this.cancelRequested = cancelRequested;
        this.query = query;
        start(query.columns());
        boolean ended = false;
        try {
            while (true) {
                // the field: a view may add its own ways to stop (a Ctrl-C read as a key)
                if (this.cancelRequested.getAsBoolean()) {
                    query.cancel();
                    ended = true;
                    cancelled();
                    return false;
                }
                ResultChunk chunk = query.fetch(FETCH_TIMEOUT);
                for (Row row : chunk.rows()) {
                    row(row);
                }
                if (chunk.endOfResult()) {
                    ended = true;
                    end();
                    return true;
                }
                refresh();
            }
        } finally {
            if (!ended) {
                failed();
            }
        }
    }

    /** Before the first row: the columns of the result. */
    abstract void start(List<ColumnInfo> columns);

    /** One change, in order. */
    abstract void row(Row row);

    /** After each fetch: show what changed (the view may wait for more before redrawing). */
    abstract void refresh();

    /** The query ended and every row was shown by {@link #row}. */
    abstract void end();

    /** The user stopped the query; its job is being cancelled. */
    abstract void cancelled();

    /** The query failed; the caller reports why. */
    abstract void failed();
}
