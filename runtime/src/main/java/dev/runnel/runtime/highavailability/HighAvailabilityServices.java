package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.cluster.JobId;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * What a cluster's JobManagers, TaskManagers and clients need to survive the loss of the
 * leading JobManager: the election of the JobManager, the retrieval of its address, and the
 * stores a new leader recovers the jobs from. {@link HighAvailabilityServicesFactory} makes the
 * implementation {@code high-availability.type} names: in memory (one JobManager, nothing
 * survives it) or ZooKeeper with files under {@code high-availability.storageDir}. Thread-safe.
 */
public interface HighAvailabilityServices extends AutoCloseable {
    /** A new entry of one contender (a JobManager) in the election of the cluster's JobManager. */
    LeaderElection jobManagerLeaderElection();

    /** A new follower of the cluster's leading JobManager. */
    LeaderRetrieval jobManagerLeaderRetrieval();

    /**
     * The {@linkplain LeaderContender#contenderId ids} of the JobManagers in the election now,
     * in its order: the first leads (or is about to), the others stand by. Empty in memory,
     * where there is no election.
     */
    default List<String> jobManagerContenders() {
        return List.of();
    }

    /** The cluster's job graphs. The same store on every call. */
    JobGraphStore jobGraphStore();

    /** The cluster's ended jobs. The same store on every call. */
    JobResultStore jobResultStore();

    /**
     * The directory of this cluster's files in {@code high-availability.storageDir}, which every
     * leader reads (for the sessions' catalog, {@link dev.runnel.runtime.cluster.SharedCatalogFile});
     * empty in memory.
     */
    default Optional<URI> storageDirectory() {
        return Optional.empty();
    }

    /**
     * The completed checkpoints of {@code jobId}, holding from the start those a former leader
     * kept (with HA; in memory a new store is empty).
     *
     * @param maxRetained {@code state.checkpoints.num-retained} of the job, at least 1
     */
    CompletedCheckpointStore completedCheckpointStore(JobId jobId, int maxRetained);

    /** The checkpoint ids of {@code jobId}, continuing those a former leader handed out (with HA). */
    CheckpointIdCounter checkpointIdCounter(JobId jobId);

    /**
     * Releases this process's connections; elections it entered end. What the stores hold stays
     * for the cluster's other processes and its next leader.
     */
    @Override
    void close();

    /**
     * Closes, and deletes everything the cluster keeps in HA storage (all its jobs' pointers and
     * files): for a cluster that is shut down for good.
     */
    void closeAndCleanupAllData();
}
