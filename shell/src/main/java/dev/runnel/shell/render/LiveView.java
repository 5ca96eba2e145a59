package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * it holds the latest changes with their kind in an {@code op} column. What does not fit the
 * screen is left out and said so. When the query ends or is stopped, the last frame stays on
 * screen with the final status. A finished {@code table} larger than the screen still pages until
 * {@code q}, Enter or Ctrl-C, unless a key other than a paging one ended paging before.
 */
final class LiveView extends QueryView {
    /** The least time between two redraws, so that a fast query does not spend itself drawing. */
    static final long REDRAW_INTERVAL_NANOS = 100_000_000L;
    /** The header (3 lines), the closing border and the status line. */
    private static final int FRAME_LINES = 5;
    /** Marks a value cut to fit its column. */
    static final String TRUNCATED = "…";
    /** The narrowest a column gets when the table is squeezed to the screen's width. */
    private static final int MIN_COLUMN_WIDTH = 5;

    private final Terminal terminal;
    private final TableauPrinter tables;
    private final boolean materialize;
    private final LongSupplier nanoClock;
    private final ChangelogTable table = new ChangelogTable();
    private final ArrayDeque<Row> latest = new ArrayDeque<>();
    private Display display;
    private List<ColumnInfo> columns;
    private int[] widths;
    private int screenColumns;
    private int bodyRows;
    private long received;
    private long startedAt;
    private long drawnAt;
    /** When the query ended, for the elapsed time while the finished table pages; -1 before. */
    private long endedAt = -1;
    /** Whether the finished table pages until q or Enter. */
    private boolean paging;
    /** The first row shown in {@code table} mode: the page the person turned to. */
    private int firstRow;
    private PagingKeys keys;

    /**
     * @param materialize {@code table} mode (apply the changelog) rather than {@code changelog} mode
     * @param nanoClock {@link System#nanoTime}, or a fake one in tests
     */
    LiveView(Terminal terminal, TableauPrinter tables, boolean materialize, LongSupplier nanoClock) {
        this.terminal = terminal;
        this.tables = tables;
        this.materialize = materialize;
        this.nanoClock = nanoClock;
    }

    @Override
    void start(List<ColumnInfo> columns) {
        this.columns = columns;
        int[] columnWidths = TableauPrinter.streamWidths(columns);
        if (materialize) {
            widths = columnWidths;
        } else {
            widths = new int[columns.size() + 1];
            widths[0] = 2;
            System.arraycopy(columnWidths, 0, widths, 1, columnWidths.length);
        }
        Size size = terminal.getSize();
        int screenRows = size.getRows() > 0 ? size.getRows() : 24;
        screenColumns = size.getColumns() > 0 ? size.getColumns() : 80;
        fitToScreen(widths, screenColumns - 1, materialize ? 0 : 1);
        bodyRows = Math.max(1, screenRows - FRAME_LINES - 1);
        if (materialize) {
            keys = PagingKeys.open(terminal);
        }
        display = new Display(terminal, false);
        display.resize(screenRows, screenColumns);
        startedAt = nanoClock.getAsLong();
        draw("Ctrl-C stops.");
    }

    @Override
    void row(Row row) {
        received++;
        if (materialize) {
            table.apply(row);
        } else {
            latest.addLast(row);
            if (latest.size() > bodyRows) {
                latest.removeFirst();
            }
        }
    }

    @Override
    void refresh() {
        boolean turned = keys != null && turnPage(keys.poll());
        // redrawn even without new rows, so that the elapsed time goes on
        if (turned || nanoClock.getAsLong() - drawnAt >= REDRAW_INTERVAL_NANOS) {
            draw("Ctrl-C stops.");
        }
    }

