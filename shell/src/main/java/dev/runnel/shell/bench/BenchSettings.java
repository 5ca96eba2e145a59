package dev.runnel.shell.bench;

import java.time.Duration;
import java.util.Map;

/**
 * How each benchmark query runs.
 *
 * @param events events the generator produces per query
 * @param parallelism parallelism of every job, and slots of each embedded TaskManager
 * @param checkpointInterval {@code execution.checkpointing.interval}, null for none
 * @param stateBackend {@code state.backend.type}: {@code rocksdb} or {@code hashmap}
 * @param latencyInterval {@code metrics.latency.interval}; zero measures no latency
 * @param taskManagers TaskManager processes to run each query on (their slots shared out
 *                     evenly), or 0 for an embedded cluster
 * @param options further configuration of the cluster and every job ({@code -D key=value})
 */
record BenchSettings(long events, int parallelism, Duration checkpointInterval, String stateBackend,
                     Duration latencyInterval, int taskManagers, Map<String, String> options) {

    BenchSettings {
        options = Map.copyOf(options);
    }

    /** On an embedded cluster. */
    BenchSettings(long events, int parallelism, Duration checkpointInterval, String stateBackend,
                  Duration latencyInterval) {
        this(events, parallelism, checkpointInterval, stateBackend, latencyInterval, 0, Map.of());
    }

    /** The slots of each TaskManager: all of the parallelism embedded, a share of it on processes. */
    int slotsPerTaskManager() {
        return taskManagers == 0 ? parallelism : (parallelism + taskManagers - 1) / taskManagers;
    }

    /** The cores figures are divided by: the parallelism, unless the machine has fewer. */
    int cores() {
        return Math.max(1, Math.min(parallelism, Runtime.getRuntime().availableProcessors()));
    }
}
