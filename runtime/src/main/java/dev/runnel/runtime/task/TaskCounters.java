package dev.runnel.runtime.task;

import java.io.Serializable;

/**
 * Rows a subtask read from its source and rows its sink operator received.
 *
 * @param recordsIn rows emitted by the vertex's source reader (0 if it has none)
 * @param recordsOut rows received by the last operator of a vertex without outgoing edges
 */
public record TaskCounters(long recordsIn, long recordsOut) implements Serializable {
    public static final TaskCounters ZERO = new TaskCounters(0, 0);

    public TaskCounters plus(TaskCounters other) {
        return new TaskCounters(recordsIn + other.recordsIn, recordsOut + other.recordsOut);
    }
}
