package dev.runnel.planner.session;

import dev.runnel.planner.session.StatementResult.Table.Fit;
import dev.runnel.runtime.cluster.JobFailure;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.metrics.TaskTimes;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * {@code SHOW JOBS} (one row per job) and {@code DESCRIBE JOB 'id'} (the job as
 * {@code property | value} rows — its name, status, parallelism and how it changed, times and
 * counts, its restarts and last failure, the slots it holds, its checkpoints, its backpressure,
 * each vertex with its parallelism, subtask states, slots, counts and (while it runs) busy,
 * back-pressured and idle time, and the operators' counters). Both are reports ({@link StatementResult.Table#report()}):
 * the shell fits them to the screen. Times are shown as {@code SHOW JOBS}' TIMESTAMP_LTZ(3) column
 * shows them, {@code 2026-12-01 08:30:37.090} in the session time zone.
 */
final class JobDescriptions {
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR);
    private static final DataType STRING_NOT_NULL = DataType.of(TypeRoot.VARCHAR).notNull();
    private static final DataType TIME = DataType.of(TypeRoot.TIMESTAMP_LTZ, 3);
    private static final DataType COUNT = DataType.of(TypeRoot.BIGINT).notNull();

    /** The columns of {@code SHOW JOBS}, as {@code docs/shell.md} lists them. */
    static final List<ColumnInfo> JOB_COLUMNS = List.of(
            new ColumnInfo("job id", STRING_NOT_NULL),
            new ColumnInfo("job name", STRING_NOT_NULL),
            new ColumnInfo("status", STRING_NOT_NULL),
            new ColumnInfo("parallelism", STRING),
            new ColumnInfo("start time", TIME),
            new ColumnInfo("records in", COUNT),
            new ColumnInfo("records out", COUNT),
            new ColumnInfo("last checkpoint", DataType.of(TypeRoot.BIGINT)),
            new ColumnInfo("restarts", COUNT),
            new ColumnInfo("last failure", STRING));
    private static final List<Fit> JOB_FITS = List.of(Fit.WHOLE, Fit.SHORTEN, Fit.WHOLE, Fit.WHOLE, Fit.WHOLE,
            Fit.WHOLE, Fit.WHOLE, Fit.WHOLE, Fit.WHOLE, Fit.SHORTEN);

    private JobDescriptions() {
    }

    /** {@code SHOW JOBS}: every job the cluster knows, oldest first. */
    static StatementResult list(List<JobInfo> jobs) {
        List<Row> rows = new ArrayList<>();
        for (JobInfo job : jobs) {
            long lastCheckpoint = job.checkpoints().latestCompletedId();
            rows.add(Row.of(job.id().value(), job.name(), statusText(job), parallelismText(job.scaling()),
                    millis(job.startTime()), job.recordsIn(), job.recordsOut(),
                    lastCheckpoint < 0 ? null : lastCheckpoint, (long) job.restarts(), failureText(job)));
        }
        return new StatementResult.Table(JOB_COLUMNS, rows, JOB_FITS);
    }

    /** {@code 2}, or while the job rescales {@code 2 → 3}; {@code null} where the JobManager did not say. */
    private static String parallelismText(JobScaling scaling) {
        if (scaling.parallelism() < 1) {
            return null;
        }
        return scaling.rescaling() ? scaling.parallelism() + " → " + scaling.target()
                : String.valueOf(scaling.parallelism());
    }

    /* The status, and for a job that waits for slots that it does (DESCRIBE JOB says for how many). */
    private static String statusText(JobInfo job) {
        return job.waitingFor() == null ? job.status().name() : job.status().name() + " (waiting for slots)";
    }

    /** {@code DESCRIBE JOB}: one job's properties. */
    static StatementResult describe(JobInfo job, ZoneId zone) {
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of("job id", job.id().value()));
        rows.add(Row.of("job name", job.name()));
        rows.add(Row.of("status", job.status().name()));
        if (job.waitingFor() != null) {
            rows.add(Row.of("waiting for", job.waitingFor()));
        }
        scalingRows(job.scaling(), zone, rows);
        rows.add(Row.of("start time", time(job.startTime(), zone)));
        rows.add(Row.of("end time", time(job.endTime(), zone)));
        rows.add(Row.of("records in", String.valueOf(job.recordsIn())));
        rows.add(Row.of("records out", String.valueOf(job.recordsOut())));
        rows.add(Row.of("restarts", String.valueOf(job.restarts())));
        rows.add(Row.of("last failure", job.lastFailure().map(f -> describeFailure(job, f, zone)).orElse(
                job.failureCause() == null ? "-" : job.failureCause())));
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
                new ColumnInfo("value", STRING_NOT_NULL)), rows, List.of(Fit.SHORTEN, Fit.WRAP));
    }

    /**
     * {@code parallelism}, {@code target parallelism} (the same unless it rescales), {@code scheduler mode}
     * and {@code rescales}: {@code 2 → 3 at 2026-12-07 13:20:01.123 (ALTER JOB, from checkpoint 12)}, oldest
     * first, separated by {@code ;}.
     */
    private static void scalingRows(JobScaling scaling, ZoneId zone, List<Row> rows) {
        boolean known = scaling.parallelism() > 0;
        rows.add(Row.of("parallelism", known ? String.valueOf(scaling.parallelism()) : "-"));
        rows.add(Row.of("target parallelism", known ? String.valueOf(scaling.target()) : "-"));
        rows.add(Row.of("scheduler mode", scaling.reactive()
                ? "reactive (follows the slots of the cluster)" : "default"));
        StringJoiner rescales = new StringJoiner("; ");
        for (JobScaling.Rescale rescale : scaling.rescales()) {
            rescales.add(rescale.from() + " → " + rescale.to() + " at " + time(rescale.time(), zone) + " ("
                    + rescale.reason() + (rescale.checkpointId() < 0 ? ", without a checkpoint"
                    : ", from checkpoint " + rescale.checkpointId()) + ")");
        }
        rows.add(Row.of("rescales", rescales.length() == 0 ? "-" : rescales.toString()));
    }

    /** What went wrong last: a failed job's cause (which says when the restarts gave up), else the latest failure's. */
    private static String failureText(JobInfo job) {
        if (job.status() == JobStatus.FAILED && job.failureCause() != null) {
            return job.failureCause();
        }
        return job.lastFailure().map(JobFailure::message).orElse(null);
    }

    /** {@code 2026-12-01 08:30:37.090 in Source: t (1/2): <message>}. */
    private static String describeFailure(JobInfo job, JobFailure failure, ZoneId zone) {
        return time(failure.timestamp(), zone) + (failure.taskName() == null ? "" : " in " + failure.taskName())
                + ": " + failureText(job);
    }

    private static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }

    private static String time(Instant instant, ZoneId zone) {
        return instant == null ? "-" : Values.toText(instant.toEpochMilli(), TIME, zone);
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
