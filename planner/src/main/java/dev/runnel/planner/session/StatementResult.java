package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.data.Row;
import java.util.List;

/** What executing one statement produced. Fronts (shell, JDBC gateway) render it. */
public sealed interface StatementResult
        permits StatementResult.Message, StatementResult.Table, StatementResult.JobSubmitted, QueryResult {

    /** A statement that only changed something: {@code CREATE TABLE}, {@code SET}, {@code STOP JOB}. */
    record Message(String text) implements StatementResult {
    }

    /**
     * A finite result computed by the session itself: {@code SHOW TABLES}, {@code DESCRIBE}, {@code SHOW JOBS}.
     *
     * @param report empty for data, printed as Flink's tableau prints it (every value whole,
     *               right-aligned); for a report of the engine's own state ({@code SHOW JOBS},
     *               {@code DESCRIBE JOB}) how each column may be narrowed to fit a screen, and
     *               its text is left-aligned
     */
    record Table(List<ColumnInfo> columns, List<Row> rows, List<Fit> report) implements StatementResult {
        public Table {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
            report = List.copyOf(report);
            if (!report.isEmpty() && report.size() != columns.size()) {
                throw new IllegalArgumentException("A report needs one fit per column: " + report + " for " + columns);
            }
        }

        /** A table of data. */
        public Table(List<ColumnInfo> columns, List<Row> rows) {
            this(columns, rows, List.of());
        }

        /** Whether this is a report of the engine's state rather than data; see {@link #report()}. */
        public boolean isReport() {
            return !report.isEmpty();
        }

        /** How a column of a report may be narrowed when the report is wider than the screen. */
        public enum Fit {
            /** Never: ids, times, numbers. */
            WHOLE,
            /** Its values lose their middle ({@code insert-into_def…base.sink}): names. */
            SHORTEN,
            /** Its values go on over several lines: descriptions read whole. */
            WRAP
        }
    }

    /** An {@code INSERT} that now runs as a job on the cluster. */
    record JobSubmitted(JobId jobId, String jobName) implements StatementResult {
    }
}
