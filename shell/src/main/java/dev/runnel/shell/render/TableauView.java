package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import java.util.List;

/**
 * The {@code tableau} result mode (and {@code changelog} where the terminal cannot redraw):
 * each change printed as a table row with its kind in an {@code op} column as it arrives, the
 * way Flink's SQL client prints a streaming result in tableau mode.
 */
final class TableauView extends QueryView {
    private final TableauPrinter tables;
    private TableauPrinter.Stream stream;

    TableauView(TableauPrinter tables) {
        this.tables = tables;
    }

    @Override
    void start(List<ColumnInfo> columns) {
        stream = tables.startStream(columns);
    }

    @Override
    void row(Row row) {
        stream.row(row);
    }

    @Override
    void refresh() {
        stream.flush();
    }

    @Override
    void end() {
        stream.end();
    }

    @Override
    void cancelled() {
        stream.cancelled();
    }

    @Override
    void failed() {
        stream.abort();
    }
}
