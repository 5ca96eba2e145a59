package dev.runnel.runtime.highavailability.zookeeper;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.highavailability.CompletedCheckpoint;
import dev.runnel.runtime.highavailability.CompletedCheckpointStore;
import dev.runnel.runtime.highavailability.nonha.InMemoryCompletedCheckpointStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job's completed checkpoints as pointer nodes {@code /jobs/<job-id>/checkpoints/<id>} (the id
 * zero-padded, so that names sort as ids do), each holding the checkpoint's {@code _metadata}
 * location. Made with the pointers a former leader left; those beyond the retained number are
 * handed back by the first {@link #add}.
 */
final class ZooKeeperCompletedCheckpointStore implements CompletedCheckpointStore {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperCompletedCheckpointStore.class);

    private final CuratorFramework client;
    private final JobId jobId;
    private final String path;
    /** What the nodes hold, read once and kept up to date. */
    private final InMemoryCompletedCheckpointStore retained;
    /** Recovered pointers beyond the retained number, dropped by the next add. */
    private final List<CompletedCheckpoint> overRetained = new ArrayList<>();

    ZooKeeperCompletedCheckpointStore(CuratorFramework client, JobId jobId, String path, int maxRetained) {
        this.client = client;
        this.jobId = jobId;
        this.path = path;
        this.retained = new InMemoryCompletedCheckpointStore(maxRetained);
        recover().forEach(c -> overRetained.addAll(retained.add(c)));
    }

    private List<CompletedCheckpoint> recover() {
        try {
            List<String> children = new ArrayList<>(client.getChildren().forPath(path));
            children.sort(null);
            List<CompletedCheckpoint> recovered = new ArrayList<>();
            for (String child : children) {
                String node = path + "/" + child;
                try {
                    recovered.add(StoredForms.read(client.getData().forPath(node), StoredForms.Checkpoint.class, node)
                            .toCheckpoint());
                } catch (KeeperException.NoNodeException e) {
                    // Dropped by the former leader as this one listed them.
                }
            }
            return recovered;
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure("read the completed checkpoints of job " + jobId + " in "
                    + path, e);
        }
    }

    private String node(long checkpointId) {
        return path + "/" + String.format("%019d", checkpointId);
    }

    @Override
    public synchronized List<CompletedCheckpoint> add(CompletedCheckpoint checkpoint) {
        if (!checkpoint.jobId().equals(jobId)) {
            throw new IllegalArgumentException("Checkpoint " + checkpoint + " is not of job " + jobId);
        }
        retained.checkNewer(checkpoint);
        try {
            client.create().creatingParentContainersIfNeeded().forPath(node(checkpoint.checkpointId()),
                    StoredForms.write(StoredForms.Checkpoint.of(checkpoint)));
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure("add checkpoint " + checkpoint.checkpointId() + " of job "
                    + jobId + " (" + node(checkpoint.checkpointId()) + ")", e);
        }
        List<CompletedCheckpoint> candidates = new ArrayList<>(overRetained);
        overRetained.clear();
        candidates.addAll(retained.add(checkpoint));
        // The checkpoint is stored now, so nothing below may throw: a caller that saw a failure
        // would discard a checkpoint the next leader restores. A pointer that cannot be dropped
        // keeps its checkpoint's files (it is not handed back) and is dropped by a later add.
        List<CompletedCheckpoint> dropped = new ArrayList<>();
        for (CompletedCheckpoint old : candidates) {
            if (delete(node(old.checkpointId()))) {
                dropped.add(old);
            } else {
                overRetained.add(old);
            }
        }
        return dropped;
    }

    /** Whether {@code node} is gone; a failure is logged, not thrown. */
    private boolean delete(String node) {
        try {
            client.delete().forPath(node);
            return true;
        } catch (KeeperException.NoNodeException e) {
            return true;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            LOG.warn("Could not drop the checkpoint pointer {}; it is dropped with the next checkpoint", node, e);
            return false;
        }
    }

    @Override
    public Optional<CompletedCheckpoint> latest() {
        return retained.latest();
    }

    @Override
    public List<CompletedCheckpoint> all() {
        return retained.all();
    }

    @Override
    public int maxRetained() {
        return retained.maxRetained();
    }

    @Override
    public synchronized List<CompletedCheckpoint> shutdown(JobStatus status) {
        if (!status.isTerminal()) {
            return List.of();
        }
        try {
            client.delete().deletingChildrenIfNeeded().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            // Nothing stored.
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure("remove the checkpoint pointers of job " + jobId + " ("
                    + path + ")", e);
        }
        List<CompletedCheckpoint> all = new ArrayList<>(overRetained);
        overRetained.clear();
        all.addAll(retained.clear());
        return all;
    }
}
