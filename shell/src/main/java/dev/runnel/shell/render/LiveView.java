package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.data.Row;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.Display;

/**
 * The {@code table} and {@code changelog} result modes on a terminal that can redraw: a table
 * redrawn in place (with JLine's {@link Display}) below the statement, and under it a status
 * line with the rows received, the rate, the elapsed time and how to stop. In {@code table}
 * mode the table is the current result: the changelog applied by a {@link ChangelogTable}, so
 * an update changes its row where it stands and a delete removes it. In {@code changelog} mode
 * it holds the latest changes with their kind in an {@code op} column.
 *
 * <p>The {@code table} view follows the newest rows, as Flink's table view does, until the
 * person scrolls back (PgUp, Up, Home); End follows again. Columns get the width of their
 * widest value shown so far; a table wider than the screen is squeezed, then scrolls
 * sideways (Left, Right) rather than shrink its columns to nothing ({@link ColumnWindow}).
 * Under {@code \x} each row is a block of {@code column | value} lines whose values are
 * shown whole. While the query's job restarts after failures, a line above the status says
 * how often and why. When the query ends or is stopped, the last frame stays on screen with the
 * final status; a finished {@code table} larger than the screen still pages until {@code q},
 * Enter or Ctrl-C, unless a key other than a paging one ended paging before.
 */
final class LiveView extends QueryView {
    /** The least time between two redraws, so that a fast query does not spend itself drawing. */
    static final long REDRAW_INTERVAL_NANOS = 100_000_000L;
    /** How often the job's state (its restarts and failures) is asked for. */
    private static final long JOB_POLL_NANOS = 500_000_000L;
    /** The header (3 lines), the closing border and the status line. */
    private static final int FRAME_LINES = 5;
    /** Marks a value cut to fit its column. */
    static final String TRUNCATED = Cells.ELLIPSIS;

    private final Terminal terminal;
    private final TableauPrinter tables;
    private final boolean materialize;
    private final boolean expanded;
    private final LongSupplier nanoClock;
    private final ChangelogTable table = new ChangelogTable();
    private final ArrayDeque<Row> latest = new ArrayDeque<>();
    private Display display;
    private List<ColumnInfo> columns;
    /** The header: the columns' names, after {@code op} in changelog mode. */
    private String[] names;
    /** The widest each column was shown so far (or its type's width): only grows, so that columns do not jump. */
    private int[] natural;
    /** 1 for the {@code op} column of changelog mode, which is always shown. */
    private int fixed;
    private int screenColumns;
    private int screenRows;
    private long received;
    private long startedAt;
    private long drawnAt;
    /** When the query ended, for the elapsed time while the finished table pages; -1 before. */
    private long endedAt = -1;
    /** Whether the finished table pages until q or Enter. */
    private boolean paging;
    /** Whether {@code table} mode shows the newest rows; false once the person scrolled back. */
    private boolean following = true;
    /** The first row shown in {@code table} mode. */
    private int firstRow;
    /** How many rows the last frame showed. */
    private int shownRows;
    /** The first column shown after the fixed ones, when the table scrolls sideways. */
    private int firstColumn;
    private ColumnWindow window;
    private PagingKeys keys;
    private JobInfo job;
    /** Whether a Ctrl-C came as a key rather than as SIGINT: it stops the query all the same. */
    private boolean interruptTyped;
    private long jobPolledAt;

    /**
     * @param materialize {@code table} mode (apply the changelog) rather than {@code changelog} mode
     * @param expanded show each row as a block of {@code column | value} lines ({@code \x})
     * @param nanoClock {@link System#nanoTime}, or a fake one in tests
     */
    LiveView(Terminal terminal, TableauPrinter tables, boolean materialize, boolean expanded, LongSupplier nanoClock) {
        this.terminal = terminal;
        this.tables = tables;
        this.materialize = materialize;
        this.expanded = expanded;
        this.nanoClock = nanoClock;
    }

