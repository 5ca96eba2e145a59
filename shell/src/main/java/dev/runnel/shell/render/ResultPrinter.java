package dev.runnel.shell.render;

import dev.runnel.planner.session.QueryResult;
import dev.runnel.planner.session.StatementResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.ZoneId;
import java.util.function.BooleanSupplier;
import org.jline.terminal.Terminal;

/**
 * Prints what a statement produced, in the form both the REPL and script mode use:
 * {@code [INFO] text} for messages, a table for finite results (an {@code EXPLAIN} as plain
 * text; a report such as {@code SHOW JOBS} fitted to the terminal's width by a
 * {@link ReportPrinter}), {@code Job submitted: id} for jobs, and queries in their
 * {@link ResultMode}. Expanded display ({@code \x}) shows finite results and queries alike as
 * record blocks. Not thread-safe.
 */
public final class ResultPrinter {
    private final PrintWriter out;
    private final TableauPrinter tables;
    private final ResultMode mode;
    private final Terminal terminal;
    private final boolean expanded;
    private final ZoneId zone;
    private final Pager pager;

    /** A printer that prints queries in {@code tableau} mode. */
    public ResultPrinter(PrintWriter out, ZoneId zone) {
        this(out, zone, ResultMode.TABLEAU, null);
    }

    /**
     * @param mode how queries are shown
     * @param terminal the terminal {@code out} writes to, for the modes that redraw in place;
     *                 {@code null} when {@code out} is not a terminal
     */
    public ResultPrinter(PrintWriter out, ZoneId zone, ResultMode mode, Terminal terminal) {
        this(out, zone, mode, terminal, false);
    }

    /** @param expanded print results as one block per row ({@code \x}), see {@link ExpandedPrinter} */
    public ResultPrinter(PrintWriter out, ZoneId zone, ResultMode mode, Terminal terminal, boolean expanded) {
        this(out, zone, mode, terminal, expanded, null);
    }

    /** @param pager where tables taller than the screen go ({@link Pager}); null to print them */
    public ResultPrinter(PrintWriter out, ZoneId zone, ResultMode mode, Terminal terminal, boolean expanded,
                         Pager pager) {
        this.pager = pager;
        this.zone = zone;
        this.out = out;
        this.tables = new TableauPrinter(out, zone);
        this.mode = mode;
        this.terminal = terminal;
        this.expanded = expanded;
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
        if (pager != null && result instanceof StatementResult.Table) {
            StringWriter text = new StringWriter();
            PrintWriter buffer = new PrintWriter(text);
            new ResultPrinter(buffer, zone, mode, terminal, expanded).print(result, cancelRequested);
            buffer.flush();
            if (!pager.tooTall(text.toString()) || !pager.show(text.toString())) {
                out.print(text);
                out.flush();
            }
            return true;
        }
        if (result instanceof StatementResult.Message message) {
            out.println("[INFO] " + message.text());
            out.flush();
        } else if (result instanceof StatementResult.Table table && isPlainText(table)) {
            String text = (String) table.rows().get(0).fields()[0];
            out.print(text.endsWith("\n") ? text : text + "\n");
            out.flush();
        } else if (result instanceof StatementResult.Table table && expanded) {
            new ExpandedPrinter(out, tables).print(table.columns(), table.rows());
        } else if (result instanceof StatementResult.Table table && table.isReport()) {
            int width = terminal != null && terminal.getWidth() > 0 ? terminal.getWidth() : Integer.MAX_VALUE;
            new ReportPrinter(out, tables, width).print(table);
        } else if (result instanceof StatementResult.Table table) {
            tables.printTable(table.columns(), table.rows());
        } else if (result instanceof StatementResult.JobSubmitted job) {
            out.println("Job submitted: " + job.jobId());
            out.flush();
        } else if (result instanceof QueryResult query) {
            return mode.view(out, tables, terminal, System::nanoTime, expanded).show(query, cancelRequested);
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
}
