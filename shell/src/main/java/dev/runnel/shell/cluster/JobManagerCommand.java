package dev.runnel.shell.cluster;

import dev.runnel.runtime.cluster.SharedCatalogFile;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityType;
import dev.runnel.runtime.rest.RestOptions;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.RpcOptions;
import dev.runnel.runtime.security.SslOptions;
import dev.runnel.shell.cli.ConfigFile;
import dev.runnel.shell.cli.RunnelHome;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code runnel jobmanager}: the JobManager of a session cluster, a long-running process that
 * takes jobs from many shells and scripts ({@code runnel --jobmanager host:port}) over gRPC and
 * serves Flink's REST API. Its slots are those of the TaskManager processes that register on the
 * same RPC port ({@code runnel taskmanager}), or that it starts itself ({@code --taskmanagers N}).
 * It runs until SIGTERM or Ctrl-C, which cancel its jobs.
 */
@Command(name = "jobmanager", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the JobManager of a session cluster until SIGTERM or Ctrl-C.",
                "Shells and scripts submit to it with: runnel --jobmanager HOST:RPC_PORT"})
public final class JobManagerCommand implements Callable<Integer> {
    /** The line printed once the JobManager takes calls; tests and scripts wait for it. */
    public static final String READY = "JobManager is up: RPC at ";

    @Option(names = "--bind", paramLabel = "HOST",
            description = "The address the RPC and REST ports bind to (default: jobmanager.bind-host, 127.0.0.1).")
    private String bind;

    @Option(names = "--rpc-port", paramLabel = "PORT",
            description = "The RPC port shells and scripts connect to (default: jobmanager.rpc.port, 6123; "
                    + "0: any free port).")
    private Integer rpcPort;

    @Option(names = "--rest-port", paramLabel = "PORT",
            description = "The port of the REST API (default: rest.port, 8081; 0: any free port).")
    private Integer restPort;

