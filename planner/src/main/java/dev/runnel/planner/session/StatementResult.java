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

    /** A finite result computed by the session itself: {@code SHOW TABLES}, {@code DESCRIBE}, {@code SHOW JOBS}. */
    record Table(List<ColumnInfo> columns, List<Row> rows) implements StatementResult {
        public Table {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
        }
    }

    /** An {@code INSERT} that now runs as a job on the cluster. */
    record JobSubmitted(JobId jobId, String jobName) implements StatementResult {
    }
}
