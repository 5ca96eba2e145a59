package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.highavailability.CheckpointIdCounter;
import dev.runnel.runtime.highavailability.CompletedCheckpointStore;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.JobResultEntry;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The jobs as the leader keeps them in the {@link HighAvailabilityServices} for a next leader:
 * a job's graph is stored before its submission is acknowledged; when the job ends globally its
 * result is recorded, then its graph removed, then its checkpoint pointers (in that order a
 * leader that dies in between leaves a graph whose result is recorded, which the next one
 * cleans up rather than reruns); a new leader recovers every stored job without a result.
 *
 * <p>Every method blocks on the stores (ZooKeeper, files): the JobManager calls them on its I/O
 * thread, never on its main thread. Thread-safe.
 */
final class RecoverableJobs {
    private static final Logger LOG = LoggerFactory.getLogger(RecoverableJobs.class);

    /** The HA stores of one job's checkpoints. */
    record JobStores(CompletedCheckpointStore checkpoints, CheckpointIdCounter ids) {
    }

    /** A job a former leader left running: its graph and its stores, holding that leader's checkpoints. */
    record RecoveredJob(JobGraph graph, JobStores stores) {
    }

    private final HighAvailabilityServices ha;

    RecoverableJobs(HighAvailabilityServices ha) {
        this.ha = ha;
    }

    /**
     * Stores the graph of a new job and opens its checkpoint stores.
     *
     * @throws HighAvailabilityException saying the job was not submitted, and why; nothing is left stored then
     */
    JobStores submitted(JobId id, JobGraph jobGraph) {
        try {
            ha.jobGraphStore().putJobGraph(id, jobGraph);
        } catch (RuntimeException e) {
            throw new HighAvailabilityException("Job '" + jobGraph.name() + "' (" + id + ") was not submitted: its "
                    + "job graph could not be stored for recovery: " + e.getMessage(), e);
        }
        try {
            return stores(id, jobGraph);
        } catch (RuntimeException e) {
            try {
                ha.jobGraphStore().removeJobGraph(id);
            } catch (RuntimeException removal) {
                e.addSuppressed(removal);
            }
            throw new HighAvailabilityException("Job '" + jobGraph.name() + "' (" + id + ") was not submitted: its "
                    + "checkpoint store could not be opened: " + e.getMessage(), e);
        }
    }

    /** Job {@code id} was rescaled by hand: its graph, now naming the parallelism it was given, replaces the stored one. */
    void rescaled(JobId id, JobGraph jobGraph) {
        ha.jobGraphStore().putJobGraph(id, jobGraph);
    }

    private JobStores stores(JobId id, JobGraph jobGraph) {
        return new JobStores(ha.completedCheckpointStore(id, jobGraph.configuration().get(CheckpointOptions.NUM_RETAINED)),
                ha.checkpointIdCounter(id));
    }

    /**
     * Job {@code id} ended globally with {@code status}: records its result, then removes its graph,
     * then its checkpoint pointers (deleting its checkpoints as their retention says). A result
     * that cannot be recorded leaves everything for the next leader, which then recovers the job
     * from its latest checkpoint rather than losing it; failures are logged, not thrown.
     */
    void ended(JobId id, JobGraph jobGraph, JobStores stores, JobStatus status, Instant endTime) {
        try {
            ha.jobResultStore().put(new JobResultEntry(id, status, endTime.toEpochMilli()));
        } catch (RuntimeException e) {
            LOG.error("Could not record that job {} ended {}; its graph and checkpoints are kept", id, status, e);
            return;
        }
        try {
            ha.jobGraphStore().removeJobGraph(id);
            CheckpointCoordinator.shutdownStores(jobGraph.configuration(), id, stores.checkpoints(), stores.ids(),
                    status);
        } catch (RuntimeException e) {
            LOG.warn("Could not clean up after job {} ({}); the next leader does", id, status, e);
        }
    }

    /**
     * The stored jobs to run again, by id, cleaning up after those whose result is recorded.
     *
     * @throws HighAvailabilityException when a store cannot be read
     */
    Map<JobId, RecoveredJob> recover() {
        Map<JobId, RecoveredJob> recovered = new LinkedHashMap<>();
        for (JobId id : ha.jobGraphStore().jobIds()) {
            Optional<JobResultEntry> result = ha.jobResultStore().get(id);
            if (result.isPresent()) {
                cleanUpEnded(id, result.get().status());
                continue;
            }
            ha.jobGraphStore().recoverJobGraph(id).ifPresent(stored -> {
                // stored before anything is deployed, so that the leader after this one numbers higher still
                JobGraph graph = ExecutionGraph.forNextLeader(stored);
                ha.jobGraphStore().putJobGraph(id, graph);
                JobStores stores = stores(id, graph);
                // The counter is ahead of the checkpoints already; this guards one that was lost.
                stores.checkpoints().latest().ifPresent(latest -> stores.ids().setCount(latest.checkpointId() + 1));
                recovered.put(id, new RecoveredJob(graph, stores));
            });
        }
        return recovered;
    }

    /** A former leader recorded the end of job {@code id} but died before it cleaned up. */
    private void cleanUpEnded(JobId id, JobStatus status) {
        LOG.info("Job {} ended {} under a former leader; removing what it left", id, status);
        try {
            // The checkpoints first: with the graph gone nothing would lead to them any more.
            ha.jobGraphStore().recoverJobGraph(id).ifPresent(graph -> {
                JobStores stores = stores(id, graph);
                CheckpointCoordinator.shutdownStores(graph.configuration(), id, stores.checkpoints(), stores.ids(),
                        status);
            });
        } catch (RuntimeException e) {
            LOG.warn("Could not remove the checkpoint pointers of ended job {}", id, e);
        }
        ha.jobGraphStore().removeJobGraph(id);
    }
}
