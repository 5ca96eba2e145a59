package dev.runnel.runtime.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The named {@link Counter}s of one subtask's operators. Operators of a chain that ask for the
 * same name share one counter, so a task reports one value per name; the JobManager sums them
 * over subtasks. Created by the task's thread, read from any thread.
 */
public final class OperatorCounters {
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    /** The counter called {@code name}, created at 0 on first use. */
    public Counter counter(String name) {
        return counters.computeIfAbsent(name, n -> new Counter());
    }

    /** Every counter's current value, by name. */
    public Map<String, Long> snapshot() {
        Map<String, Long> values = new TreeMap<>();
        counters.forEach((name, counter) -> values.put(name, counter.getCount()));
        return values;
    }
}
