package dev.runnel.shell.cluster;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.Main;
import dev.runnel.shell.cli.RunnelHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The <em>process</em> way to get TaskManagers: starts {@code runnel taskmanager} JVMs on this
 * machine that register with this process's JobManager, and stops them (by their own process
 * ids) when closed. Each also ends by itself when this process ends, even by {@code kill -9}, so
 * none outlives its JobManager. A TaskManager's output goes to
 * {@code $RUNNEL_HOME/log/taskmanager-<jobmanager pid>-<n>.out}, next to its log.
 */
final class TaskManagerProcesses implements AutoCloseable {
    private final String jobManagerAddress;
    private final List<String> javaOptions;
    private final Map<String, String> settings;
    private final List<Process> processes = new ArrayList<>();
    private final List<Path> outputs = new ArrayList<>();
    private boolean closed;

    /**
     * @param settings the {@code -D} settings the TaskManagers get (config.yaml they read themselves)
     */
    TaskManagerProcesses(String jobManagerAddress, Configuration configuration, Map<String, String> settings) {
        this.jobManagerAddress = jobManagerAddress;
        String options = configuration.get(ProcessCluster.TASKMANAGER_JAVA_OPTS);
        this.javaOptions = options == null || options.isBlank() ? List.of() : List.of(options.strip().split("\\s+"));
        this.settings = Map.copyOf(settings);
    }

    /** Starts {@code count} more TaskManager processes; none once closed. */
    synchronized void start(int count) {
        for (int i = 0; i < count && !closed; i++) {
            int n = processes.size() + 1;
            Path output = RunnelHome.path().resolve("log")
                    .resolve("taskmanager-" + ProcessHandle.current().pid() + "-" + n + ".out");
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            // this JVM's flags (bin/runnel's garbage collector and heap cap, a test's small heap),
            // then env.java.opts.taskmanager, whose -Xmx wins
            command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                    .filter(a -> !a.startsWith("-agentlib") && !a.startsWith("-javaagent") && !a.startsWith("-Xrunjdwp"))
                    .toList());
            command.addAll(javaOptions);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
                    "taskmanager", "--jobmanager", jobManagerAddress));
            settings.forEach((key, value) -> command.addAll(List.of("-D", key + "=" + value)));
            try {
                Files.createDirectories(output.getParent());
                ProcessBuilder builder = new ProcessBuilder(command)
                        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
                builder.environment().put(TaskManagerCommand.PARENT_PID_ENV,
                        String.valueOf(ProcessHandle.current().pid()));
                processes.add(builder.start());
                outputs.add(output);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot start a TaskManager process: " + e.getMessage(), e);
            }
        }
    }

    /** What went wrong with the TaskManagers that ended: their exit codes and where their output is. */
    synchronized String ended() {
        List<String> ended = new ArrayList<>();
        for (int i = 0; i < processes.size(); i++) {
            if (!processes.get(i).isAlive()) {
                ended.add("TaskManager process " + processes.get(i).pid() + " exited with "
                        + processes.get(i).exitValue() + " (its output: " + outputs.get(i) + ")");
            }
        }
        return String.join("; ", ended);
    }

    /** The TaskManager processes it started that still run. */
    synchronized List<ProcessHandle> running() {
        return processes.stream().filter(Process::isAlive).map(Process::toHandle).toList();
    }

    /** Stops every TaskManager it started: SIGTERM, then SIGKILL after 15 s. */
    @Override
    public synchronized void close() {
        closed = true;
        processes.forEach(Process::destroy);
        for (Process process : processes) {
            try {
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
