package dev.runnel.shell.gateway;

import java.time.Duration;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;

/**
 * What one executed statement serves to the driver, frame by frame: a finite table, or the rows
 * of a query's job as they arrive. Called under its connection's lock, one call at a time.
 */
interface StatementOutput extends AutoCloseable {

    List<ColumnMetaData> columns();

    /**
     * The next rows, at most {@code maxRows}, each an {@code Object[]} of wire values
     * ({@link JdbcTypes#toWire}); waits up to {@code wait} for the first of them. A frame that is
     * not {@code done} may be empty: the driver asks again.
     *
     * @param offset the number of rows the driver has read so far
     */
    Meta.Frame next(long offset, int maxRows, Duration wait);

    /** Ends the output: a query's job is cancelled if it still runs. Idempotent. */
    @Override
    void close();

    /** A finite table computed up front. */
    static StatementOutput of(List<ColumnMetaData> columns, List<Object[]> rows) {
        return new FixedRows(columns, rows);
    }

    /** Rows computed before the statement returns: served in frames of the driver's fetch size. */
    final class FixedRows implements StatementOutput {
        private final List<ColumnMetaData> columns;
        private final List<Object[]> rows;
        private int position;

        FixedRows(List<ColumnMetaData> columns, List<Object[]> rows) {
            this.columns = List.copyOf(columns);
            this.rows = rows;
        }

        @Override
        public List<ColumnMetaData> columns() {
            return columns;
        }

        @Override
        public Meta.Frame next(long offset, int maxRows, Duration wait) {
            int end = Math.min(rows.size(), position + maxRows);
            List<Object> frame = List.copyOf(rows.subList(position, end));
            long start = position;
            position = end;
            return new Meta.Frame(start, end == rows.size(), frame);
        }

        @Override
        public void close() {
        }
    }
}
