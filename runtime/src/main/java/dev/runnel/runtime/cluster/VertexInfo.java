package dev.runnel.runtime.cluster;

import dev.runnel.runtime.metrics.BackPressureLevel;
import dev.runnel.runtime.metrics.TaskTimes;
import java.io.Serializable;
import java.util.List;
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
                         long recordsOut, List<String> slots, TaskTimes times) implements Serializable {

    public VertexInfo {
        subtaskStates = Map.copyOf(subtaskStates);
        slots = List.copyOf(slots);
    }

    /** A vertex whose times are not known. */
    public VertexInfo(int id, String name, int parallelism, Map<String, Integer> subtaskStates, long recordsIn,
                      long recordsOut, List<String> slots) {
        this(id, name, parallelism, subtaskStates, recordsIn, recordsOut, slots, null);
    }

    /** How back-pressured the vertex is, {@code null} when its times are not known. */
    public BackPressureLevel backPressureLevel() {
        return times == null ? null : times.backPressureLevel();
    }
}