    @Override
    void start(List<ColumnInfo> columns) {
        BooleanSupplier signalled = cancelRequested;
        cancelRequested = () -> interruptTyped || signalled.getAsBoolean();
        this.columns = columns;
        fixed = materialize ? 0 : 1;
        String[] columnNames = TableauPrinter.names(columns);
        names = new String[columnNames.length + fixed];
        natural = new int[names.length];
        if (!materialize) {
            names[0] = "op";
            natural[0] = 2;
        }
        for (int c = 0; c < columnNames.length; c++) {
            names[c + fixed] = columnNames[c];
            // Fixed-size types take their widest value; strings grow with the values shown.
            natural[c + fixed] = Math.max(Cells.width(columnNames[c]), TableauPrinter.fixedWidth(columns.get(c).type()));
        }
        Size size = terminal.getSize();
        screenRows = size.getRows() > 0 ? size.getRows() : 24;
        screenColumns = size.getColumns() > 0 ? size.getColumns() : 80;
        keys = PagingKeys.open(terminal);
        display = new Display(terminal, false);
        display.resize(screenRows, screenColumns);
        startedAt = nanoClock.getAsLong();
        draw("Ctrl-C stops.");
    }

    /** The screen lines left for rows (or records) under the frame, the job's line and a free last line. */
    private int bodyLines() {
        return Math.max(1, screenRows - FRAME_LINES - 1 - (jobLine() == null ? 0 : 1));
    }

    @Override
    void row(Row row) {
        received++;
        if (materialize) {
            table.apply(row);
        } else {
            latest.addLast(row);
            if (latest.size() > screenRows) {
                latest.removeFirst();
            }
        }
    }

    @Override
    void refresh() {
        boolean moved = !keys.closed() && move(keys.poll());
        // redrawn even without new rows, so that the elapsed time goes on
        if (moved || nanoClock.getAsLong() - drawnAt >= REDRAW_INTERVAL_NANOS) {
            draw("Ctrl-C stops.");
        }
    }

    /** Scrolls as {@code key} asks; whether anything moved. */
    private boolean move(PagingKeys.Key key) {
        switch (key) {
            case INTERRUPT -> {
                interruptTyped = true;
                return false;
            }
            case LEFT -> {
                int before = firstColumn;
                firstColumn = Math.max(fixed, window.firstScrolled(fixed) - 1);
                return window.scrolling() && firstColumn != before;
            }
            case RIGHT -> {
                if (!window.scrolling() || window.last() >= names.length - 1) {
                    return false;
                }
                firstColumn = window.firstScrolled(fixed) + 1;
                return true;
            }
            default -> {
                return materialize && scroll(key);
            }
        }
    }

    /** Moves through the rows of {@code table} mode; whether the rows shown change. */
    private boolean scroll(PagingKeys.Key key) {
        int size = table.size();
        int page = Math.max(1, shownRows);
        int lastStart = Math.max(0, size - page);
        int before = following ? -1 : firstRow;
        switch (key) {
            case NEXT, DOWN -> {
                firstRow = Math.min(lastStart, firstRow + (key == PagingKeys.Key.NEXT ? page : 1));
                following = following || firstRow >= lastStart;
            }
            case PREVIOUS, UP -> {
                firstRow = Math.max(0, firstRow - (key == PagingKeys.Key.PREVIOUS ? page : 1));
                following = false;
            }
            case FIRST -> {
                firstRow = 0;
                following = false;
            }
            case LAST -> following = true;
            default -> {
                return false;
            }
        }
        return (following ? -1 : firstRow) != before;
    }

    @Override
    void end() {
        endedAt = nanoClock.getAsLong();
        draw("Query finished.");
        if (!keys.closed() && (materialize && table.size() > shownRows || window.scrolling())) {
            pageUntilDone();
        }
        finish("Query finished.");
    }