    /** Moves {@link #firstRow} as {@code key} asks; whether it did. */
    private boolean turnPage(PagingKeys.Key key) {
        int lastPage = Math.max(0, (table.size() - 1) / bodyRows * bodyRows);
        int before = firstRow;
        firstRow = switch (key) {
            case NEXT -> Math.min(lastPage, firstRow + bodyRows);
            case PREVIOUS -> Math.max(0, firstRow - bodyRows);
            case FIRST -> 0;
            case LAST -> lastPage;
            case NONE, QUIT -> firstRow;
        };
        return firstRow != before;
    }

    /**
     * Narrows the widest columns, one cell at a time, until a table line fits {@code available}
     * cells or every column is at its narrowest; values are then cut with {@link #TRUNCATED}.
     * The first {@code fixed} columns (the {@code op} column) keep their width.
     */
    static void fitToScreen(int[] widths, int available, int fixed) {
        while (lineWidth(widths) > available) {
            int widest = -1;
            for (int c = fixed; c < widths.length; c++) {
                if (widths[c] > MIN_COLUMN_WIDTH && (widest < 0 || widths[c] > widths[widest])) {
                    widest = c;
                }
            }
            if (widest < 0) {
                return;
            }
            widths[widest]--;
        }
    }

    private static int lineWidth(int[] widths) {
        int width = 1;
        for (int w : widths) {
            width += w + 3;
        }
        return width;
    }

    @Override
    void end() {
        endedAt = nanoClock.getAsLong();
        if (keys != null && !keys.closed() && table.size() > bodyRows) {
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
            if (turnPage(key)) {
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
        if (keys != null) {
            keys.close();
        }
        draw(state);
        terminal.writer().println();
        terminal.flush();
    }

    private void draw(String state) {
        drawnAt = nanoClock.getAsLong();
        List<String> lines = new ArrayList<>();
        String border = TableauPrinter.border(widths);
        lines.add(border);
        lines.add(TableauPrinter.line(widths, header()));
        lines.add(border);
        if (firstRow >= table.size()) {
            firstRow = Math.max(0, (table.size() - 1) / bodyRows * bodyRows);
        }
        for (Row row : materialize ? table.rows(firstRow, bodyRows) : latest) {
            lines.add(TableauPrinter.line(widths, cells(row)));
        }
        lines.add(border);
        lines.add(status(state));
        List<AttributedString> shown = new ArrayList<>(lines.size());
        for (String line : lines) {
            // a line wider than the screen would wrap and break the redraw
            shown.add(new AttributedString(TableauPrinter.truncate(line, screenColumns - 1)));
        }
        display.update(shown, -1);
        terminal.flush();
    }

    private String[] header() {
        String[] names = TableauPrinter.names(columns);
        if (materialize) {
            return names;
        }
        String[] header = new String[names.length + 1];
        header[0] = "op";
        System.arraycopy(names, 0, header, 1, names.length);
        return header;
    }

    private String[] cells(Row row) {
        String[] texts = tables.texts(columns, row);
        int offset = materialize ? 0 : 1;
        String[] cells = new String[texts.length + offset];
        if (!materialize) {
            cells[0] = row.kind().shortString();
        }
        for (int c = 0; c < texts.length; c++) {
            cells[c + offset] = TableauPrinter.truncate(texts[c], widths[c + offset], TRUNCATED);
        }
        return cells;
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
        if (materialize) {
            sb.append("; the table has ").append(TableauPrinter.rowsText(table.size()));
            if (table.size() > bodyRows) {
                int last = Math.min(table.size(), firstRow + bodyRows);
                sb.append(firstRow == 0 ? ", the first " + last + " shown"
                        : ", rows " + (firstRow + 1) + "-" + last + " shown");
                if (paging) {
                    // short: the line must fit the screen
                    sb.append(" (PgDn/PgUp, q: done)");
                } else if (keys != null && !keys.closed()) {
                    sb.append(" (PgDn/PgUp: pages)");
                }
            }
        } else if (received > latest.size()) {
            sb.append("; the latest ").append(latest.size()).append(" shown");
        }
        return sb.append(". ").append(state).toString();
    }
}
