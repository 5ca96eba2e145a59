package dev.runnel.runtime.cluster;

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
 */
public record VertexInfo(int id, String name, int parallelism, Map<String, Integer> subtaskStates, long recordsIn,
                         long recordsOut, List<String> slots) implements Serializable {

    public VertexInfo {
        subtaskStates = Map.copyOf(subtaskStates);
        slots = List.copyOf(slots);
    }
}
