package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import java.io.PrintWriter;
import java.util.List;

/**
 * psql's expanded display ({@code \x}): each row as a block of {@code column | value} lines
 * under a {@code -[ RECORD n ]-} header, for results too wide to read as a table.
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
        int nameWidth = 0;
        for (String name : names) {
            nameWidth = Math.max(nameWidth, TableauPrinter.displayWidth(name));
        }
        int number = 0;
        for (Row row : rows) {
            String header = "-[ RECORD " + ++number + " ]";
            out.println(header + "-".repeat(Math.max(1, nameWidth + 3 - header.length())));
            String[] texts = tables.texts(columns, row);
            for (int c = 0; c < names.length; c++) {
                String pad = " ".repeat(nameWidth - TableauPrinter.displayWidth(names[c]));
                out.println(names[c] + pad + " | " + texts[c]);
            }
        }
        out.println(rows.size() == 1 ? "1 row in set" : rows.size() + " rows in set");
        out.flush();
    }
}
