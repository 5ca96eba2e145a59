package dev.runnel.shell.cluster;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityType;
import dev.runnel.shell.engine.SessionEngine;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * {@code runnel cluster start --jobmanagers N} (N of 2 or more): a highly available session
 * cluster on this machine — N JobManagers that contend for leadership through the user's
 * ZooKeeper ({@code high-availability.*}) and TaskManagers of their own that follow the leader,
 * every one a background process in a session of its own. Unlike the TaskManagers of a single
 * JobManager, these do not end with a JobManager: they outlive its failover. Their pids are kept
 * in {@code $RUNNEL_HOME/cluster/members}; {@code cluster stop} stops them all.
 */
final class HighAvailabilityPair {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final ClusterCommand.State state;
    private final Map<String, String> settings;
    private final PrintWriter out;
    private final PrintWriter err;

    HighAvailabilityPair(ClusterCommand.State state, Map<String, String> settings, PrintWriter out, PrintWriter err) {
        this.state = state;
        this.settings = new TreeMap<>(settings);
        this.out = out;
        this.err = err;
    }

    /**
     * Checks the HA settings ({@code high-availability.type} is set to zookeeper when unset, the
     * quorum and storage directory are required), so that a missing one is an error naming its
     * key before any process starts.
     *
     * @throws dev.runnel.runtime.config.ConfigException naming the key of an option that is missing or malformed
     */
    static Map<String, String> checked(Map<String, String> fromFile, Map<String, String> settings) {
        Map<String, String> all = new TreeMap<>(fromFile);
        all.putAll(settings);
        Map<String, String> given = new TreeMap<>(settings);
        if (!all.containsKey(HighAvailabilityOptions.TYPE.key())) {
            given.put(HighAvailabilityOptions.TYPE.key(), "zookeeper");
            all.put(HighAvailabilityOptions.TYPE.key(), "zookeeper");
        }
        Configuration configuration = new Configuration(all);
        if (configuration.get(HighAvailabilityOptions.TYPE) == HighAvailabilityType.NONE) {
            throw new dev.runnel.runtime.config.ConfigException(HighAvailabilityOptions.TYPE.key(),
                    "--jobmanagers 2 or more needs high availability, but " + HighAvailabilityOptions.TYPE.key()
                            + " is 'none'");
        }
        HighAvailabilityOptions.quorum(configuration);
        HighAvailabilityOptions.storageDir(configuration);
        HighAvailabilityOptions.clusterId(configuration);
        return given;
    }

