package dev.runnel.runtime.cluster;

import dev.runnel.runtime.metrics.BackPressureLevel;
import dev.runnel.runtime.metrics.TaskTimes;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One vertex of a job as {@code DESCRIBE JOB} shows it.
 *
 * @param name the chained operators' names
 * @param subtaskStates how many subtasks are in each execution state ({@code RUNNING} → 2)
 * @param recordsIn rows the vertex's source read (0 if it has no source)
 * @param recordsOut rows its last operator received when nothing follows it (0 otherwise)
 * @param slots the slots its subtasks were deployed to, as {@code taskmanager/slot n}
 * @param times its running subtasks' busy, back-pressured and idle time over the last few
 *              seconds, each the largest over the subtasks (as Flink's web UI shows a vertex);
 *              {@code null} when none of its subtasks runs
 */
public record VertexInfo(int id, String name, int parallelism, Map<String, Integer> subtaskStates, long recordsIn,
                         long recordsOut, List<String> slots, TaskTimes times, List<Subtask> subtasks)
        implements Serializable {

    /**
     * One subtask of the vertex: its state and where it runs.
     *
     * @param taskManagerId the TaskManager it was deployed to, {@code null} before it was
     * @param attempt how often it was deployed before (the job's restarts)
     */
    public record Subtask(int index, String state, String taskManagerId, int attempt) implements Serializable {
    }

    public VertexInfo {
        subtaskStates = Map.copyOf(subtaskStates);
        slots = List.copyOf(slots);
        subtasks = List.copyOf(subtasks);
    }

    /** A vertex whose subtasks are only counted. */
    public VertexInfo(int id, String name, int parallelism, Map<String, Integer> subtaskStates, long recordsIn,
                      long recordsOut, List<String> slots, TaskTimes times) {
        this(id, name, parallelism, subtaskStates, recordsIn, recordsOut, slots, times, List.of());
    }

    /** A vertex whose times are not known. */
    public VertexInfo(int id, String name, int parallelism, Map<String, Integer> subtaskStates, long recordsIn,
                      long recordsOut, List<String> slots) {
        this(id, name, parallelism, subtaskStates, recordsIn, recordsOut, slots, null);
    }

    /**
     * The chained operators' kinds without their details: {@code TableSourceScan -> Calc} for
     * {@code TableSourceScan(table=[…]) -> Calc(select=[…])}, for lines too narrow for the name.
     */
    public String shortName() {
        StringBuilder kinds = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0) {
                // Only the text outside brackets: the kinds and the arrows between them.
                kinds.append(c);
            }
        }
        return kinds.toString();
    }

    /** How back-pressured the vertex is, {@code null} when its times are not known. */
    public BackPressureLevel backPressureLevel() {
        return times == null ? null : times.backPressureLevel();
    }

    /**
     * The vertex's backpressure for a status line: {@code HIGH at <where> (87%)},
     * {@code LOW at <where> (23%)}, {@code OK}, or {@code -} when its times are not known.
     */
    public String describeBackPressure(String where) {
        if (times == null) {
            return "-";
        }
        BackPressureLevel level = times.backPressureLevel();
        return level == BackPressureLevel.OK ? level.name() : String.format(Locale.ROOT, "%s at %s (%d%%)", level,
                where, TaskTimes.percent(times.backPressuredTimeMsPerSecond()));
    }
}
