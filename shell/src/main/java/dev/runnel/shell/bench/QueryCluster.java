package dev.runnel.shell.bench;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.shell.cluster.ProcessCluster;
import java.util.Map;

/**
 * The cluster a benchmark query runs on: embedded, or a JobManager here with TaskManager
 * processes ({@link BenchSettings#taskManagers()}), whose CPU time the query is charged too.
 */
final class QueryCluster implements AutoCloseable {
    private final EmbeddedCluster embedded;
    private final ProcessCluster processes;

    private QueryCluster(EmbeddedCluster embedded, ProcessCluster processes) {
        this.embedded = embedded;
        this.processes = processes;
    }

    static QueryCluster start(Configuration configuration, BenchSettings settings) {
        if (settings.taskManagers() == 0) {
            return new QueryCluster(EmbeddedCluster.start(configuration), null);
        }
        Map<String, String> taskManagerSettings = Map.of(RuntimeOptions.NUMBER_OF_TASK_SLOTS.key(),
                String.valueOf(settings.slotsPerTaskManager()));
        return new QueryCluster(null, ProcessCluster.start(configuration, taskManagerSettings, "127.0.0.1", 0,
                ClusterCredentials.NONE, settings.taskManagers()));
    }

    EmbeddedCluster cluster() {
        return embedded != null ? embedded : processes.cluster();
    }

    /** The CPU time the TaskManager processes used so far; 0 on an embedded cluster. */
    long taskManagerCpuNanos() {
        return processes == null ? 0 : processes.taskManagerCpuNanos();
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        } else {
            processes.close();
        }
    }
}
