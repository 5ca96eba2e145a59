package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * psql's expanded display ({@code \x}): each row as a block of {@code column | value} lines
 * under a {@code -[ RECORD n ]-} header, for results too wide to read as a table. Values are
 * whole: printed, a long one is left to the terminal to wrap; on a live screen
 * ({@link #recordLines} with a width) it goes on over lines of its own.
 */
final class ExpandedPrinter {
    private final PrintWriter out;
    private final TableauPrinter tables;

    ExpandedPrinter(PrintWriter out, TableauPrinter tables) {
        this.out = out;
        this.tables = tables;
    }

    void print(List<ColumnInfo> columns, List<Row> rows) {
        if (rows.isEmpty()) {
            out.println("Empty set");
            out.flush();
            return;
        }
        String[] names = TableauPrinter.names(columns);
        int nameWidth = nameWidth(names);
        int number = 0;
        for (Row row : rows) {
            recordLines(++number, names, tables.texts(columns, row), nameWidth, Integer.MAX_VALUE).forEach(out::println);
        }
        out.println(rows.size() == 1 ? "1 row in set" : rows.size() + " rows in set");
        out.flush();
    }

    /** The widest of {@code names}, in cells. */
    static int nameWidth(String[] names) {
        int width = 0;
        for (String name : names) {
            width = Math.max(width, Cells.width(name));
        }
        return width;
    }

    /**
     * Record {@code number}: its header line, then one {@code name | value} line per field, a
     * value wider than {@code valueWidth} cells wrapped onto lines of its own under the first.
     */
    static List<String> recordLines(int number, String[] names, String[] texts, int nameWidth, int valueWidth) {
        List<String> lines = new ArrayList<>(names.length + 1);
        String header = "-[ RECORD " + number + " ]";
        lines.add(header + "-".repeat(Math.max(1, nameWidth + 3 - header.length())));
        String continuation = " ".repeat(nameWidth) + " | ";
        for (int c = 0; c < names.length; c++) {
            List<String> parts = Cells.wrap(texts[c], Math.max(1, valueWidth));
            lines.add(Cells.pad(names[c], nameWidth, true) + " | " + parts.get(0));
            for (int p = 1; p < parts.size(); p++) {
                lines.add(continuation + parts.get(p));
            }
        }
        return lines;
    }
}
