package dev.runnel.runtime.highavailability.zookeeper;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import dev.runnel.runtime.highavailability.CheckpointIdCounter;
import dev.runnel.runtime.highavailability.CompletedCheckpointStore;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.JobGraphStore;
import dev.runnel.runtime.highavailability.JobResultStore;
import dev.runnel.runtime.highavailability.LeaderElection;
import dev.runnel.runtime.highavailability.LeaderRetrieval;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.curator.RetryPolicy;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.state.SessionConnectionStateErrorPolicy;
import org.apache.curator.framework.state.StandardConnectionStateErrorPolicy;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * High availability through ZooKeeper ({@code high-availability.type: zookeeper}): one Curator
 * client per process, namespaced to {@code /<path.root>/<cluster-id>}, under which live
 *
 * <pre>
 *   /leader/latch/…                  the JobManagers' LeaderLatch
 *   /leader/connection_info          the leader's address, ephemeral, written only while it leads
 *   /jobgraphs/&lt;job-id&gt;              a pointer to the job graph's file
 *   /jobs/&lt;job-id&gt;/checkpoints/&lt;id&gt;  a pointer to a completed checkpoint's _metadata
 *   /jobs/&lt;job-id&gt;/checkpoint-id-counter
 *   /storage-dir                     the storage directory the cluster claimed
 * </pre>
 *
 * and files under {@code <storageDir>/<cluster-id>/}: {@code jobgraphs/} and {@code job-results/}.
 * Thread-safe.
 */
