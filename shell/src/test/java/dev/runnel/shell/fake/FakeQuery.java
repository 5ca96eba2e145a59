package dev.runnel.shell.fake;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.QueryResult;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.data.Row;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A query whose chunks a test queues: {@link #bounded} hands out fixed rows then ends,
 * {@link #unbounded} hands out its rows and then waits for more until cancelled. It says it is
 * insert-only unless made {@link #updating()}, as a plan with an aggregate would.
 */
public final class FakeQuery implements QueryResult {
    private final JobId jobId;
    private final List<ColumnInfo> columns;
    private final LinkedBlockingQueue<Object> chunks = new LinkedBlockingQueue<>();
    private final boolean bounded;
    private boolean insertOnly = true;
    private volatile boolean cancelled;

    private FakeQuery(JobId jobId, List<ColumnInfo> columns, boolean bounded) {
        this.jobId = jobId;
        this.columns = List.copyOf(columns);
        this.bounded = bounded;
    }

    /** This query as one whose plan updates ({@code -U}, {@code +U}, {@code -D} rows). */
    public FakeQuery updating() {
        insertOnly = false;
        return this;
    }

    /** A query that returns {@code rows} in chunks of {@code chunkSize}, then ends. */
    public static FakeQuery bounded(List<ColumnInfo> columns, List<Row> rows, int chunkSize) {
        FakeQuery query = new FakeQuery(new JobId("0000000000000000000000000000000q"), columns, true);
        for (int i = 0; i < rows.size(); i += chunkSize) {
            query.chunks.add(new ResultChunk(new ArrayList<>(rows.subList(i, Math.min(rows.size(), i + chunkSize))), false));
        }
        query.chunks.add(new ResultChunk(List.of(), true));
        return query;
    }

    /** A query that returns {@code rows} and then nothing more until it is cancelled. */
    public static FakeQuery unbounded(List<ColumnInfo> columns, List<Row> rows) {
        FakeQuery query = new FakeQuery(new JobId("0000000000000000000000000000000u"), columns, false);
        query.chunks.add(new ResultChunk(List.copyOf(rows), false));
        return query;
    }

    /** A query that returns {@code rows} and then fails with {@code message}. */
    public static FakeQuery failing(List<ColumnInfo> columns, List<Row> rows, String message) {
        FakeQuery query = new FakeQuery(new JobId("0000000000000000000000000000000f"), columns, true);
        query.chunks.add(new ResultChunk(List.copyOf(rows), false));
        query.chunks.add(new SqlExecutionException(message));
        return query;
    }

    /** A query that returns nothing until a test {@link #push}es rows or {@link #finish}es it. */
    public static FakeQuery pushed(List<ColumnInfo> columns) {
        return new FakeQuery(new JobId("0000000000000000000000000000000p"), columns, false);
    }

    /** Like {@link #pushed}, but a query over bounded input: it ends when the test {@link #finish}es it. */
    public static FakeQuery pushedBounded(List<ColumnInfo> columns) {
        return new FakeQuery(new JobId("0000000000000000000000000000000b"), columns, true);
    }

    /** How many chunks wait to be fetched. */
    public int pendingChunks() {
        return chunks.size();
    }

    /** Hands out {@code rows} as the next chunk. */
    public void push(List<Row> rows) {
        chunks.add(new ResultChunk(List.copyOf(rows), false));
    }

    /** Ends the result after the chunks pushed so far. */
    public void finish() {
        chunks.add(new ResultChunk(List.of(), true));
    }

    public boolean cancelled() {
        return cancelled;
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
        if (cancelled) {
            return new ResultChunk(List.of(), true);
        }
        try {
            Object next = chunks.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (next instanceof RuntimeException e) {
                throw e;
            }
            return next == null ? new ResultChunk(List.of(), false) : (ResultChunk) next;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ResultChunk(List.of(), false);
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
    }
}
