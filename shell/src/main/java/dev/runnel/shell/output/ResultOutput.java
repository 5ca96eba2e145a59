package dev.runnel.shell.output;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.QueryResult;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.shell.engine.ShellSettings;
import dev.runnel.shell.render.ChangelogTable;
import dev.runnel.shell.render.ResultPrinter;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Where script mode prints what statements produce, in an {@link OutputFormat}. Results
 * (tables, query rows, {@code HELP}) are always printed; informational lines ({@code [INFO] …},
 * {@code Job submitted: id}) only without {@code --quiet}. Not thread-safe.
 */
public final class ResultOutput {
    /** How long one fetch of a query's rows waits before checking whether the script is being stopped. */
    private static final Duration FETCH_TIMEOUT = Duration.ofMillis(100);

    private final PrintWriter out;
    private final OutputFormat format;
    private final boolean quiet;

    /**
     * @param quiet leave out informational lines, so that {@code out} holds only results
     */
    public ResultOutput(PrintWriter out, OutputFormat format, boolean quiet) {
        this.out = out;
        this.format = format;
        this.quiet = quiet;
    }

    /** An output that prints nothing: init files ({@code -i}) show only their errors. */
    public static ResultOutput silent() {
        return new ResultOutput(new PrintWriter(OutputStream.nullOutputStream()), OutputFormat.TABLE, true);
    }

    /** {@code [INFO] text}, unless quiet. */
    public void info(String text) {
        if (!quiet) {
            out.println("[INFO] " + text);
            out.flush();
        }
    }

    /** Text asked for, such as {@code HELP}'s: printed even when quiet. */
    public void text(String text) {
        out.println(text);
        out.flush();
    }

    /** Writes what the statement printed so far. */
    public void flush() {
        out.flush();
    }

    /**
     * Prints {@code result}. A query's rows are fetched and printed until its end or until
     * {@code stop} turns true, which cancels the query's job. In the formats for programs a
     * query prints its rows, its final table or its changelog, as {@link ResultForm} decides.
     *
     * @param session the session's settings, which say the time zone and the result mode
     * @return false if the query was cancelled, else true
     * @throws dev.runnel.planner.session.SqlExecutionException when the query's job fails
     */
    public boolean print(StatementResult result, Configuration session, BooleanSupplier stop) {
        if (result instanceof StatementResult.Message message) {
            info(message.text());
            return true;
        }
        if (result instanceof StatementResult.JobSubmitted job) {
            if (!quiet) {
                out.println("Job submitted: " + job.jobId());
                out.flush();
            }
            return true;
        }
        ZoneId zone = ShellSettings.zone(session);
        RowFormat rows = format.rows();
        if (rows == null) {
            return new ResultPrinter(out, zone, ShellSettings.resultMode(session, false), null).print(result, stop);
        }
        if (result instanceof StatementResult.Table table) {
            printTable(rows, table.columns(), table.rows(), zone);
            out.flush();
            return true;
        }
        QueryResult query = (QueryResult) result;
        return printQuery(query, ResultForm.of(query, ShellSettings.changelogRequested(session)), rows, zone, stop);
    }

    /*
     * Rows and changes are printed as they arrive; a final table only once the query ended, so
     * that a query that fails or is stopped leaves no partial table that looks like a result.
     */
    private boolean printQuery(QueryResult query, ResultForm form, RowFormat rows, ZoneId zone, BooleanSupplier stop) {
        List<ColumnInfo> columns = query.columns();
        ChangelogTable table = form == ResultForm.FINAL_TABLE ? ChangelogTable.appendingUpdates() : null;
        if (table == null) {
            rows.start(out, columns, form.changelog());
        }
        while (true) {
            if (stop.getAsBoolean()) {
                query.cancel();
                out.flush();
                return false;
            }
            ResultChunk chunk = query.fetch(FETCH_TIMEOUT);
            for (Row row : chunk.rows()) {
                if (table != null) {
                    table.apply(row);
                } else {
                    rows.row(out, columns, form.changelog(), row, zone);
                }
            }
            if (chunk.endOfResult()) {
                if (table != null) {
                    printTable(rows, columns, table.rows(), zone);
                }
                out.flush();
                return true;
            }
            out.flush();
        }
    }

    private void printTable(RowFormat rows, List<ColumnInfo> columns, List<Row> table, ZoneId zone) {
        rows.start(out, columns, false);
        for (Row row : table) {
            rows.row(out, columns, false, row, zone);
        }
    }
}
