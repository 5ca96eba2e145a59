package dev.runnel.shell.cluster;

import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rpc.JobManagerConnection;
import dev.runnel.runtime.rpc.RpcOptions;
import dev.runnel.runtime.taskmanager.TaskManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import dev.runnel.shell.cli.ConfigFile;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code runnel taskmanager}: a TaskManager process that registers its slots with a JobManager
 * and runs the subtasks it deploys. It opens no port of its own: everything travels over the
 * connection it keeps to the JobManager's RPC port. When that JobManager is lost it cancels its
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
            description = "The JobManager's RPC port (default: jobmanager.rpc.address and jobmanager.rpc.port).")
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
        Optional<String> secret;
        try {
            Map<String, String> preset = new LinkedHashMap<>(ConfigFile.fromEnvironment());
            preset.putAll(settings);
            configuration = new Configuration(preset);
            secret = RpcOptions.clusterSecret(configuration);
            RpcOptions.heartbeatTimeout(configuration);
        } catch (ConfigException e) {
            err.println("[ERROR] " + e.getMessage());
            err.flush();
            return 1;
        }
        String address = jobManager != null ? jobManager
                : configuration.get(RpcOptions.JOBMANAGER_RPC_ADDRESS) + ":" + configuration.get(RpcOptions.JOBMANAGER_RPC_PORT);
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || !address.substring(colon + 1).matches("\\d{1,5}")) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--jobmanager takes HOST:PORT (the JobManager's RPC port), not '" + address + "'");
        }
        int slotCount = slots != null ? slots : configuration.get(RuntimeOptions.NUMBER_OF_TASK_SLOTS);
        if (slotCount < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--slots must be at least 1, was " + slotCount);
        }
        TaskManager taskManager = new TaskManager(new TaskManagerId("tm-" + ProcessHandle.current().pid() + "-"
                + shortHostName()), slotCount);
        JobManagerConnection connection = JobManagerConnection.start(taskManager, address.substring(0, colon),
                Integer.parseInt(address.substring(colon + 1)), secret, configuration, line -> {
                    out.println(line);
                    out.flush();
                });
        CountDownLatch stopped = new CountDownLatch(1);
        Runnable stop = () -> {
            connection.close();
            taskManager.close();
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

    private static String shortHostName() {
        try {
            String host = InetAddress.getLocalHost().getHostName();
            int dot = host.indexOf('.');
            return dot > 0 ? host.substring(0, dot) : host;
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
