package dev.runnel.shell.cluster;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rest.RestOptions;
import dev.runnel.runtime.rpc.ClusterRpcServer;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code runnel jobmanager}: the JobManager of a session cluster, a long-running process that
 * takes jobs from many shells and scripts ({@code runnel --jobmanager host:port}) over gRPC and
 * serves Flink's REST API. Until TaskManagers run as processes of their own, its TaskManager
 * slots ({@code taskmanager.numberOfTaskSlots}) live in this process. It runs until SIGTERM or
 * Ctrl-C, which cancel its jobs.
 */
@Command(name = "jobmanager", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the JobManager of a session cluster until SIGTERM or Ctrl-C.",
                "Shells and scripts submit to it with: runnel --jobmanager HOST:RPC_PORT"})
public final class JobManagerCommand implements Callable<Integer> {
    /** The line printed once the JobManager takes calls; tests and scripts wait for it. */
    public static final String READY = "JobManager is up: RPC at ";

    @Option(names = "--bind", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "The address the RPC and REST ports bind to (default: ${DEFAULT-VALUE}); "
                    + "Flink's jobmanager.bind-host.")
    private String bind;

    @Option(names = "--rpc-port", paramLabel = "PORT", defaultValue = "6123",
            description = "The RPC port shells and scripts connect to (default: ${DEFAULT-VALUE}; 0: any free port); "
                    + "Flink's jobmanager.rpc.port.")
    private int rpcPort;

    @Option(names = "--rest-port", paramLabel = "PORT", defaultValue = "8081",
            description = "The port of the REST API (default: ${DEFAULT-VALUE}; 0: any free port); Flink's rest.port.")
    private int restPort;

    @Option(names = {"-D", "--set"}, paramLabel = "KEY=VALUE",
            description = "A configuration setting (repeatable), e.g. -D taskmanager.numberOfTaskSlots=4.")
    private Map<String, String> settings = new LinkedHashMap<>();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        checkLoopback();
        Configuration configuration = new Configuration(settings);
        configuration.set(RestOptions.PORT.key(), String.valueOf(restPort));
        configuration.set(RestOptions.BIND_ADDRESS.key(), bind);
        EmbeddedCluster cluster;
        try {
            cluster = EmbeddedCluster.start(configuration); // with the REST server, as configured
        } catch (ConfigException e) {
            err.println("[ERROR] " + e.getMessage());
            err.flush();
            return 1;
        }
        ClusterRpcServer rpc = null;
        CountDownLatch stopped = new CountDownLatch(1);
        try {
            URI rest = cluster.restAddress().orElseThrow();
            rpc = ClusterRpcServer.start(cluster, bind, rpcPort);
            ClusterRpcServer server = rpc;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.close();
                cluster.close();
                stopped.countDown();
            }, "runnel-jobmanager-shutdown"));
            out.println(READY + bind + ":" + rpc.port() + ", REST at " + rest);
            out.flush();
            stopped.await();
            return 0;
        } catch (ConfigException | UncheckedIOException e) {
            err.println("[ERROR] " + e.getMessage());
            err.flush();
            if (rpc != null) {
                rpc.close();
            }
            cluster.close();
            return 1;
        }
    }

    /*
     * Calls carry job graphs that this process deserializes and runs: until every connection
     * proves a cluster secret, nothing but this machine may reach the ports.
     */
    private void checkLoopback() {
        try {
            if (!InetAddress.getByName(bind).isLoopbackAddress()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--bind " + bind
                        + " is not a loopback address: binding wider needs a cluster secret, which Runnel does not"
                        + " have yet, so the JobManager binds 127.0.0.1 (or another loopback address) only");
            }
        } catch (UnknownHostException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--bind " + bind + ": unknown host");
        }
    }
}
