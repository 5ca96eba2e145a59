package dev.runnel.shell.engine;

import dev.runnel.planner.session.SessionMetadata;
import dev.runnel.planner.catalog.ClusterCatalogStore;
import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.highavailability.HighAvailabilityType;
import dev.runnel.runtime.highavailability.LeaderRetrieval;
import dev.runnel.runtime.highavailability.LeaderRetrievalListener;
import dev.runnel.runtime.rest.RestOptions;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * A planner {@link Session} on a cluster: an {@link EmbeddedCluster} (one JobManager and one
 * TaskManager in this JVM, {@link #start}) or the JobManager of a session cluster in another
 * process ({@link #attach}). Closing an embedded engine stops its cluster, which cancels the jobs
 * still running, so nothing outlives the shell process; closing an attached one leaves the
 * cluster and its jobs running, as Flink's SQL client does.
 */
public final class SessionEngine implements StatementExecutor {
    /** The TaskManager's slot count ({@code --slots}); the runtime's (Flink's) option key. */
    public static final String SLOTS_KEY = RuntimeOptions.NUMBER_OF_TASK_SLOTS.key();

    private final ClusterClient cluster;
    private final Session session;
    private final Supplier<String> description;
    private final List<String> warnings;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** What closing the engine runs: closes the cluster client, or stops whatever owns the cluster. */
    private final Runnable closeCluster;
    /** How long a client of a highly available cluster waits for a leader before a call fails. */
    private static final Duration LEADER_TIMEOUT = Duration.ofSeconds(30);

    private SessionEngine(ClusterClient cluster, Session session, Supplier<String> description, List<String> warnings) {
        this(cluster, session, description, warnings, cluster::close);
    }

    private SessionEngine(ClusterClient cluster, Session session, Supplier<String> description, List<String> warnings,
                          Runnable closeCluster) {
        this.closeCluster = closeCluster;
        this.cluster = cluster;
        this.session = session;
        this.description = description;
        this.warnings = List.copyOf(warnings);
    }

    /**
     * A session on the JobManager at {@code address} ({@code host:port}, its RPC port), in
     * another process.
     *
     * @throws IllegalArgumentException if {@code address} is not {@code host:port}
     * @throws dev.runnel.runtime.rpc.ClusterConnectionException if the JobManager does not answer
     */
    public static SessionEngine attach(Configuration configuration, String address) {
        RemoteClusterClient client = connectToJobManager(configuration, address);
        return new SessionEngine(client, sharingTheClustersCatalog(client, configuration),
                () -> "session cluster, JobManager at " + client.address(), List.of());
    }

    /**
     * A session on a session cluster: its permanent tables, views and functions are those of the
     * cluster's catalog, shared with every other shell and JDBC gateway attached to it, if the
     * JobManager keeps one; else its own, in memory, as embedded.
     */
    private static Session sharingTheClustersCatalog(ClusterClient client, Configuration configuration) {
        return ClusterCatalogStore.of(client).map(store -> new Session(client, configuration, store))
                .orElseGet(() -> new Session(client, configuration));
    }

    /** Whether {@code configuration} names a highly available cluster ({@code high-availability.type} is not none). */
    public static boolean highlyAvailable(Configuration configuration) {
        return configuration.get(HighAvailabilityOptions.TYPE) != HighAvailabilityType.NONE;
    }

    /**
     * A session on the leading JobManager of the highly available cluster that
     * {@code configuration}'s {@code high-availability.*} options name, found through ZooKeeper
     * and followed when the leadership moves: the next statement reaches the new leader.
     *
     * @throws dev.runnel.runtime.highavailability.HighAvailabilityException if ZooKeeper cannot be used
     */
    public static SessionEngine attachToLeader(Configuration configuration) {
        RemoteClusterClient client = connectToLeader(configuration, LEADER_TIMEOUT);
        String clusterId = HighAvailabilityOptions.clusterId(configuration);
        return new SessionEngine(client, sharingTheClustersCatalog(client, configuration),
                () -> "highly available session cluster '" + clusterId + "', leading JobManager at "
                        + client.leaderAddress(), List.of());
    }

    /**
     * A client of the leading JobManager of the highly available cluster that
     * {@code configuration}'s {@code high-availability.*} options name, following the leadership
     * (see {@link RemoteClusterClient#following}); closing it also closes its connection to ZooKeeper.
     *
     * @throws dev.runnel.runtime.highavailability.HighAvailabilityException if ZooKeeper cannot be used
     */
    public static RemoteClusterClient connectToLeader(Configuration configuration, Duration leaderTimeout) {
        HighAvailabilityServices services = HighAvailabilityServicesFactory.create(configuration);
        LeaderRetrieval retrieval = services.jobManagerLeaderRetrieval();
        LeaderRetrieval owning = new LeaderRetrieval() {
            @Override
            public void start(LeaderRetrievalListener listener) {
                retrieval.start(listener);
            }

            @Override
            public void close() {
                try {
                    retrieval.close();
                } finally {
                    services.close();
                }
            }
        };
        try {
            return RemoteClusterClient.following(owning, ClusterCredentials.from(configuration), leaderTimeout);
        } catch (RuntimeException e) {
            owning.close();
            throw e;
        }
    }

    /**
     * A client of the JobManager at {@code address} ({@code host:port}, its RPC port), as
     * {@code --jobmanager} names it.
     *
     * @throws IllegalArgumentException if {@code address} is not {@code host:port}
     * @throws dev.runnel.runtime.rpc.ClusterConnectionException if the JobManager does not answer
     */
    public static RemoteClusterClient connectToJobManager(Configuration configuration, String address) {
        int colon = address.lastIndexOf(':');
        int port;
        try {
            port = colon > 0 ? Integer.parseInt(address.substring(colon + 1)) : -1;
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--jobmanager takes host:port (the JobManager's RPC port), not '"
                    + address + "'");
        }
        return RemoteClusterClient.connect(address.substring(0, colon), port, ClusterCredentials.from(configuration));
    }

    /**
     * Starts an embedded cluster configured by {@code configuration} and a session on it. When
     * {@code rest.port} or {@code rest.bind-port} is set it also starts the REST endpoint; if its
     * port is taken the engine runs without it and {@link #warnings()} says so.
     */
    public static SessionEngine start(Configuration configuration) {
        Configuration clusterConfiguration = configuration.copy();
        clusterConfiguration.remove(RestOptions.PORT.key());
        clusterConfiguration.remove(RestOptions.BIND_PORT.key());
        EmbeddedCluster cluster = EmbeddedCluster.start(clusterConfiguration);
        String warning = null;
        if (RestOptions.isConfigured(configuration)) {
            try {
                cluster.startRestServer(configuration);
            } catch (ConfigException e) {
                // Another shell (or any program) may hold the port: the shell is still useful without REST.
                warning = e.getMessage() + "; running without the REST endpoint";
            }
        }
        int slots = configuration.get(RuntimeOptions.NUMBER_OF_TASK_SLOTS);
        return new SessionEngine(cluster, new Session(cluster, configuration),
                () -> "embedded cluster with " + slots + (slots == 1 ? " slot" : " slots")
                        + cluster.restAddress().map(url -> ", REST API at " + url).orElse(""),
                warning == null ? List.of() : List.of(warning));
    }

    /**
     * A session on {@code cluster}, which someone else started: closing the engine runs
     * {@code closeCluster} (which stops application mode's cluster of processes, say).
     */
    public static SessionEngine on(ClusterClient cluster, Configuration configuration, String description,
                                   Runnable closeCluster) {
        return new SessionEngine(cluster, new Session(cluster, configuration), () -> description, List.of(),
                closeCluster);
    }

    @Override
    public StatementResult execute(String statement) {
        return session.execute(statement);
    }

    @Override
    public ClusterClient cluster() {
        return cluster;
    }

    @Override
    public Configuration configuration() {
        return session.configuration();
    }

    @Override
    public SessionMetadata metadata() {
        return session.metadata();
    }

    @Override
    public boolean inStatementSet() {
        return session.inStatementSet();
    }

    /*
     * Calcite loads and initializes some thousand classes on the first statement (~1.5 s).
     * Planning a throwaway query in a separate session, on a daemon thread, does that while the
     * person types; class loading is thread-safe, and the throwaway session shares nothing
     * mutable with the user's (its own catalog and settings; explain submits no job).
     */
    @Override
    public void warmUpInBackground() {
        Thread warmUp = new Thread(() -> {
            try (Session scratch = new Session(cluster, new Configuration())) {
                scratch.explain("SELECT UPPER(x) FROM (VALUES ('a')) AS t(x) WHERE x <> 'b'");
            } catch (RuntimeException e) {
                // Only a head start: the user's first statement will report any real problem.
            }
        }, "runnel-planner-warm-up");
        warmUp.setDaemon(true);
        warmUp.start();
    }

    @Override
    public String description() {
        return description.get();
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            session.close();
        } finally {
            closeCluster.run();
        }
    }
}