    /** Starts the JobManagers, then the TaskManagers; on a failure stops what it started. Exit code. */
    int start(int jobManagers, int taskManagers) throws IOException, InterruptedException {
        List<ProcessHandle> started = new ArrayList<>();
        List<String> addresses = new ArrayList<>();
        try {
            for (int i = 1; i <= jobManagers; i++) {
                Path log = state.dir().resolve("jobmanager-" + i + ".out");
                ProcessHandle jobManager = launch(List.of("jobmanager", "--ha", "--rpc-port", "0", "--rest-port", "0"),
                        log, JobManagerCommand.READY, started);
                String line = Files.readString(log, StandardCharsets.UTF_8);
                int at = line.indexOf("RPC at ") + "RPC at ".length();
                addresses.add(line.substring(at, line.indexOf(',', at)) + " (pid " + jobManager.pid() + ")");
            }
            for (int i = 1; i <= taskManagers; i++) {
                launch(List.of("taskmanager"), state.dir().resolve("taskmanager-" + i + ".out"),
                        TaskManagerCommand.REGISTERED, started);
            }
        } catch (IllegalStateException e) {
            stop(started);
            err.println("[ERROR] " + e.getMessage());
            return 1;
        }
        state.record(started.get(0));
        Files.writeString(state.addressFile(), "zookeeper");
        Files.writeString(members(state), started.stream().map(HighAvailabilityPair::recorded)
                .collect(Collectors.joining("\n")));
        Files.writeString(settingsFile(state), settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("\n")));
        out.println("[INFO] Highly available session cluster started: " + jobManagers + " JobManagers contending "
                + "through ZooKeeper (" + String.join(", ", addresses) + "), " + taskManagers
                + (taskManagers == 1 ? " TaskManager" : " TaskManagers") + ". Attach with: runnel "
                + settings.entrySet().stream().filter(e -> e.getKey().startsWith("high-availability."))
                .map(e -> "-D " + e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
        return 0;
    }

    /** Starts {@code runnel <args>} with the settings and waits until its output holds {@code ready}. */
    private ProcessHandle launch(List<String> args, Path log, String ready, List<ProcessHandle> started)
            throws IOException, InterruptedException {
        List<String> command = ClusterCommand.javaCommand();
        command.addAll(args);
        settings.forEach((k, v) -> command.addAll(List.of("-D", k + "=" + v)));
        Process process = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        started.add(process.toHandle());
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            String printed = Files.readString(log, StandardCharsets.UTF_8);
            if (printed.contains(ready)) {
                return process.toHandle(); // setsid execs runnel: the same process
            }
            if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("runnel " + args.get(0) + " ended (exit code " + process.exitValue()
                        + ") before it was ready:\n" + printed);
            }
        }
        throw new IllegalStateException("runnel " + args.get(0) + " was not ready within " + START_TIMEOUT.toSeconds()
                + " s; its output is in " + log);
    }

    private static String recorded(ProcessHandle process) {
        return process.pid() + " " + process.info().startInstant().map(at -> String.valueOf(at.toEpochMilli()))
                .orElse("-1");
    }

    static Path members(ClusterCommand.State state) {
        return state.dir().resolve("members");
    }

    static Path settingsFile(ClusterCommand.State state) {
        return state.dir().resolve("ha.settings");
    }

    /** The settings of the HA cluster that {@code state} names, if it is one. */
    static Optional<Map<String, String>> settings(ClusterCommand.State state) throws IOException {
        if (!Files.exists(settingsFile(state))) {
            return Optional.empty();
        }
        Map<String, String> settings = new TreeMap<>();
        for (String line : Files.readAllLines(settingsFile(state))) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                settings.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return Optional.of(settings);
    }

    /** Stops every member process the state names still running (TaskManagers first), and forgets them. */
    static int stopAll(ClusterCommand.State state) throws IOException {
        if (!Files.exists(members(state))) {
            return 0;
        }
        List<ProcessHandle> running = new ArrayList<>();
        for (String line : Files.readAllLines(members(state))) {
            String[] recorded = line.strip().split(" ");
            if (recorded.length < 2) {
                continue;
            }
            long startedAt = Long.parseLong(recorded[1]);
            ProcessHandle.of(Long.parseLong(recorded[0])).filter(ProcessHandle::isAlive)
                    .filter(p -> startedAt < 0 || p.info().startInstant().map(at -> at.toEpochMilli() == startedAt)
                            .orElse(true))
                    .ifPresent(running::add);
        }
        stop(running);
        Files.deleteIfExists(members(state));
        Files.deleteIfExists(settingsFile(state));
        return running.size();
    }

    private static void stop(List<ProcessHandle> processes) {
        List<ProcessHandle> reversed = new ArrayList<>(processes);
        java.util.Collections.reverse(reversed);
        for (ProcessHandle process : reversed) {
            process.destroy();
            try {
                process.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception notInTime) {
                process.destroyForcibly();
            }
        }
    }

    /** {@code cluster status} of an HA cluster: its leader, found through ZooKeeper, and what it runs. Exit code. */
    static int status(Map<String, String> settings, PrintWriter out) {
        Configuration configuration = new Configuration(settings);
        try (RemoteClusterClient client = SessionEngine.connectToLeader(configuration, Duration.ofSeconds(10))) {
            ClusterCommand.describe(client, () -> "Highly available session cluster '"
                    + HighAvailabilityOptions.clusterId(configuration) + "' up: leading JobManager at "
                    + client.leaderAddress(), out);
            return 0;
        } catch (RuntimeException e) {
            out.println("[INFO] The highly available session cluster does not answer: " + e.getMessage());
            return 1;
        }
    }
}
