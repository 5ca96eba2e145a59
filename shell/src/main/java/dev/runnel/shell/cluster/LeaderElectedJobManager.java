package dev.runnel.shell.cluster;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.OwnedThreads;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.highavailability.LeaderContender;
import dev.runnel.runtime.highavailability.LeaderElection;
import dev.runnel.runtime.highavailability.LeaderInformation;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.ClusterRpcServer;
import dev.runnel.runtime.rpc.TaskManagerSessions;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A JobManager process of a highly available session cluster ({@code runnel jobmanager} with
 * {@code high-availability.type: zookeeper}): it binds its RPC port once, enters the election of
 * the cluster's JobManager, and stands by until it wins. Each term of leadership is a JobManager
 * of its own ({@link Term}): made when the term begins, it takes the TaskManagers' registrations
 * with the term's session id as fencing token, publishes its addresses, and recovers the jobs
 * the cluster's stores hold from their latest completed checkpoints; when the term ends it stops
 * acting at once (no checkpoint, no deployment, no command to a TaskManager), cuts its
 * TaskManagers off, and the process stands by again.
 *
 * <p>Leadership changes run one after another on a thread of their own, so that a term never
 * begins before the one before it has ended.
 */
public final class LeaderElectedJobManager implements LeaderContender, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LeaderElectedJobManager.class);
    private static final Duration REJOIN_DELAY = Duration.ofSeconds(1);

    private final Configuration configuration;
    private final HighAvailabilityServices services;
    private final ClusterRpcServer rpc;
    private final String rpcAddress;
    private final String clusterId;
    private final Consumer<String> events;
    private final OwnedThreads threads = new OwnedThreads("runnel-leadership");
    private final ExecutorService changes = Executors.newSingleThreadExecutor(threads);
    /** Changed on the leadership thread only (a term that cannot begin enters anew). */
    private volatile LeaderElection election;
    /** The term in progress, or null while standing by. Leadership thread only. */
    private Term term;
    private volatile boolean closed;

    /** One term of leadership: the JobManager of that term and the registrations it takes. */
    private record Term(UUID sessionId, EmbeddedCluster cluster, TaskManagerSessions sessions) {
    }

    private LeaderElectedJobManager(Configuration configuration, HighAvailabilityServices services,
                                    ClusterRpcServer rpc, String rpcAddress, Consumer<String> events) {
        this.configuration = configuration;
        this.services = services;
        this.rpc = rpc;
        this.rpcAddress = rpcAddress;
        this.clusterId = HighAvailabilityOptions.clusterId(configuration);
        this.events = events;
        this.election = services.jobManagerLeaderElection();
    }

    /**
     * Connects to the cluster's HA services (checking them: a quorum that cannot be reached, a
     * storage directory that cannot be written or that another cluster of the same id uses, each
     * fail here), binds the RPC port on {@code bind}:{@code rpcPort} ({@code 0}: any free port)
     * and enters the election. {@code events} hears, a line each, what a user watching the
     * process should see: each term that begins or ends.
     *
     * @throws dev.runnel.runtime.config.ConfigException naming the key of an option that is missing or malformed
     * @throws dev.runnel.runtime.highavailability.HighAvailabilityException when ZooKeeper or the storage cannot be used
     * @throws java.io.UncheckedIOException if the RPC port cannot be bound
     */
    public static LeaderElectedJobManager start(Configuration configuration, String bind, int rpcPort,
                                                ClusterCredentials credentials, Consumer<String> events) {
        HighAvailabilityServices services = HighAvailabilityServicesFactory.create(configuration);
        ClusterRpcServer rpc;
        try {
            rpc = ClusterRpcServer.startStandby(bind, rpcPort, credentials);
        } catch (RuntimeException e) {
            services.close();
            throw e;
        }
        String address = (ProcessCluster.isWildcard(bind) ? "127.0.0.1" : bind) + ":" + rpc.port();
        LeaderElectedJobManager jobManager = new LeaderElectedJobManager(configuration, services, rpc, address, events);
        jobManager.election.start(jobManager);
        return jobManager;
    }

    /** {@code host:port} of the RPC port, where it leads or stands by. */
    /** Named in the election by its RPC address, so that SHOW CLUSTER lists the standbys where clients reach them. */
    @Override
    public String contenderId() {
        return rpcAddress;
    }

    public String rpcAddress() {
        return rpcAddress;
    }

    /** The cluster's id ({@code high-availability.cluster-id}). */
    public String clusterId() {
        return clusterId;
    }

    @Override
    public void grantLeadership(UUID sessionId) {
        execute(() -> lead(sessionId));
    }

    @Override
    public void revokeLeadership() {
        // At once, on the election's thread: no call is served from here on, even before the
        // JobManager of the term has stopped.
        rpc.standBy();
        execute(this::standBy);
    }

    @Override
    public void handleError(Throwable error) {
        LOG.error("The election of the JobManager of cluster '{}' failed", clusterId, error);
        events.accept("The election of the JobManager failed: " + error.getMessage()
                + "; standing by and contending again in " + REJOIN_DELAY.toMillis() + " ms");
        rpc.standBy();
        execute(() -> {
            standBy();
            rejoin();
        });
    }

    private void execute(Runnable change) {
        if (!closed) {
            changes.execute(change);
        }
    }

    private void lead(UUID sessionId) {
        if (closed || !election.hasLeadership(sessionId)) {
            return; // the term ended before it could begin: its revoke follows
        }
        standBy();
        EmbeddedCluster cluster = null;
        try {
            cluster = EmbeddedCluster.startJobManager(configuration, services);
            TaskManagerSessions sessions = TaskManagerSessions.of(cluster.jobManager(), configuration, sessionId);
            term = new Term(sessionId, cluster, sessions);
            rpc.lead(cluster, sessions);
            // Recovered before the address is published: a client that finds this leader finds
            // its jobs too (the jobs wait for the TaskManagers, which register once it is published).
            List<JobId> recovered = cluster.recoverJobs().get(60, TimeUnit.SECONDS);
            String rest = cluster.restAddress().map(URI::toString).orElse("");
            election.confirmLeadership(new LeaderInformation(sessionId, rpcAddress, rest));
            events.accept("Leading cluster '" + clusterId + "' (term " + sessionId + "): RPC at " + rpcAddress
                    + (rest.isEmpty() ? "" : ", REST at " + rest) + ", recovered " + recovered.size()
                    + (recovered.size() == 1 ? " job" : " jobs"));
        } catch (Exception e) {
            // A term that cannot begin (its REST port taken, say) is given up, so that another
            // contender can lead: this one withdraws and enters the election anew, a second later.
            LOG.error("Could not begin the term {} of leadership of cluster '{}'", sessionId, clusterId, e);
            events.accept("Could not lead cluster '" + clusterId + "': " + e.getMessage()
                    + "; standing by and contending again in " + REJOIN_DELAY.toMillis() + " ms");
            rpc.standBy();
            if (term == null && cluster != null) {
                cluster.close(); // made, but its term never began: nothing to suspend
            }
            standBy();
            rejoin();
        }
    }

    /** Leaves the election and enters it again after {@link #REJOIN_DELAY}. Leadership thread. */
    private void rejoin() {
        LeaderElection withdrawn = election;
        try {
            withdrawn.close();
        } catch (RuntimeException e) {
            LOG.warn("Could not leave the election of cluster '{}'", clusterId, e);
        }
        try {
            Thread.sleep(REJOIN_DELAY.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (!closed) {
            election = services.jobManagerLeaderElection();
            election.start(this);
        }
    }

    /** Ends the term in progress, if any: its JobManager stops acting and its TaskManagers are cut off. */
    private void standBy() {
        Term ending = term;
        if (ending == null) {
            return;
        }
        term = null;
        rpc.standBy();
        try {
            ending.cluster().suspend().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.warn("The JobManager of term {} did not suspend its jobs cleanly", ending.sessionId(), e);
        } finally {
            ending.sessions().close();
            ending.cluster().close();
        }
        events.accept("No longer leading cluster '" + clusterId + "' (term " + ending.sessionId()
                + " ended); standing by");
    }

    /**
     * Withdraws from the election (another contender may lead at once), ends the term in
     * progress without cancelling its jobs — the next leader recovers them — and releases the
     * port and the connection to ZooKeeper.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            election.close();
        } catch (RuntimeException e) {
            LOG.warn("Could not leave the election of cluster '{}'", clusterId, e);
        }
        closed = true;
        changes.execute(this::standBy);
        changes.shutdown();
        try {
            changes.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        rpc.close();
        services.close();
    }
}
