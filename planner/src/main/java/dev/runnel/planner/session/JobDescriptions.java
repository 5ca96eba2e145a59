package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.metrics.TaskTimes;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * {@code DESCRIBE JOB 'id'}: the job as {@code property | value} rows — its name, status, times
 * and counts, the slots it holds, its checkpoints ({@code -} while Runnel takes none), its
 * backpressure, each vertex with its parallelism, subtask states, slots, counts and (while it
 * runs) busy, back-pressured and idle time, and the operators' counters.
 */
final class JobDescriptions {
    private static final DataType STRING_NOT_NULL = DataType.of(TypeRoot.VARCHAR).notNull();

    private JobDescriptions() {
    }

    static StatementResult describe(JobInfo job) {
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of("job id", job.id().value()));
        rows.add(Row.of("job name", job.name()));
        rows.add(Row.of("status", job.status().name()
                + (job.failureCause() == null ? "" : ": " + job.failureCause())));
        rows.add(Row.of("start time", job.startTime() == null ? "-" : job.startTime().toString()));
        rows.add(Row.of("end time", job.endTime() == null ? "-" : job.endTime().toString()));
        rows.add(Row.of("records in", String.valueOf(job.recordsIn())));
        rows.add(Row.of("records out", String.valueOf(job.recordsOut())));
        TreeSet<String> slots = new TreeSet<>();
        job.vertices().forEach(v -> slots.addAll(v.slots()));
        rows.add(Row.of("slots", slots.isEmpty() ? "-" : slots.size() + " (" + String.join(", ", slots) + ")"));
        rows.add(Row.of("checkpoints", job.checkpoints().describe()));
        rows.add(Row.of("backpressure", job.mostBackPressuredVertex()
                .map(v -> v.describeBackPressure("vertex " + v.id())).orElse("-")));
        for (VertexInfo vertex : job.vertices()) {
            rows.add(Row.of("vertex " + vertex.id() + ": " + vertex.name(), vertexText(vertex)));
        }
        for (Map.Entry<String, Long> counter : job.counters().entrySet()) {
            rows.add(Row.of("metric " + counter.getKey(), String.valueOf(counter.getValue())));
        }
        return new StatementResult.Table(List.of(new ColumnInfo("property", STRING_NOT_NULL),
                new ColumnInfo("value", STRING_NOT_NULL)), rows);
    }

    /**
     * {@code parallelism 2, RUNNING 2, slots tm-1/slot 0 tm-1/slot 1, 120 records in, 0 out, busy 12%,
     * backpressured 87% (HIGH), idle 1%}; the times are the largest over the running subtasks.
     */
    private static String vertexText(VertexInfo vertex) {
        StringJoiner states = new StringJoiner(" ");
        vertex.subtaskStates().forEach((state, count) -> states.add(state + " " + count));
        return "parallelism " + vertex.parallelism()
                + (states.length() == 0 ? "" : ", " + states)
                + (vertex.slots().isEmpty() ? "" : ", slots " + String.join(" ", vertex.slots()))
                + ", " + vertex.recordsIn() + " records in, " + vertex.recordsOut() + " out"
                + (vertex.times() == null ? "" : ", " + timesText(vertex.times()));
    }

    private static String timesText(TaskTimes times) {
        return String.format(Locale.ROOT, "busy %d%%, backpressured %d%% (%s), idle %d%%",
                TaskTimes.percent(times.busyTimeMsPerSecond()), TaskTimes.percent(times.backPressuredTimeMsPerSecond()),
                times.backPressureLevel(), TaskTimes.percent(times.idleTimeMsPerSecond()));
    }
}
