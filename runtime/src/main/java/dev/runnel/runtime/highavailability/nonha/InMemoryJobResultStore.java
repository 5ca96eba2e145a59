package dev.runnel.runtime.highavailability.nonha;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.highavailability.JobResultEntry;
import dev.runnel.runtime.highavailability.JobResultStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Job results in a map. */
final class InMemoryJobResultStore implements JobResultStore {
    private final Map<JobId, JobResultEntry> results = new ConcurrentHashMap<>();

    @Override
    public void put(JobResultEntry result) {
        results.put(result.jobId(), result);
    }

    @Override
    public Optional<JobResultEntry> get(JobId jobId) {
        return Optional.ofNullable(results.get(jobId));
    }

    @Override
    public List<JobResultEntry> all() {
        return List.copyOf(results.values());
    }

    void clear() {
        results.clear();
    }
}
