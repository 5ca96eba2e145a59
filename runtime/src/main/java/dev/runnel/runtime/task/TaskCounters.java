package dev.runnel.runtime.task;

import dev.runnel.runtime.metrics.LatencyHistogram;
import dev.runnel.runtime.metrics.TaskTimes;
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
 * @param latency the latencies of the latency markers that reached the sink of the vertex, or
 *                {@code null} when the vertex has no sink or latency tracking is off
 * @param times how the subtask spent the last few seconds (busy, back-pressured, idle), or
 *              {@code null} when it was not measured
 */
public record TaskCounters(long recordsIn, long recordsOut, Map<String, Long> operatorCounters,
                           LatencyHistogram latency, TaskTimes times) implements Serializable {
    public static final TaskCounters ZERO = new TaskCounters(0, 0);

    public TaskCounters {
        operatorCounters = operatorCounters == null ? Map.of() : Map.copyOf(operatorCounters);
    }

    public TaskCounters(long recordsIn, long recordsOut, Map<String, Long> operatorCounters,
                        LatencyHistogram latency) {
        this(recordsIn, recordsOut, operatorCounters, latency, null);
    }

    public TaskCounters(long recordsIn, long recordsOut, Map<String, Long> operatorCounters) {
        this(recordsIn, recordsOut, operatorCounters, null);
    }

    public TaskCounters(long recordsIn, long recordsOut) {
        this(recordsIn, recordsOut, Map.of());
    }

    /**
     * Both counts, each named counter and the latencies, added up; of the times, each the larger
     * (a share of a second does not add up over subtasks).
     */
    public TaskCounters plus(TaskCounters other) {
        Map<String, Long> sum = new TreeMap<>(operatorCounters);
        other.operatorCounters.forEach((name, value) -> sum.merge(name, value, Long::sum));
        LatencyHistogram latencies = latency == null ? other.latency
                : other.latency == null ? latency : latency.plus(other.latency);
        TaskTimes maxTimes = times == null ? other.times : other.times == null ? times : times.max(other.times);
        return new TaskCounters(recordsIn + other.recordsIn, recordsOut + other.recordsOut, sum, latencies, maxTimes);
    }
}
