package dev.runnel.runtime.highavailability.nonha;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.highavailability.CheckpointIdCounter;
import dev.runnel.runtime.highavailability.CompletedCheckpointStore;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.JobGraphStore;
import dev.runnel.runtime.highavailability.JobResultStore;
import dev.runnel.runtime.highavailability.LeaderElection;
import dev.runnel.runtime.highavailability.LeaderRetrieval;

/**
 * The services of a cluster without high availability ({@code high-availability.type: none}):
 * everything in this process's memory, lost with it. The election runs among the contenders of
 * this process (one JobManager, normally, which leads at once). Per-job stores are new and empty
 * on every call, as nothing outlives the JobManager that asks.
 */
public final class InMemoryHighAvailabilityServices implements HighAvailabilityServices {
    private final InMemoryLeaderService jobManagerLeader = new InMemoryLeaderService();
    private final InMemoryJobGraphStore jobGraphs = new InMemoryJobGraphStore();
    private final InMemoryJobResultStore jobResults = new InMemoryJobResultStore();

    @Override
    public LeaderElection jobManagerLeaderElection() {
        return jobManagerLeader.newElection();
    }

    @Override
    public LeaderRetrieval jobManagerLeaderRetrieval() {
        return jobManagerLeader.newRetrieval();
    }

    @Override
    public JobGraphStore jobGraphStore() {
        return jobGraphs;
    }

    @Override
    public JobResultStore jobResultStore() {
        return jobResults;
    }

    @Override
    public CompletedCheckpointStore completedCheckpointStore(JobId jobId, int maxRetained) {
        return new InMemoryCompletedCheckpointStore(maxRetained);
    }

    @Override
    public CheckpointIdCounter checkpointIdCounter(JobId jobId) {
        return new InMemoryCheckpointIdCounter();
    }

    @Override
    public void close() {
        jobManagerLeader.close();
    }

    @Override
    public void closeAndCleanupAllData() {
        close();
        jobGraphs.clear();
        jobResults.clear();
    }
}
