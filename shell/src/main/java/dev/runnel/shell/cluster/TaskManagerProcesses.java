package dev.runnel.shell.cluster;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rpc.RpcOptions;
import dev.runnel.runtime.taskmanager.TaskManagerId;
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
    private final List<Worker> workers = new ArrayList<>();
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

    /** A TaskManager process: the name it registers under, and the process once it is started. */
    static final class Worker {
        private final TaskManagerId id;
        private final Path output;
        private volatile Process process;
        private volatile boolean failed;

        private Worker(TaskManagerId id, Path output) {
            this.id = id;
            this.output = output;
        }

        TaskManagerId id() {
            return id;
        }

        /** Whether it runs or is about to be started: not ended, and its start did not fail. */
        boolean running() {
            Process started = process;
            return !failed && (started == null || started.isAlive());
        }

        /** Stops it at once ({@code kill -9}), if it runs. */
        void kill() {
            Process started = process;
            if (started != null) {
                started.destroyForcibly();
            }
        }
    }

    /** Starts {@code count} more TaskManager processes; none once closed. */
    synchronized void start(int count) {
        for (Worker worker : create(count)) {
            launch(worker, () -> {
            });
        }
    }

    /**
     * Names {@code count} more TaskManager processes without starting them ({@link #launch}
     * does), so that the caller counts them from now on; none once closed.
     */
    synchronized List<Worker> create(int count) {
        List<Worker> created = new ArrayList<>();
        for (int i = 0; i < count && !closed; i++) {
            int n = workers.size() + 1;
            long pid = ProcessHandle.current().pid();
            Worker worker = new Worker(new TaskManagerId("tm-" + pid + "-" + n),
                    RunnelHome.path().resolve("log").resolve("taskmanager-" + pid + "-" + n + ".out"));
            workers.add(worker);
            created.add(worker);
        }
        return created;
    }

    /**
     * Starts a process {@link #create} named; {@code onExit} runs (on another thread) when it
     * ends, or at once if it cannot be started.
     *
     * @throws UncheckedIOException if it cannot be started
     */
    void launch(Worker worker, Runnable onExit) {
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
        command.addAll(List.of("-D", RpcOptions.TASKMANAGER_RESOURCE_ID.key() + "=" + worker.id.value()));
        try {
            synchronized (this) {
                if (closed) {
                    worker.failed = true;
                    return;
                }
                Files.createDirectories(worker.output.getParent());
                ProcessBuilder builder = new ProcessBuilder(command)
                        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(worker.output.toFile()));
                builder.environment().put(TaskManagerCommand.PARENT_PID_ENV,
                        String.valueOf(ProcessHandle.current().pid()));
                worker.process = builder.start();
            }
            worker.process.onExit().thenRun(onExit);
        } catch (IOException e) {
            worker.failed = true;
            onExit.run();
            throw new UncheckedIOException("Cannot start a TaskManager process: " + e.getMessage(), e);
        }
    }

    /** The TaskManager processes named so far, started or not, running or ended. */
    synchronized List<Worker> workers() {
        return List.copyOf(workers);
    }

    /** What went wrong with the TaskManagers that ended: their exit codes and where their output is. */
    synchronized String ended() {
        List<String> ended = new ArrayList<>();
        for (Worker worker : workers) {
            Process process = worker.process;
            if (worker.failed) {
                ended.add("TaskManager " + worker.id + " could not be started");
            } else if (process != null && !process.isAlive()) {
                ended.add("TaskManager process " + process.pid() + " exited with " + process.exitValue()
                        + " (its output: " + worker.output + ")");
            }
        }
        return String.join("; ", ended);
    }

    /** The TaskManager processes it started that still run. */
    synchronized List<ProcessHandle> running() {
        return workers.stream().map(w -> w.process).filter(p -> p != null && p.isAlive()).map(Process::toHandle).toList();
    }

    /** Stops every TaskManager it started: SIGTERM, then SIGKILL after 15 s. */
    @Override
    public synchronized void close() {
        closed = true;
        List<Process> processes = workers.stream().map(w -> w.process).filter(p -> p != null).toList();
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