    /** The finished table pages until q, Enter or Ctrl-C (psql's pager habit). */
    private void pageUntilDone() {
        paging = true;
        draw("Finished.");
        while (!cancelRequested.getAsBoolean()) {
            PagingKeys.Key key = keys.await(FETCH_TIMEOUT.toMillis());
            if (key == PagingKeys.Key.QUIT) {
                break;
            }
            if (move(key)) {
                draw("Finished.");
            }
        }
        paging = false;
    }

    @Override
    void cancelled() {
        finish("Query cancelled.");
    }

    @Override
    void failed() {
        finish("Query failed.");
    }

    private void finish(String state) {
        keys.close();
        draw(state);
        terminal.writer().println();
        terminal.flush();
    }

    private void draw(String state) {
        drawnAt = nanoClock.getAsLong();
        pollJob();
        List<String[]> rows = visibleRows();
        List<String> lines = expanded ? recordLines(rows) : tableLines(rows);
        String jobLine = jobLine();
        if (jobLine != null) {
            lines.add(jobLine);
        }
        lines.add(status(state));
        List<AttributedString> shown = new ArrayList<>(lines.size());
        for (String line : lines) {
            // a line wider than the screen would wrap and break the redraw
            shown.add(new AttributedString(Cells.truncate(line, screenColumns - 1, TRUNCATED)));
        }
        display.update(shown, -1);
        terminal.flush();
    }

    /** The cells of the rows that may be shown (more than fit in expanded mode), newest last. */
    private List<String[]> visibleRows() {
        int capacity = bodyLines();
        List<Row> rows;
        if (materialize) {
            int size = table.size();
            if (following || firstRow > Math.max(0, size - 1)) {
                firstRow = Math.max(0, size - capacity);
            }
            rows = table.rows(firstRow, capacity);
        } else {
            rows = new ArrayList<>(latest);
            rows = rows.subList(Math.max(0, rows.size() - capacity), rows.size());
        }
        List<String[]> cells = new ArrayList<>(rows.size());
        for (Row row : rows) {
            cells.add(cells(row));
        }
        return cells;
    }