public final class ZooKeeperHighAvailabilityServices implements HighAvailabilityServices {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperHighAvailabilityServices.class);

    static final String LEADER_LATCH = "/leader/latch";
    static final String LEADER_CONNECTION_INFO = "/leader/connection_info";
    static final String JOB_GRAPHS = "/jobgraphs";
    static final String JOBS = "/jobs";
    static final String STORAGE_DIR_CLAIM = "/storage-dir";

    private final CuratorFramework client;
    private final String namespace;
    private final RetryPolicy retryPolicy;
    private final boolean tolerateSuspended;
    private final FileSystem storage;
    private final URI clusterStorage;
    private final ZooKeeperJobGraphStore jobGraphs;
    private final FileSystemJobResultStore jobResults;
    private final List<AutoCloseable> opened = new CopyOnWriteArrayList<>();

    private ZooKeeperHighAvailabilityServices(CuratorFramework client, String namespace, RetryPolicy retryPolicy,
                                              boolean tolerateSuspended, URI clusterStorage) {
        this.client = client;
        this.namespace = namespace;
        this.retryPolicy = retryPolicy;
        this.tolerateSuspended = tolerateSuspended;
        this.clusterStorage = clusterStorage;
        this.storage = FileSystems.forUri(clusterStorage);
        this.jobGraphs = new ZooKeeperJobGraphStore(client, storage, clusterStorage.resolve("jobgraphs/"));
        this.jobResults = new FileSystemJobResultStore(storage, clusterStorage.resolve("job-results/"));
    }

    /**
     * Connects to the quorum {@code configuration} names and checks, before anything else runs,
     * that the storage directory can be written and that no other cluster with this cluster-id
     * keeps its data elsewhere.
     *
     * @throws ConfigException naming the key of a missing or malformed option, a storage directory
     *                         that cannot be written, or a cluster-id taken by other storage
     * @throws HighAvailabilityException when the quorum cannot be reached within the connection timeout
     */
    public static ZooKeeperHighAvailabilityServices start(Configuration configuration) {
        String quorum = HighAvailabilityOptions.quorum(configuration);
        URI storageDir = HighAvailabilityOptions.storageDir(configuration).directoryUri();
        String clusterId = HighAvailabilityOptions.clusterId(configuration);
        String namespace = HighAvailabilityOptions.zooKeeperRoot(configuration) + "/" + clusterId;
        int sessionTimeout = HighAvailabilityOptions.positiveMillis(configuration, HighAvailabilityOptions.SESSION_TIMEOUT);
        int connectionTimeout = HighAvailabilityOptions.positiveMillis(configuration,
                HighAvailabilityOptions.CONNECTION_TIMEOUT);
        int retryWait = HighAvailabilityOptions.positiveMillis(configuration, HighAvailabilityOptions.RETRY_WAIT);
        int maxRetries = configuration.get(HighAvailabilityOptions.MAX_RETRY_ATTEMPTS);
        if (maxRetries < 0) {
            throw ConfigException.invalidValue(HighAvailabilityOptions.MAX_RETRY_ATTEMPTS.key(), "Option '"
                    + HighAvailabilityOptions.MAX_RETRY_ATTEMPTS.key() + "' must not be negative, was " + maxRetries);
        }
        boolean tolerateSuspended = configuration.get(HighAvailabilityOptions.TOLERATE_SUSPENDED_CONNECTIONS);
        RetryPolicy retryPolicy = new ExponentialBackoffRetry(retryWait, maxRetries);
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(quorum)
                .sessionTimeoutMs(sessionTimeout)
                .connectionTimeoutMs(connectionTimeout)
                .retryPolicy(retryPolicy)
                .namespace(namespace)
                .connectionStateErrorPolicy(tolerateSuspended ? new SessionConnectionStateErrorPolicy()
                        : new StandardConnectionStateErrorPolicy())
                .build();
        ZooKeeperHighAvailabilityServices services = null;
        try {
            client.start();
            if (!client.blockUntilConnected(connectionTimeout, TimeUnit.MILLISECONDS)) {
                throw new HighAvailabilityException("Could not connect to the ZooKeeper quorum '" + quorum + "' ("
                        + HighAvailabilityOptions.ZOOKEEPER_QUORUM.key() + ") within " + connectionTimeout + " ms ("
                        + HighAvailabilityOptions.CONNECTION_TIMEOUT.key() + ")");
            }
            services = new ZooKeeperHighAvailabilityServices(client, namespace, retryPolicy, tolerateSuspended,
                    storageDir.resolve(clusterId + "/"));
            services.checkStorage(configuration.get(HighAvailabilityOptions.STORAGE_DIR), clusterId);
            LOG.info("High availability through ZooKeeper {} under /{}, storage {}", quorum, namespace,
                    services.clusterStorage);
            return services;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            client.close();
            throw new HighAvailabilityException("Interrupted while connecting to ZooKeeper '" + quorum + "'", e);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /** The storage directory is writable, and this cluster's: a second cluster under the same id is refused. */
    private void checkStorage(String configured, String clusterId) {
        URI probe = clusterStorage.resolve(".probe-" + UUID.randomUUID());
        try {
            storage.writeAtomically(probe, new byte[0]);
            storage.delete(probe);
        } catch (IOException | RuntimeException e) {
            throw ConfigException.invalidValue(HighAvailabilityOptions.STORAGE_DIR.key(), "Cannot write to '"
                    + configured + "' (" + HighAvailabilityOptions.STORAGE_DIR.key() + "): " + e, e);
        }
        byte[] ours = clusterStorage.toString().getBytes(StandardCharsets.UTF_8);
        try {
            try {
                client.create().creatingParentContainersIfNeeded().forPath(STORAGE_DIR_CLAIM, ours);
                return;
            } catch (KeeperException.NodeExistsException e) {
                // Another JobManager of this cluster, or another cluster under the same id: compare.
            }
            String theirs = new String(client.getData().forPath(STORAGE_DIR_CLAIM), StandardCharsets.UTF_8);
            if (!theirs.equals(clusterStorage.toString())) {
                throw new ConfigException(HighAvailabilityOptions.CLUSTER_ID.key(), "The cluster '" + clusterId + "' ("
                        + HighAvailabilityOptions.CLUSTER_ID.key() + ") in ZooKeeper /" + namespace
                        + " keeps its data in " + theirs + ", not in " + clusterStorage + " ("
                        + HighAvailabilityOptions.STORAGE_DIR.key() + "): clusters that share a ZooKeeper need "
                        + "distinct cluster ids, and the JobManagers of one cluster the same storage directory");
            }
        } catch (ConfigException e) {
            throw e;
        } catch (Exception e) {
            throw failure("claim the storage directory in " + STORAGE_DIR_CLAIM, e);
        }
    }

    /** The Curator client of this process, namespaced to the cluster (for tests). */
    CuratorFramework client() {
        return client;
    }

    /** {@code <storageDir>/<cluster-id>/}. */
    URI clusterStorage() {
        return clusterStorage;
    }

    @Override
    public LeaderElection jobManagerLeaderElection() {
        return track(new ZooKeeperLeaderElection(client, LEADER_LATCH, LEADER_CONNECTION_INFO));
    }

    /**
     * The participants of the JobManagers' {@code LeaderLatch}: its nodes (named {@code …latch-<sequence>})
     * in sequence order, each holding its participant's id; the first is the one the latch makes leader.
     */
    @Override
    public List<String> jobManagerContenders() {
        try {
            if (client.checkExists().forPath(LEADER_LATCH) == null) {
                return List.of();
            }
            List<String> nodes = new ArrayList<>(client.getChildren().forPath(LEADER_LATCH));
            nodes.sort(Comparator.comparing(node -> node.substring(node.lastIndexOf('-') + 1)));
            List<String> ids = new ArrayList<>();
            for (String node : nodes) {
                try {
                    ids.add(new String(client.getData().forPath(LEADER_LATCH + "/" + node), StandardCharsets.UTF_8));
                } catch (KeeperException.NoNodeException gone) {
                    // a contender that left while we listed
                }
            }
            return ids;
        } catch (Exception e) {
            throw failure("list the JobManagers in the election at " + LEADER_LATCH, e);
        }
    }

    @Override
    public LeaderRetrieval jobManagerLeaderRetrieval() {
        return track(new ZooKeeperLeaderRetrieval(client, LEADER_CONNECTION_INFO, tolerateSuspended));
    }

    private <T extends AutoCloseable> T track(T closeable) {
        opened.add(closeable);
        return closeable;
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
    public Optional<URI> storageDirectory() {
        return Optional.of(clusterStorage);
    }

    @Override
    public CompletedCheckpointStore completedCheckpointStore(JobId jobId, int maxRetained) {
        return new ZooKeeperCompletedCheckpointStore(client, jobId, jobPath(jobId) + "/checkpoints", maxRetained);
    }

    @Override
    public CheckpointIdCounter checkpointIdCounter(JobId jobId) {
        return new ZooKeeperCheckpointIdCounter(client, jobPath(jobId) + "/checkpoint-id-counter", retryPolicy);
    }

    static String jobPath(JobId jobId) {
        return JOBS + "/" + jobId.value();
    }

    @Override
    public void close() {
        for (AutoCloseable closeable : opened) {
            try {
                closeable.close();
            } catch (Exception e) {
                LOG.warn("Could not close {}", closeable, e);
            }
        }
        opened.clear();
        client.close();
    }

    @Override
    public void closeAndCleanupAllData() {
        try {
            for (AutoCloseable closeable : opened) {
                closeable.close();
            }
            opened.clear();
            try {
                client.usingNamespace(null).delete().guaranteed().deletingChildrenIfNeeded().forPath("/" + namespace);
            } catch (KeeperException.NoNodeException e) {
                // Nothing was kept in ZooKeeper.
            }
            storage.delete(clusterStorage);
        } catch (Exception e) {
            throw failure("delete the cluster's data (/" + namespace + ", " + clusterStorage + ")", e);
        } finally {
            client.close();
        }
    }

    /** A failed ZooKeeper or storage operation as the exception the HA interfaces throw. */
    static HighAvailabilityException failure(String what, Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        if (e instanceof HighAvailabilityException ha) {
            return ha;
        }
        return new HighAvailabilityException("Could not " + what + ": " + e, e);
    }
}
