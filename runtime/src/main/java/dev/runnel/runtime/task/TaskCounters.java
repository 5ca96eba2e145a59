package dev.runnel.runtime.task;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rows a subtask read from its source and rows its sink operator received, and the named
 * counters its operators keep ({@link dev.runnel.runtime.operators.OperatorContext#counter}).
 *
 * @param recordsIn rows emitted by the vertex's source reader (0 if it has none)
 * @param recordsOut rows received by the last operator of a vertex without outgoing edges
 * @param operatorCounters each named operator counter's value, such as {@code numLateRecordsDropped}
 */
public record TaskCounters(long recordsIn, long recordsOut, Map<String, Long> operatorCounters) implements Serializable {
    public static final TaskCounters ZERO = new TaskCounters(0, 0);

    public TaskCounters {
        operatorCounters = operatorCounters == null ? Map.of() : Map.copyOf(operatorCounters);
    }

    public TaskCounters(long recordsIn, long recordsOut) {
        this(recordsIn, recordsOut, Map.of());
    }

    /** Both counts, and each named counter, added up. */
    public TaskCounters plus(TaskCounters other) {
        Map<String, Long> sum = new TreeMap<>(operatorCounters);
        other.operatorCounters.forEach((name, value) -> sum.merge(name, value, Long::sum));
        return new TaskCounters(recordsIn + other.recordsIn, recordsOut + other.recordsOut, sum);
    }
}