    private List<String> tableLines(List<String[]> rows) {
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                natural[c] = Math.max(natural[c], Cells.width(row[c]));
            }
        }
        window = ColumnWindow.fit(natural, fixed, screenColumns - 1, Math.max(fixed, firstColumn));
        firstColumn = window.firstScrolled(fixed);
        List<String> lines = new ArrayList<>();
        String border = TableauPrinter.border(window.widths());
        lines.add(border);
        lines.add(TableauPrinter.line(window.widths(), pick(names)));
        lines.add(border);
        for (String[] row : rows) {
            String[] shown = pick(row);
            for (int i = 0; i < shown.length; i++) {
                shown[i] = Cells.truncate(shown[i], window.widths()[i], TRUNCATED);
            }
            lines.add(TableauPrinter.line(window.widths(), shown));
        }
        lines.add(border);
        shownRows = rows.size();
        return lines;
    }

    /** The cells of the window's columns. */
    private String[] pick(String[] row) {
        String[] picked = new String[window.columns().length];
        for (int i = 0; i < picked.length; i++) {
            picked[i] = row[window.columns()[i]];
        }
        return picked;
    }

    /*
     * \x: whole records, the newest that fit while following, else from the first row on (the
     * last may be cut at the bottom of the screen). Every column is shown, so nothing scrolls sideways.
     */
    private List<String> recordLines(List<String[]> rows) {
        window = ColumnWindow.fit(natural, natural.length, Integer.MAX_VALUE, 0);
        int capacity = bodyLines() + FRAME_LINES - 1;
        int nameWidth = ExpandedPrinter.nameWidth(names);
        int valueWidth = screenColumns - 1 - nameWidth - 3;
        long firstNumber = materialize ? firstRow + 1 : received - rows.size() + 1;
        List<List<String>> blocks = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            blocks.add(ExpandedPrinter.recordLines(Math.toIntExact(firstNumber + r), names, rows.get(r), nameWidth,
                    valueWidth));
        }
        int from = 0;
        int to = blocks.size();
        if (following || !materialize) {
            int used = 0;
            from = to;
            while (from > 0 && (from == to || used + blocks.get(from - 1).size() <= capacity)) {
                used += blocks.get(--from).size();
            }
            if (materialize) {
                firstRow += from;
            }
        }
        List<String> lines = new ArrayList<>();
        int shown = 0;
        for (int b = from; b < to && lines.size() < capacity; b++) {
            List<String> block = blocks.get(b);
            lines.addAll(block.subList(0, Math.min(block.size(), capacity - lines.size())));
            shown++;
        }
        shownRows = shown;
        return lines;
    }

    private String[] cells(Row row) {
        String[] texts = tables.texts(columns, row);
        if (materialize) {
            return texts;
        }
        String[] cells = new String[texts.length + 1];
        cells[0] = row.kind().shortString();
        System.arraycopy(texts, 0, cells, 1, texts.length);
        return cells;
    }

    private void pollJob() {
        long now = nanoClock.getAsLong();
        if (query != null && (job == null || now - jobPolledAt >= JOB_POLL_NANOS)) {
            jobPolledAt = now;
            job = query.job().orElse(job);
        }
    }

    /** {@code Job RESTARTING, 3 restarts; last failure: …} once the job failed, else null. */
    private String jobLine() {
        if (job == null || job.restarts() == 0 && job.status() != JobStatus.RESTARTING) {
            return null;
        }
        return "Job " + job.status() + ", " + job.restarts() + (job.restarts() == 1 ? " restart" : " restarts")
                + job.lastFailure().map(f -> "; last failure: " + Cells.escapeControls(f.message())).orElse("");
    }

    /** {@code Received 6 rows (120 rows/s) in 00:00:02; the table has 3 rows. Ctrl-C stops.} */
    String status(String state) {
        long elapsedNanos = Math.max(0, (endedAt >= 0 ? endedAt : nanoClock.getAsLong()) - startedAt);
        double seconds = elapsedNanos / 1e9;
        long rate = seconds > 0 ? Math.round(received / seconds) : 0;
        long totalSeconds = elapsedNanos / 1_000_000_000L;
        StringBuilder sb = new StringBuilder("Received ").append(TableauPrinter.rowsText(received))
                .append(" (").append(rate).append(" rows/s) in ")
                .append(String.format(Locale.ROOT, "%02d:%02d:%02d", totalSeconds / 3600, totalSeconds / 60 % 60,
                        totalSeconds % 60));
        boolean morePages = false;
        if (materialize) {
            sb.append("; the table has ").append(TableauPrinter.rowsText(table.size()));
            if (table.size() > shownRows) {
                morePages = true;
                int last = Math.min(table.size(), firstRow + shownRows);
                sb.append(following ? ", the last " + shownRows + " shown"
                        : firstRow == 0 ? ", the first " + last + " shown"
                        : ", rows " + (firstRow + 1) + "-" + last + " shown");
            }
        } else if (received > shownRows) {
            sb.append("; the latest ").append(shownRows).append(" shown");
        }
        if (window.scrolling()) {
            sb.append(", columns ").append(window.firstScrolled(fixed) + 1 - fixed).append('-')
                    .append(window.last() + 1 - fixed).append(" of ").append(names.length - fixed);
        }
        sb.append(hint(morePages));
        return sb.append(". ").append(state).toString();
    }

    /** The keys that do something now, short: the status line must fit the screen. */
    private String hint(boolean morePages) {
        if (keys.closed() && !paging || !morePages && !window.scrolling()) {
            return "";
        }
        List<String> hints = new ArrayList<>();
        if (morePages) {
            hints.add(paging ? "PgDn/PgUp" : following ? "PgUp: pages" : "PgUp/PgDn, End: follow");
        }
        if (window.scrolling()) {
            hints.add("Left/Right: columns");
        }
        if (paging) {
            hints.add("q: done");
        }
        return " (" + String.join(", ", hints) + ")";
    }
}
