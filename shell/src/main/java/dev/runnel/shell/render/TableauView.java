package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import java.io.PrintWriter;
import java.util.List;

/**
 * The {@code tableau} result mode (and {@code changelog} where the terminal cannot redraw):
 * each change printed as a table row with its kind in an {@code op} column as it arrives, the
 * way Flink's SQL client prints a streaming result in tableau mode; under {@code \x} each change
 * as a record block with an {@code op} field.
 */
final class TableauView extends QueryView {
    private final PrintWriter out;
    private final TableauPrinter tables;
    private final boolean expanded;
    private final int screenWidth;
    private TableauPrinter.Stream stream;
    private List<ColumnInfo> columns;
    private String[] names;
    private long count;

    /** @param screenWidth the terminal's width, which string columns may use; {@link Integer#MAX_VALUE} when unknown */
    TableauView(PrintWriter out, TableauPrinter tables, boolean expanded, int screenWidth) {
        this.out = out;
        this.tables = tables;
        this.expanded = expanded;
        this.screenWidth = screenWidth;
    }

    @Override
    void start(List<ColumnInfo> columns) {
        this.columns = columns;
        if (!expanded) {
            stream = tables.startStream(columns, screenWidth);
            return;
        }
        String[] columnNames = TableauPrinter.names(columns);
        names = new String[columnNames.length + 1];
        names[0] = "op";
        System.arraycopy(columnNames, 0, names, 1, columnNames.length);
    }

    @Override
    void row(Row row) {
        if (!expanded) {
            stream.row(row);
            return;
        }
        String[] texts = tables.texts(columns, row);
        String[] cells = new String[texts.length + 1];
        cells[0] = row.kind().shortString();
        System.arraycopy(texts, 0, cells, 1, texts.length);
        ExpandedPrinter.recordLines(Math.toIntExact(++count), names, cells, ExpandedPrinter.nameWidth(names),
                Integer.MAX_VALUE).forEach(out::println);
    }

    @Override
    void refresh() {
        out.flush();
    }

    @Override
    void end() {
        if (expanded) {
            out.println("Received a total of " + TableauPrinter.rowsText(count));
            out.flush();
        } else {
            stream.end();
        }
    }

    @Override
    void cancelled() {
        if (expanded) {
            out.println("Query cancelled, received a total of " + TableauPrinter.rowsText(count));
            out.flush();
        } else {
            stream.cancelled();
        }
    }

    @Override
    void failed() {
        if (expanded) {
            out.flush();
        } else {
            stream.abort();
        }
    }
}
