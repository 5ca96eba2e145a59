package dev.runnel.shell.render;

import dev.runnel.planner.session.QueryResult;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.data.Row;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.ZoneId;
import java.util.function.BooleanSupplier;

/**
 * Prints what a statement produced, in the form both the REPL and script mode use:
 * {@code [INFO] text} for messages, a table for finite results (an {@code EXPLAIN} as plain
 * text), {@code Job submitted: id}
 * for jobs, and a growing changelog table for queries. Not thread-safe.
 */
public final class ResultPrinter {
    /** How long one fetch waits before the printer checks whether the user cancelled. */
    static final Duration FETCH_TIMEOUT = Duration.ofMillis(100);

    private final PrintWriter out;
    private final TableauPrinter tables;

    public ResultPrinter(PrintWriter out, ZoneId zone) {
        this.out = out;
        this.tables = new TableauPrinter(out, zone);
    }

    /**
     * Prints {@code result}. A query's rows are fetched and printed until its end or until
     * {@code cancelRequested} turns true, which cancels the query's job.
     *
     * @return false if the query was cancelled, else true
     * @throws dev.runnel.planner.session.SqlExecutionException when the query's job fails;
     *         the table printed so far is closed first
     */
    public boolean print(StatementResult result, BooleanSupplier cancelRequested) {
        if (result instanceof StatementResult.Message message) {
            out.println("[INFO] " + message.text());
            out.flush();
        } else if (result instanceof StatementResult.Table table && isPlainText(table)) {
            String text = (String) table.rows().get(0).fields()[0];
            out.print(text.endsWith("\n") ? text : text + "\n");
            out.flush();
        } else if (result instanceof StatementResult.Table table) {
            tables.printTable(table.columns(), table.rows());
        } else if (result instanceof StatementResult.JobSubmitted job) {
            out.println("Job submitted: " + job.jobId());
            out.flush();
        } else if (result instanceof QueryResult query) {
            return stream(query, cancelRequested);
        } else {
            throw new IllegalArgumentException("Unknown result " + result);
        }
        return true;
    }

    /**
     * {@code EXPLAIN}'s result (one row, one column {@code result}) is printed as the text it
     * holds, as Flink's SQL client prints it: a plan squeezed into a table cell is unreadable.
     */
    private static boolean isPlainText(StatementResult.Table table) {
        return table.columns().size() == 1 && table.columns().get(0).name().equals("result")
                && table.rows().size() == 1 && table.rows().get(0).fields()[0] instanceof String;
    }

    private boolean stream(QueryResult query, BooleanSupplier cancelRequested) {
        TableauPrinter.Stream stream = tables.startStream(query.columns());
        boolean ended = false;
        try {
            while (true) {
                if (cancelRequested.getAsBoolean()) {
                    query.cancel();
                    stream.cancelled();
                    ended = true;
                    return false;
                }
                ResultChunk chunk = query.fetch(FETCH_TIMEOUT);
                for (Row row : chunk.rows()) {
                    stream.row(row);
                }
                stream.flush();
                if (chunk.endOfResult()) {
                    stream.end();
                    ended = true;
                    return true;
                }
            }
        } finally {
            if (!ended) {
                stream.abort();
            }
        }
    }
}
