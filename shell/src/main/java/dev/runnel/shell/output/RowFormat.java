package dev.runnel.shell.output;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.util.List;

/**
 * A row-per-line format for programs ({@code csv}, {@code tsv}, {@code json}). The caller
 * writes one result as {@link #start}, then {@link #row} for each row, on one thread; an
 * instance keeps no state between calls.
 */
interface RowFormat {

    /**
     * Begins a result of {@code columns}; {@code changelog} results get an {@code op} field
     * first, holding each row's kind.
     */
    void start(PrintWriter out, List<ColumnInfo> columns, boolean changelog);

    /** One row; {@code zone} is where TIMESTAMP_LTZ values are shown. */
    void row(PrintWriter out, List<ColumnInfo> columns, boolean changelog, Row row, ZoneId zone);
}
