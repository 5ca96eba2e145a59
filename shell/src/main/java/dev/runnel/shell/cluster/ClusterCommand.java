package dev.runnel.shell.cluster;

import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import dev.runnel.shell.cli.ConfigFile;
import dev.runnel.shell.cli.RunnelHome;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code runnel cluster start|stop|status}: a local session cluster in the background, as
 * Flink's {@code start-cluster.sh} and {@code stop-cluster.sh}. {@code start} runs
 * {@code runnel jobmanager --taskmanagers N} as a process of its own (in a session of its own, so
 * that the terminal's Ctrl-C and hang-up do not reach it), which starts its TaskManager processes
 * and stops them when it stops, and remembers its pid and address under
 * {@code $RUNNEL_HOME/cluster/}; {@code stop} ends that process; {@code status} asks it.
 */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        subcommands = {ClusterCommand.Start.class, ClusterCommand.Stop.class, ClusterCommand.Status.class},
        description = "Starts, stops or shows a local session cluster in the background.")
public final class ClusterCommand implements Runnable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern READY = Pattern.compile(Pattern.quote(JobManagerCommand.READY)
            + "(\\S+):(\\d+), REST at ([^,\\s]+), pid (\\d+)");

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing what to do: start, stop or status");
    }

    /** The files of the local session cluster: {@code $RUNNEL_HOME/cluster/jobmanager.*}. */
    record State(Path dir) {
        static State here() {
            return new State(RunnelHome.path().resolve("cluster"));
        }

        Path pidFile() {
            return dir.resolve("jobmanager.pid");
        }

        Path addressFile() {
            return dir.resolve("jobmanager.address");
        }

        Path outFile() {
            return dir.resolve("jobmanager.out");
        }

        /** The JobManager process this state names, if it still runs (a recycled pid does not count). */
        Optional<ProcessHandle> process() {
            try {
                if (!Files.exists(pidFile())) {
                    return Optional.empty();
                }
                String[] recorded = Files.readString(pidFile()).strip().split(" ");
                long started = recorded.length > 1 ? Long.parseLong(recorded[1]) : -1;
                return ProcessHandle.of(Long.parseLong(recorded[0])).filter(ProcessHandle::isAlive)
                        .filter(p -> started < 0 || p.info().startInstant()
                                .map(at -> at.toEpochMilli() == started).orElse(true));
            } catch (IOException | NumberFormatException e) {
                return Optional.empty();
            }
        }

        /** {@link #process}, or when none runs: says so and forgets the files of one that ended. */
        Optional<ProcessHandle> runningOrSay(PrintWriter out) throws IOException {
            Optional<ProcessHandle> running = process();
            if (running.isEmpty()) {
                clear();
                out.println("[INFO] No session cluster is running.");
            }
            return running;
        }

        String address() throws IOException {
            return Files.readString(addressFile()).strip();
        }

        /* "<pid> <start time in ms>": a pid the system gave to another process since does not count. */
        void record(ProcessHandle process) throws IOException {
            Files.writeString(pidFile(), process.pid() + " " + process.info().startInstant()
                    .map(at -> String.valueOf(at.toEpochMilli())).orElse("-1"));
        }

        void clear() throws IOException {
            Files.deleteIfExists(pidFile());
            Files.deleteIfExists(addressFile());
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = "Starts a JobManager and its TaskManagers in the background and waits until they take jobs.")
    static final class Start implements Callable<Integer> {
        @Option(names = "--taskmanagers", paramLabel = "N", defaultValue = "1",
                description = "TaskManager processes to start with the JobManager (default: 1); "
                        + "taskmanager.numberOfTaskSlots slots each.")
        private int taskManagers;

        @Option(names = "--jobmanagers", paramLabel = "N", defaultValue = "1",
                description = "JobManagers to start (default: 1); 2 or more contend for leadership through "
                        + "ZooKeeper (high-availability.zookeeper.quorum, high-availability.storageDir), each "
                        + "TaskManager a process of its own that follows the leader.")
        private int jobManagers;

        @Option(names = "--rpc-port", paramLabel = "PORT",
                description = "Its RPC port (default: jobmanager.rpc.port, 6123; 0: any free port).")
        private Integer rpcPort;

        @Option(names = "--rest-port", paramLabel = "PORT",
                description = "Its REST port (default: rest.port, 8081; 0: any free port).")
        private Integer restPort;

        @Option(names = {"-D", "--set"}, paramLabel = "KEY=VALUE",
                description = "A configuration setting of the JobManager (repeatable).")
        private Map<String, String> settings = new LinkedHashMap<>();

        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException, InterruptedException {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            State state = State.here();
            Optional<ProcessHandle> running = state.process();
            if (running.isPresent()) {
                err.println("[ERROR] A session cluster is already running (JobManager pid " + running.get().pid()
                        + " at " + state.address() + "); runnel cluster stop stops it");
                return 1;
            }
            Files.createDirectories(state.dir());
            if (jobManagers < 1 || taskManagers < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--jobmanagers must be at least 1 and "
                        + "--taskmanagers 0 or more");
            }
            if (jobManagers > 1) {
                if (rpcPort != null || restPort != null) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--rpc-port and --rest-port name one "
                            + "JobManager's ports; with --jobmanagers " + jobManagers + " each takes free ones");
                }
                Map<String, String> checked;
                try {
                    checked = HighAvailabilityPair.checked(ConfigFile.fromEnvironment(), settings);
                } catch (ConfigException e) {
                    err.println("[ERROR] " + e.getMessage());
                    return 1;
                }
                return new HighAvailabilityPair(state, checked, out, err).start(jobManagers, taskManagers);
            }
            Process process = new ProcessBuilder(command())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectErrorStream(true)
                    .redirectOutput(state.outFile().toFile())
                    .start();
            state.record(process.toHandle());
            long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                String printed = Files.readString(state.outFile(), StandardCharsets.UTF_8);
                Matcher ready = READY.matcher(printed);
                if (ready.find()) {
                    // the JobManager's own pid: the one started may be a setsid that forked it
                    ProcessHandle jobManager = ProcessHandle.of(Long.parseLong(ready.group(4))).orElse(process.toHandle());
                    state.record(jobManager);
                    String address = ready.group(1) + ":" + ready.group(2);
                    Files.writeString(state.addressFile(), address);
                    out.println("[INFO] Session cluster started: JobManager pid " + jobManager.pid() + ", RPC at "
                            + address + ", REST at " + ready.group(3) + ", " + taskManagers
                            + (taskManagers == 1 ? " TaskManager" : " TaskManagers")
                            + ". Attach with: runnel --jobmanager " + address);
                    return 0;
                }
                if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                    state.clear();
                    err.println("[ERROR] The JobManager ended (exit code " + process.exitValue()
                            + ") before it took calls:");
                    err.print(printed);
                    return 1;
                }
            }
            process.destroyForcibly();
            state.clear();
            err.println("[ERROR] The JobManager did not take calls within " + START_TIMEOUT.toSeconds()
                    + " s; its output is in " + state.outFile());
            return 1;
        }

        /* runnel jobmanager --taskmanagers N with this JVM's java, flags and class path. */
        private List<String> command() {
            List<String> command = javaCommand();
            command.addAll(List.of("jobmanager", "--taskmanagers", String.valueOf(taskManagers)));
            if (rpcPort != null) {
                command.addAll(List.of("--rpc-port", String.valueOf(rpcPort)));
            }
            if (restPort != null) {
                command.addAll(List.of("--rest-port", String.valueOf(restPort)));
            }
            new TreeMap<>(settings).forEach((k, v) -> command.addAll(List.of("-D", k + "=" + v)));
            return command;
        }
    }

    /**
     * {@code runnel} in a session of its own (setsid, so that the terminal's Ctrl-C and hang-up do
     * not reach it) with this JVM's java, flags (heap, system properties) and class path; the
     * subcommand and its arguments follow.
     */
    static List<String> javaCommand() {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            command.add("/usr/bin/setsid");
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.startsWith("-agentlib") && !a.startsWith("-javaagent")).toList());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.runnel.shell.Main"));
        return command;
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stops the JobManager that runnel cluster start started (its jobs are cancelled).")
    static final class Stop implements Callable<Integer> {
        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            State state = State.here();
            // an HA cluster's members: any of them may be the one left after failovers
            int members = HighAvailabilityPair.stopAll(state);
            if (members > 0) {
                state.clear();
                out.println("[INFO] Stopped the highly available session cluster (" + members + " processes).");
                return 0;
            }
            Optional<ProcessHandle> running = state.runningOrSay(out);
            if (running.isEmpty()) {
                return 0;
            }
            ProcessHandle jobManager = running.get();
            jobManager.destroy();
            try {
                jobManager.onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (Exception notInTime) {
                jobManager.destroyForcibly();
            }
            state.clear();
            out.println("[INFO] Stopped the session cluster (JobManager pid " + jobManager.pid() + ").");
            return 0;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Shows whether the session cluster runs and its jobs; exit code 1 when it does not run.")
    static final class Status implements Callable<Integer> {
        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            State state = State.here();
            Optional<Map<String, String>> ha = HighAvailabilityPair.settings(state);
            if (ha.isPresent()) {
                return HighAvailabilityPair.status(ha.get(), out);
            }
            Optional<ProcessHandle> running = state.runningOrSay(out);
            if (running.isEmpty()) {
                return 1;
            }
            String address = state.address();
            int colon = address.lastIndexOf(':');
            try (RemoteClusterClient client = RemoteClusterClient.connect(address.substring(0, colon),
                    Integer.parseInt(address.substring(colon + 1)),
                    ClusterCredentials.from(new Configuration(ConfigFile.fromEnvironment())))) {
                describe(client, () -> "Session cluster up: JobManager pid " + running.get().pid() + ", RPC at " + address,
                        out);
                return 0;
            } catch (RuntimeException e) {
                out.println("[INFO] JobManager pid " + running.get().pid() + " runs but does not answer at " + address
                        + ": " + e.getMessage());
                return 1;
            }
        }
    }

    /**
     * Says {@code header} (made once the cluster answered: a client following the leader knows
     * it then), the cluster's jobs by status and its TaskManagers with their free slots.
     */
    static void describe(RemoteClusterClient client, Supplier<String> header, PrintWriter out) {
        Map<String, Long> byStatus = new TreeMap<>();
        for (JobInfo job : client.listJobs()) {
            byStatus.merge(job.status().name(), 1L, Long::sum);
        }
        List<TaskManagerInfo> taskManagers = client.taskManagers();
        out.println("[INFO] " + header.get() + "; jobs: " + (byStatus.isEmpty() ? "none"
                : byStatus.toString().replaceAll("[{}]", "")) + "; TaskManagers: " + taskManagers.size());
        for (TaskManagerInfo tm : taskManagers) {
            out.println("[INFO]   " + tm.id() + ": " + tm.location().path() + ", " + tm.freeSlots() + " of "
                    + tm.slots() + " slots free");
        }
    }
}