    @Option(names = {"-D", "--set"}, paramLabel = "KEY=VALUE",
            description = "A configuration setting (repeatable), e.g. -D taskmanager.numberOfTaskSlots=4; "
                    + "over those of $RUNNEL_CONF_DIR/config.yaml.")
    private Map<String, String> settings = new LinkedHashMap<>();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--taskmanagers", paramLabel = "N",
            description = "TaskManager processes to start on this machine, stopped with the JobManager "
                    + "(default: 0, TaskManagers register themselves: runnel taskmanager --jobmanager HOST:RPC_PORT).")
    private int taskManagers;

    @Option(names = "--ha",
            description = "Contend for leadership of a highly available cluster through ZooKeeper "
                    + "(high-availability.type: zookeeper, with high-availability.zookeeper.quorum and "
                    + "high-availability.storageDir); the leader's address is found there, no --jobmanager needed.")
    private boolean ha;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (taskManagers < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--taskmanagers must be 0 or more, was "
                    + taskManagers);
        }
        ProcessCluster cluster;
        try {
            Map<String, String> preset = new LinkedHashMap<>(ConfigFile.fromEnvironment());
            preset.putAll(settings);
            Configuration configuration = new Configuration(preset);
            // a flag wins over -D and config.yaml
            bind = bind != null ? bind : configuration.get(RpcOptions.JOBMANAGER_BIND_HOST);
            rpcPort = rpcPort != null ? rpcPort : configuration.get(RpcOptions.JOBMANAGER_RPC_PORT);
            ClusterCredentials credentials = ClusterCredentials.from(configuration);
            checkLoopback(credentials.secret());
            RpcOptions.heartbeatTimeout(configuration);
            if (restPort != null || !configuration.contains(RestOptions.PORT.key())) {
                configuration.set(RestOptions.PORT.key(), String.valueOf(restPort != null ? restPort
                        : RestOptions.PORT.defaultValue()));
            }
            configuration.set(RestOptions.BIND_ADDRESS.key(), restBind(configuration));
            if (highlyAvailable(configuration)) {
                return contend(configuration, credentials, out, err);
            }
            // The catalog the attached sessions share; with high availability it is in the HA storage.
            if (!configuration.contains(SharedCatalogFile.CATALOG_DIR.key())) {
                configuration.set(SharedCatalogFile.CATALOG_DIR.key(),
                        RunnelHome.path().resolve("jobmanager").resolve("catalog").toString());
            }
            cluster = ProcessCluster.start(configuration, settings, bind, rpcPort, credentials, taskManagers);
        } catch (ConfigException | UncheckedIOException | IllegalStateException | HighAvailabilityException e) {
            err.println("[ERROR] " + e.getMessage());
            err.flush();
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            cluster.close();
            stopped.countDown();
        }, "runnel-jobmanager-shutdown"));
        URI rest = cluster.cluster().restAddress().orElseThrow();
        out.println(READY + cluster.rpcAddress() + ", REST at " + rest + ", pid " + ProcessHandle.current().pid()
                + ", " + taskManagers + (taskManagers == 1 ? " TaskManager" : " TaskManagers") + " started");
        out.flush();
        stopped.await();
        return 0;
    }

    /** With {@code --ha} or {@code high-availability.type: zookeeper}; {@code --ha} sets the type if unset. */
    private boolean highlyAvailable(Configuration configuration) {
        HighAvailabilityType type = configuration.get(HighAvailabilityOptions.TYPE);
        if (ha && !configuration.contains(HighAvailabilityOptions.TYPE.key())) {
            configuration.set(HighAvailabilityOptions.TYPE.key(), "zookeeper");
            return true;
        }
        if (ha && type == HighAvailabilityType.NONE) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--ha contends through ZooKeeper, but "
                    + HighAvailabilityOptions.TYPE.key() + " is 'none'");
        }
        if (type != HighAvailabilityType.NONE && taskManagers > 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--taskmanagers cannot be combined with "
                    + "high availability: TaskManagers started by one JobManager would end with it; start them with "
                    + "runnel taskmanager and the same " + HighAvailabilityOptions.TYPE.key() + " settings");
        }
        return type != HighAvailabilityType.NONE;
    }

    /** Runs a contender for leadership until SIGTERM or Ctrl-C. */
    private int contend(Configuration configuration, ClusterCredentials credentials, PrintWriter out, PrintWriter err)
            throws InterruptedException {
        LeaderElectedJobManager contender = LeaderElectedJobManager.start(configuration, bind, rpcPort, credentials,
                line -> {
                    out.println(line);
                    out.flush();
                });
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            contender.close();
            stopped.countDown();
        }, "runnel-jobmanager-shutdown"));
        out.println(READY + contender.rpcAddress() + ", REST at (when leading), pid " + ProcessHandle.current().pid()
                + ", contending for leadership of cluster '" + contender.clusterId() + "'");
        out.flush();
        stopped.await();
        return 0;
    }

    /*
     * REST authenticates only with mutual TLS (security.ssl.rest.enabled and
     * security.ssl.rest.authentication-enabled): without it, it binds a loopback address
     * (rest.bind-address, or --bind where that is one), whatever the RPC port binds.
     */
    private String restBind(Configuration configuration) {
        boolean authenticated = configuration.get(SslOptions.REST_ENABLED)
                && configuration.get(SslOptions.REST_AUTHENTICATION_ENABLED);
        String rest = configuration.contains(RestOptions.BIND_ADDRESS.key())
                ? configuration.get(RestOptions.BIND_ADDRESS) : loopback(bind) || authenticated ? bind : "127.0.0.1";
        if (!loopback(rest) && !authenticated) {
            throw new CommandLine.ParameterException(spec.commandLine(), RestOptions.BIND_ADDRESS.key() + " " + rest
                    + " is not a loopback address: the REST API authenticates its clients only with mutual TLS, so"
                    + " without " + SslOptions.REST_ENABLED.key() + " and " + SslOptions.REST_AUTHENTICATION_ENABLED.key()
                    + " it binds only loopback addresses");
        }
        return rest;
    }

    private boolean loopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), host + ": unknown host");
        }
    }

    /*
     * Calls carry job graphs that this process deserializes and runs: bound wider than this
     * machine, every connection must prove the cluster secret.
     */
    private void checkLoopback(Optional<String> secret) {
        if (!loopback(bind) && secret.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--bind " + bind
                    + " is not a loopback address: binding wider needs a cluster secret that every connection"
                    + " proves; set " + RpcOptions.CLUSTER_SECRET_FILE.key() + " to a file that holds one");
        }
    }
}
