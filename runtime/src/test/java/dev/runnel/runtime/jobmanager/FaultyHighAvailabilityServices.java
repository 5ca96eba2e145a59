package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.highavailability.CheckpointIdCounter;
import dev.runnel.runtime.highavailability.CompletedCheckpoint;
import dev.runnel.runtime.highavailability.CompletedCheckpointStore;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.JobGraphStore;
import dev.runnel.runtime.highavailability.JobResultStore;
import dev.runnel.runtime.highavailability.LeaderElection;
import dev.runnel.runtime.highavailability.LeaderRetrieval;
import dev.runnel.runtime.highavailability.nonha.InMemoryHighAvailabilityServices;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * In-memory HA services whose stores fail when the test says: job graphs cannot be stored, or
 * the next few completed checkpoints cannot be added.
 */
final class FaultyHighAvailabilityServices implements HighAvailabilityServices {
    private final InMemoryHighAvailabilityServices delegate = new InMemoryHighAvailabilityServices();
    private volatile boolean failGraphPuts;
    private final AtomicInteger failingAdds = new AtomicInteger();

    /** From now on every job graph put fails. */
    FaultyHighAvailabilityServices failGraphPuts() {
        failGraphPuts = true;
        return this;
    }

    /** The next {@code count} adds of a completed checkpoint fail. */
    FaultyHighAvailabilityServices failCheckpointAdds(int count) {
        failingAdds.set(count);
        return this;
    }

    @Override
    public LeaderElection jobManagerLeaderElection() {
        return delegate.jobManagerLeaderElection();
    }

    @Override
    public LeaderRetrieval jobManagerLeaderRetrieval() {
        return delegate.jobManagerLeaderRetrieval();
    }

    @Override
    public JobGraphStore jobGraphStore() {
        JobGraphStore graphs = delegate.jobGraphStore();
        return new JobGraphStore() {
            @Override
            public void putJobGraph(JobId jobId, JobGraph jobGraph) {
                if (failGraphPuts) {
                    throw new HighAvailabilityException("Could not store the pointer to the job graph of job " + jobId
                            + " in /jobgraphs/" + jobId.value() + ": ZooKeeper is unreachable");
                }
                graphs.putJobGraph(jobId, jobGraph);
            }

            @Override
            public void removeJobGraph(JobId jobId) {
                graphs.removeJobGraph(jobId);
            }

            @Override
            public Collection<JobId> jobIds() {
                return graphs.jobIds();
            }

            @Override
            public Optional<JobGraph> recoverJobGraph(JobId jobId) {
                return graphs.recoverJobGraph(jobId);
            }
        };
    }

    @Override
    public JobResultStore jobResultStore() {
        return delegate.jobResultStore();
    }

    @Override
    public CompletedCheckpointStore completedCheckpointStore(JobId jobId, int maxRetained) {
        CompletedCheckpointStore store = delegate.completedCheckpointStore(jobId, maxRetained);
        return new CompletedCheckpointStore() {
            @Override
            public List<CompletedCheckpoint> add(CompletedCheckpoint checkpoint) {
                if (failingAdds.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    throw new HighAvailabilityException("Could not add checkpoint " + checkpoint.checkpointId()
                            + " of job " + jobId + ": ZooKeeper is unreachable");
                }
                return store.add(checkpoint);
            }

            @Override
            public Optional<CompletedCheckpoint> latest() {
                return store.latest();
            }

            @Override
            public List<CompletedCheckpoint> all() {
                return store.all();
            }

            @Override
            public int maxRetained() {
                return store.maxRetained();
            }

            @Override
            public List<CompletedCheckpoint> shutdown(JobStatus status) {
                return store.shutdown(status);
            }
        };
    }

    @Override
    public CheckpointIdCounter checkpointIdCounter(JobId jobId) {
        return delegate.checkpointIdCounter(jobId);
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public void closeAndCleanupAllData() {
        delegate.closeAndCleanupAllData();
    }
}
