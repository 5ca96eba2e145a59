package dev.runnel.runtime.highavailability.nonha;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.highavailability.JobGraphStore;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Job graphs in a map: the objects themselves, not copies. */
final class InMemoryJobGraphStore implements JobGraphStore {
    private final Map<JobId, JobGraph> graphs = new ConcurrentHashMap<>();

    @Override
    public void putJobGraph(JobId jobId, JobGraph jobGraph) {
        graphs.put(jobId, jobGraph);
    }

    @Override
    public void removeJobGraph(JobId jobId) {
        graphs.remove(jobId);
    }

    @Override
    public Collection<JobId> jobIds() {
        return List.copyOf(graphs.keySet());
    }

    @Override
    public Optional<JobGraph> recoverJobGraph(JobId jobId) {
        return Optional.ofNullable(graphs.get(jobId));
    }

    void clear() {
        graphs.clear();
    }
}
