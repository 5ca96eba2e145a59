package dev.runnel.shell.cluster;

import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.highavailability.HighAvailabilityType;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.netty.NettyExchange;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.JobManagerConnection;
import dev.runnel.runtime.rpc.RpcOptions;
import dev.runnel.runtime.state.ManagedMemory;
import dev.runnel.runtime.taskmanager.TaskManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import dev.runnel.shell.cli.ConfigFile;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code runnel taskmanager}: a TaskManager process that registers its slots with a JobManager
 * and runs the subtasks it deploys. Control travels over the connection it keeps to the
 * JobManager's RPC port; its data port ({@code taskmanager.bind-host}, {@code taskmanager.data.port})
 * sends its subtasks' output to the TaskManagers that consume it. When that JobManager is lost it cancels its
 * tasks and registers again, for as long as it runs (until SIGTERM or Ctrl-C; a TaskManager
 * started by a JobManager, {@link TaskManagerProcesses}, also ends with it).
 */
@Command(name = "taskmanager", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a TaskManager that offers its slots to a JobManager, until SIGTERM or Ctrl-C."})
public final class TaskManagerCommand implements Callable<Integer> {
    /** The start of the line printed at each registration; tests and scripts wait for it. */
    public static final String REGISTERED = "Registered with the JobManager at ";
    /** Set by {@link TaskManagerProcesses}: the pid of the JobManager whose end ends this process. */
    static final String PARENT_PID_ENV = "RUNNEL_TASKMANAGER_PARENT_PID";

    @Option(names = "--jobmanager", paramLabel = "HOST:PORT",
            description = "The JobManager's RPC port (default: with high-availability.type zookeeper the leader "
                    + "found through ZooKeeper, else jobmanager.rpc.address and jobmanager.rpc.port).")
    private String jobManager;

    @Option(names = "--slots", paramLabel = "N",
            description = "The slots this TaskManager offers (default: taskmanager.numberOfTaskSlots, 2).")
    private Integer slots;

    @Option(names = {"-D", "--set"}, paramLabel = "KEY=VALUE",
            description = "A configuration setting (repeatable); over those of $RUNNEL_CONF_DIR/config.yaml.")
    private Map<String, String> settings = new LinkedHashMap<>();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Configuration configuration;
        ClusterCredentials credentials;
        try {
            Map<String, String> preset = new LinkedHashMap<>(ConfigFile.fromEnvironment());
            preset.putAll(settings);
            configuration = new Configuration(preset);
            credentials = ClusterCredentials.from(configuration);
            RpcOptions.heartbeatTimeout(configuration);
        } catch (ConfigException e) {
            err.println("[ERROR] " + e.getMessage());
            err.flush();
            return 1;
        }
        // with high availability and no --jobmanager, the leader is found (and followed) through ZooKeeper
        boolean followLeader = jobManager == null
                && configuration.get(HighAvailabilityOptions.TYPE) != HighAvailabilityType.NONE;
        String address = jobManager != null ? jobManager
                : configuration.get(RpcOptions.JOBMANAGER_RPC_ADDRESS) + ":" + configuration.get(RpcOptions.JOBMANAGER_RPC_PORT);
        int colon = address.lastIndexOf(':');
        if (!followLeader && (colon <= 0 || !address.substring(colon + 1).matches("\\d{1,5}"))) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--jobmanager takes HOST:PORT (the JobManager's RPC port), not '" + address + "'");
        }
        int slotCount = slots != null ? slots : configuration.get(RuntimeOptions.NUMBER_OF_TASK_SLOTS);
        if (slotCount < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--slots must be at least 1, was " + slotCount);
        }
        String bindHost = configuration.get(RpcOptions.TASKMANAGER_BIND_HOST);
        if (!loopback(bindHost) && credentials.secret().isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), RpcOptions.TASKMANAGER_BIND_HOST.key() + " "
                    + bindHost + " is not a loopback address: binding wider needs a cluster secret that every"
                    + " connection proves; set " + RpcOptions.CLUSTER_SECRET_FILE.key() + " to a file that holds one");
        }
        String advertised = configuration.get(RpcOptions.TASKMANAGER_HOST);
        if (advertised == null || advertised.isBlank()) {
            advertised = wildcard(bindHost) ? fullHostName() : bindHost;
        }
        LocalChannelRegistry channels = new LocalChannelRegistry();
        NettyExchange exchange;
        try {
            exchange = NettyExchange.start(channels, bindHost, configuration.get(RpcOptions.TASKMANAGER_DATA_PORT),
                    advertised, credentials.secret(), credentials.tls());
        } catch (UncheckedIOException e) {
            err.println("[ERROR] " + e.getMessage() + " (" + RpcOptions.TASKMANAGER_DATA_PORT.key() + ")");
            err.flush();
            return 1;
        }
        String name = configuration.get(RpcOptions.TASKMANAGER_RESOURCE_ID);
        if (name == null || name.isBlank()) {
            name = "tm-" + ProcessHandle.current().pid() + "-" + shortHostName();
        }
        ManagedMemory managedMemory;
        try {
            managedMemory = ManagedMemory.of(configuration, slotCount);
        } catch (ConfigException e) {
            exchange.close();
            err.println("[ERROR] " + e.getMessage());
            err.flush();
            return 1;
        }
        TaskManager taskManager = new TaskManager(new TaskManagerId(name), slotCount, channels, exchange, managedMemory);
        Consumer<String> events = line -> {
            out.println(line);
            out.flush();
        };
        HighAvailabilityServices services = null;
        JobManagerConnection connection;
        try {
            if (followLeader) {
                services = HighAvailabilityServicesFactory.create(configuration);
                connection = JobManagerConnection.start(taskManager, services.jobManagerLeaderRetrieval(), credentials,
                        configuration, events);
            } else {
                connection = JobManagerConnection.start(taskManager, address.substring(0, colon),
                        Integer.parseInt(address.substring(colon + 1)), credentials, configuration, events);
            }
        } catch (ConfigException | HighAvailabilityException e) {
            if (services != null) {
                services.close();
            }
            taskManager.close();
            exchange.close();
            err.println("[ERROR] " + e.getMessage());
            err.flush();
            return 1;
        }
        HighAvailabilityServices haServices = services;
        CountDownLatch stopped = new CountDownLatch(1);
        Runnable stop = () -> {
            connection.close();
            if (haServices != null) {
                haServices.close();
            }
            taskManager.close();
            exchange.close();
            stopped.countDown();
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "runnel-taskmanager-shutdown"));
        parentPid().ifPresent(pid -> ProcessHandle.of(pid).map(ProcessHandle::onExit)
                .orElse(CompletableFuture.completedFuture(null)).thenRun(() -> {
                    out.println("The JobManager that started this TaskManager (pid " + pid + ") ended; stopping");
                    out.flush();
                    System.exit(0); // runs the shutdown hook
                }));
        stopped.await();
        return 0;
    }

    private static Optional<Long> parentPid() {
        String pid = System.getenv(PARENT_PID_ENV);
        try {
            return pid == null || pid.isBlank() ? Optional.empty() : Optional.of(Long.parseLong(pid.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private boolean loopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), host + ": unknown host ("
                    + RpcOptions.TASKMANAGER_BIND_HOST.key() + ")");
        }
    }

    private static boolean wildcard(String host) {
        try {
            return InetAddress.getByName(host).isAnyLocalAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static String shortHostName() {
        String host = fullHostName();
        int dot = host.indexOf('.');
        return dot > 0 ? host.substring(0, dot) : host;
    }

    private static String fullHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
