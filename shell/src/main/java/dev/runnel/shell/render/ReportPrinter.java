package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.planner.session.StatementResult.Table.Fit;
import dev.runnel.runtime.data.Row;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints a report of the engine's state ({@code SHOW JOBS}, {@code DESCRIBE JOB}: a
 * {@link StatementResult.Table#isReport() report}) as a table that fits the screen: text
 * left-aligned, numbers right-aligned, and when a line would be wider than the screen the widest
 * column that may be narrowed loses a cell at a time — a {@link Fit#SHORTEN} column's values
 * their middle ({@code insert-into_def…base.sink}), a {@link Fit#WRAP} column's go on over more
 * lines — down to its header's width. A report that does not fit even so is shown expanded,
 * one {@code column | value} line per field, as psql's {@code \x auto} does. Not thread-safe.
 */
final class ReportPrinter {
    /** The narrowest a column that may be narrowed gets, unless its header is narrower. */
    private static final int MIN_WIDTH = 8;

    private final PrintWriter out;
    private final TableauPrinter tables;
    private final int screenWidth;

    /** @param screenWidth the terminal's width in cells; {@link Integer#MAX_VALUE} when output is not a terminal */
    ReportPrinter(PrintWriter out, TableauPrinter tables, int screenWidth) {
        this.out = out;
        this.tables = tables;
        this.screenWidth = screenWidth;
    }

    void print(StatementResult.Table report) {
        List<ColumnInfo> columns = report.columns();
        if (report.rows().isEmpty()) {
            out.println("Empty set");
            out.flush();
            return;
        }
        String[] names = TableauPrinter.names(columns);
        List<String[]> cells = new ArrayList<>();
        int[] widths = new int[columns.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = Cells.width(names[c]);
        }
        for (Row row : report.rows()) {
            String[] texts = tables.texts(columns, row);
            for (int c = 0; c < texts.length; c++) {
                widths[c] = Math.max(widths[c], Cells.width(texts[c]));
            }
            cells.add(texts);
        }
        // A line as wide as the screen makes some terminals wrap: leave the last cell free.
        if (!fit(widths, names, report.report(), screenWidth == Integer.MAX_VALUE ? screenWidth : screenWidth - 1)) {
            new ExpandedPrinter(out, tables).print(columns, report.rows());
            return;
        }
        boolean[] left = new boolean[widths.length];
        for (int c = 0; c < left.length; c++) {
            left[c] = !isNumber(columns.get(c));
        }
        String border = TableauPrinter.border(widths);
        out.println(border);
        out.println(line(widths, names, left));
        out.println(border);
        for (String[] row : cells) {
            for (String[] line : lines(row, widths, report.report())) {
                out.println(line(widths, line, left));
            }
        }
        out.println(border);
        int rows = report.rows().size();
        out.println(rows == 1 ? "1 row in set" : rows + " rows in set");
        out.flush();
    }

    /** Narrows the widest narrowable column a cell at a time until a line fits {@code available}; whether it does. */
    static boolean fit(int[] widths, String[] names, List<Fit> fits, int available) {
        while (TableauPrinter.lineWidth(widths) > available) {
            int widest = -1;
            for (int c = 0; c < widths.length; c++) {
                boolean narrowable = fits.get(c) != Fit.WHOLE && widths[c] > Math.max(MIN_WIDTH, Cells.width(names[c]));
                if (narrowable && (widest < 0 || widths[c] > widths[widest])) {
                    widest = c;
                }
            }
            if (widest < 0) {
                return false;
            }
            widths[widest]--;
        }
        return true;
    }

    /** The screen lines of one row: its cells shortened or wrapped to their columns. */
    private static List<String[]> lines(String[] row, int[] widths, List<Fit> fits) {
        List<List<String>> columns = new ArrayList<>();
        int height = 1;
        for (int c = 0; c < row.length; c++) {
            List<String> parts = switch (fits.get(c)) {
                case WHOLE -> List.of(row[c]);
                case SHORTEN -> List.of(Cells.shortenMiddle(row[c], widths[c]));
                case WRAP -> Cells.wrap(row[c], widths[c]);
            };
            columns.add(parts);
            height = Math.max(height, parts.size());
        }
        List<String[]> lines = new ArrayList<>(height);
        for (int l = 0; l < height; l++) {
            String[] line = new String[row.length];
            for (int c = 0; c < row.length; c++) {
                List<String> parts = columns.get(c);
                line[c] = l < parts.size() ? parts.get(l) : "";
            }
            lines.add(line);
        }
        return lines;
    }

    private static String line(int[] widths, String[] cells, boolean[] left) {
        StringBuilder sb = new StringBuilder("|");
        for (int c = 0; c < widths.length; c++) {
            sb.append(' ').append(Cells.pad(cells[c], widths[c], left[c])).append(" |");
        }
        return sb.toString();
    }

    private static boolean isNumber(ColumnInfo column) {
        return switch (column.type().root()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE, DECIMAL -> true;
            default -> false;
        };
    }
}
