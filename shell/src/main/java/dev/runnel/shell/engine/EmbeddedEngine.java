package dev.runnel.shell.engine;

import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.config.Configuration;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A planner {@link Session} on an embedded cluster (one JobManager and one TaskManager in this
 * JVM). Closing it cancels the jobs still running and stops the cluster, so nothing outlives
 * the shell process.
 */
public final class EmbeddedEngine implements StatementExecutor {
    /** The TaskManager's slot count; the option key is the runtime's (Flink's) name. */
    public static final String SLOTS_KEY = "taskmanager.numberOfTaskSlots";
    public static final int DEFAULT_SLOTS = 2;
    private static final String EMBEDDED_CLUSTER_CLASS = "dev.runnel.runtime.cluster.EmbeddedCluster";
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedEngine.class);

    private final ClusterClient cluster;
    private final Session session;
    private final int slots;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedEngine(ClusterClient cluster, Session session, int slots) {
        this.cluster = cluster;
        this.session = session;
        this.slots = slots;
    }

    /** Starts an embedded cluster configured by {@code configuration} and a session on it. */
    public static EmbeddedEngine start(Configuration configuration) {
        ClusterClient cluster = startEmbeddedCluster(configuration);
        String slotsText = configuration.getString(SLOTS_KEY);
        int slots = slotsText == null ? DEFAULT_SLOTS : Configuration.parse(SLOTS_KEY, slotsText, Integer.class);
        return new EmbeddedEngine(cluster, new Session(cluster, configuration), slots);
    }

    /*
     * The embedded cluster is being built on the runtime branch; it is looked up by name so
     * that the shell compiles against the ClusterClient contract alone until it lands.
     */
    private static ClusterClient startEmbeddedCluster(Configuration configuration) {
        try {
            Class<?> type = Class.forName(EMBEDDED_CLUSTER_CLASS);
            return (ClusterClient) type.getMethod("start", Configuration.class).invoke(null, configuration);
        } catch (ClassNotFoundException | NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("This build has no embedded cluster (" + EMBEDDED_CLUSTER_CLASS + ")", e);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException("Could not start the embedded cluster: " + e.getCause(), e.getCause());
        }
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
    public String description() {
        return "embedded cluster with " + slots + (slots == 1 ? " slot" : " slots");
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            for (JobInfo job : cluster.listJobs()) {
                if (!job.status().isTerminal()) {
                    LOG.info("Cancelling job {} ({}) because the shell is exiting", job.id(), job.name());
                    cluster.cancelJob(job.id());
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("Could not cancel running jobs", e);
        } finally {
            try {
                session.close();
            } finally {
                cluster.close();
            }
        }
    }
}
