package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import java.io.PrintWriter;
import java.util.List;

/**
 * The {@code table} result mode where the terminal cannot redraw (a dumb terminal, a script):
 * the changelog is applied to a {@link ChangelogTable} as it arrives, and the table is printed
 * once, when the query ends or the user stops it.
 */
final class FinalTableView extends QueryView {
    private final PrintWriter out;
    private final TableauPrinter tables;
    private final ChangelogTable table = new ChangelogTable();
    private final boolean expanded;
    private List<ColumnInfo> columns;

    /** @param expanded print the table as record blocks ({@code \x}) */
    FinalTableView(PrintWriter out, TableauPrinter tables, boolean expanded) {
        this.out = out;
        this.tables = tables;
        this.expanded = expanded;
    }

    @Override
    void start(List<ColumnInfo> columns) {
        this.columns = columns;
    }

    @Override
    void row(Row row) {
        table.apply(row);
    }

    @Override
    void refresh() {
    }

    @Override
    void end() {
        print();
    }

    private void print() {
        if (expanded) {
            new ExpandedPrinter(out, tables).print(columns, table.rows());
        } else {
            tables.printTable(columns, table.rows());
        }
    }

    @Override
    void cancelled() {
        print();
        out.println("Query cancelled, received a total of " + TableauPrinter.rowsText(table.changes()));
        out.flush();
    }

    @Override
    void failed() {
    }
}
