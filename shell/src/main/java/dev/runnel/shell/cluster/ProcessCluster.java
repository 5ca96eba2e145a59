package dev.runnel.shell.cluster;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.ClusterRpcServer;
import dev.runnel.runtime.rpc.TaskManagerSessions;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JobManager in this process whose TaskManagers are processes of their own: its RPC port takes
 * clients and TaskManager registrations alike, and with {@code taskManagers > 0} it starts that
 * many TaskManager processes on this machine ({@link TaskManagerProcesses}) and stops them when
 * it closes. What {@code runnel jobmanager} and {@code runnel run-application --taskmanagers N}
 * run.
 */
public final class ProcessCluster implements AutoCloseable {
    /** Flink's key: the JVM options of the TaskManager processes it starts (a heap size, say). */
    public static final ConfigOption<String> TASKMANAGER_JAVA_OPTS = ConfigOption.of("env.java.opts.taskmanager",
            String.class, "", "JVM options of the TaskManager processes a JobManager starts (--taskmanagers), "
                    + "e.g. -Xmx1g.");

    /**
     * Flink's key: the most slots the cluster allocates. With TaskManagers started by the
     * JobManager it caps how many run (its slots divided by each one's); by default as many as
     * it started first, so a lost one is replaced and no more.
     */
    public static final ConfigOption<Integer> SLOTS_MAX = ConfigOption.of("slotmanager.number-of-slots.max",
            Integer.class, null, "The most slots the TaskManager processes a JobManager starts may offer together "
                    + "(default: those of the ones it starts first).");

    /** The keys of the process resource manager ({@code resourcemanager.start-worker.*}). */
    public static List<ConfigOption<?>> resourceManagerOptions() {
        return ProcessResourceManager.options();
    }

    /** How long started TaskManagers may take to register (a JVM start and a connection each). */
    private static final Duration REGISTRATION_TIMEOUT = Duration.ofSeconds(60);

    private final EmbeddedCluster cluster;
    private final TaskManagerSessions sessions;
    private final ClusterRpcServer rpc;
    private final TaskManagerProcesses processes;
    private final String rpcAddress;
    private ProcessResourceManager resourceManager;

    private ProcessCluster(EmbeddedCluster cluster, TaskManagerSessions sessions, ClusterRpcServer rpc,
                           TaskManagerProcesses processes, String rpcAddress) {
        this.cluster = cluster;
        this.sessions = sessions;
        this.rpc = rpc;
        this.processes = processes;
        this.rpcAddress = rpcAddress;
    }

    /**
     * Starts the JobManager (with its REST API when {@code configuration} sets {@code rest.port}),
     * its RPC port on {@code bind}:{@code rpcPort} ({@code 0}: any free port) and
     * {@code taskManagers} TaskManager processes, which get {@code settings} as {@code -D}; returns
     * once they all registered.
     *
     * @throws IllegalStateException if a TaskManager did not register in time, saying why
     * @throws java.io.UncheckedIOException if the RPC port cannot be bound
     */
    public static ProcessCluster start(Configuration configuration, Map<String, String> settings, String bind,
                                       int rpcPort, ClusterCredentials credentials, int taskManagers) {
        EmbeddedCluster cluster = EmbeddedCluster.startJobManager(configuration);
        TaskManagerSessions sessions = null;
        ClusterRpcServer rpc = null;
        TaskManagerProcesses processes = null;
        try {
            sessions = TaskManagerSessions.of(cluster.jobManager(), configuration);
            rpc = ClusterRpcServer.start(cluster, Optional.of(sessions), bind, rpcPort, credentials);
            String address = bind + ":" + rpc.port();
            // bound to every address, the JobManager is reached on this machine through loopback
            String local = (isWildcard(bind) ? "127.0.0.1" : bind) + ":" + rpc.port();
            processes = new TaskManagerProcesses(local, configuration, settings);
            ProcessCluster started = new ProcessCluster(cluster, sessions, rpc, processes, address);
            processes.start(taskManagers);
            started.awaitTaskManagers(taskManagers);
            if (taskManagers > 0) {
                int slots = Integer.parseInt(settings.getOrDefault(RuntimeOptions.NUMBER_OF_TASK_SLOTS.key(),
                        String.valueOf(configuration.get(RuntimeOptions.NUMBER_OF_TASK_SLOTS))));
                Integer maxSlots = configuration.get(SLOTS_MAX);
                int most = maxSlots == null ? taskManagers : Math.max(1, maxSlots / slots);
                started.resourceManager = new ProcessResourceManager(processes, slots, most, configuration,
                        cluster.jobManager()::askForMissingSlots);
                cluster.jobManager().useResourceManager(started.resourceManager).join();
            }
            return started;
        } catch (RuntimeException e) {
            if (processes != null) {
                processes.close();
            }
            if (rpc != null) {
                rpc.close();
            }
            if (sessions != null) {
                sessions.close();
            }
            cluster.close();
            throw e;
        }
    }

    static boolean isWildcard(String host) {
        try {
            return InetAddress.getByName(host).isAnyLocalAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private void awaitTaskManagers(int count) {
        long deadline = System.nanoTime() + REGISTRATION_TIMEOUT.toNanos();
        while (cluster.registeredTaskManagers().size() < count) {
            String ended = processes.ended();
            if (!ended.isEmpty() || System.nanoTime() > deadline) {
                throw new IllegalStateException("The TaskManagers did not register with the JobManager at "
                        + rpcAddress + " within " + REGISTRATION_TIMEOUT.toSeconds() + " s"
                        + (ended.isEmpty() ? "" : ": " + ended));
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for the TaskManagers to register", e);
            }
        }
    }

    /** The JobManager: what clients in this process use. */
    public EmbeddedCluster cluster() {
        return cluster;
    }

    /** {@code host:port} of the RPC port. */
    public String rpcAddress() {
        return rpcAddress;
    }

    public int rpcPort() {
        return rpc.port();
    }

    /** The CPU time its TaskManager processes used so far, as the OS counts it. */
    public long taskManagerCpuNanos() {
        return processes.running().stream().mapToLong(p -> p.info().totalCpuDuration()
                .map(Duration::toNanos).orElse(0L)).sum();
    }

    /**
     * Cancels the jobs still running (while the TaskManagers can still report), then stops the
     * RPC port and the TaskManager processes this started.
     */
    @Override
    public void close() {
        try {
            cluster.close();
        } finally {
            if (resourceManager != null) {
                resourceManager.close();
            }
            rpc.close();
            processes.close();
            sessions.close();
        }
    }
}
