package dev.runnel.runtime.highavailability.zookeeper;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.JobGraphStore;
import dev.runnel.runtime.jobgraph.FilteredSerialization;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Job graphs as files under {@code <storageDir>/<cluster-id>/jobgraphs/}, in the Java
 * serialization the cluster's RPC uses, each written atomically to a fresh name, and pointers to
 * them in {@code /jobgraphs/<job-id>}. A file is written before its pointer and deleted after
 * it, so that a pointer always names a whole file; a file without a pointer (its writer died in
 * between) is harmless.
 */
final class ZooKeeperJobGraphStore implements JobGraphStore {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperJobGraphStore.class);

    private final CuratorFramework client;
    private final FileSystem storage;
    private final URI directory;

    ZooKeeperJobGraphStore(CuratorFramework client, FileSystem storage, URI directory) {
        this.client = client;
        this.storage = storage;
        this.directory = directory;
    }

    private static String node(JobId jobId) {
        return ZooKeeperHighAvailabilityServices.JOB_GRAPHS + "/" + jobId.value();
    }

    @Override
    public void putJobGraph(JobId jobId, JobGraph jobGraph) {
        URI file = directory.resolve("jobgraph-" + jobId.value() + "-" + UUID.randomUUID().toString().substring(0, 8));
        try {
            storage.writeAtomically(file, FilteredSerialization.toBytes(jobGraph));
        } catch (IOException e) {
            throw new HighAvailabilityException("Could not write the job graph of job " + jobId + " to " + file + ": "
                    + e.getMessage(), e);
        }
        byte[] pointer = StoredForms.write(new StoredForms.JobGraphPointer(StoredForms.VERSION, file.toString()));
        String node = node(jobId);
        try {
            URI replaced = null;
            try {
                client.create().creatingParentContainersIfNeeded().forPath(node, pointer);
            } catch (KeeperException.NodeExistsException e) {
                Stat stat = new Stat();
                byte[] before = client.getData().storingStatIn(stat).forPath(node);
                client.setData().withVersion(stat.getVersion()).forPath(node, pointer);
                replaced = readPointer(before, node);
            }
            if (replaced != null) {
                deleteQuietly(replaced);
            }
        } catch (Exception e) {
            deleteQuietly(file);
            throw ZooKeeperHighAvailabilityServices.failure("store the pointer to the job graph of job " + jobId
                    + " in " + node, e);
        }
    }

    @Override
    public void removeJobGraph(JobId jobId) {
        String node = node(jobId);
        try {
            Stat stat = new Stat();
            byte[] pointer = client.getData().storingStatIn(stat).forPath(node);
            client.delete().withVersion(stat.getVersion()).forPath(node);
            deleteQuietly(readPointer(pointer, node));
        } catch (KeeperException.NoNodeException e) {
            // Not stored (or removed meanwhile): nothing to do.
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure("remove the job graph of job " + jobId + " (" + node + ")", e);
        }
    }

    @Override
    public Collection<JobId> jobIds() {
        try {
            return client.getChildren().forPath(ZooKeeperHighAvailabilityServices.JOB_GRAPHS).stream()
                    .map(JobId::new).toList();
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure("list the job graphs in "
                    + ZooKeeperHighAvailabilityServices.JOB_GRAPHS, e);
        }
    }

    @Override
    public Optional<JobGraph> recoverJobGraph(JobId jobId) {
        String node = node(jobId);
        URI file;
        try {
            file = readPointer(client.getData().forPath(node), node);
        } catch (KeeperException.NoNodeException e) {
            return Optional.empty();
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure("read the pointer to the job graph of job " + jobId
                    + " (" + node + ")", e);
        }
        try (InputStream in = storage.open(file)) {
            return Optional.of(FilteredSerialization.fromBytes(in, JobGraph.class));
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new HighAvailabilityException("The job graph of job " + jobId + " is lost: " + node + " names "
                    + file + ", which does not exist", e);
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new HighAvailabilityException("Cannot read the job graph of job " + jobId + " from " + file + ": "
                    + e, e);
        }
    }

    private static URI readPointer(byte[] pointer, String node) {
        return StoredForms.read(pointer, StoredForms.JobGraphPointer.class, node).uri();
    }

    private void deleteQuietly(URI file) {
        try {
            storage.delete(file);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not delete the job graph file {}", file, e);
        }
    }
}
