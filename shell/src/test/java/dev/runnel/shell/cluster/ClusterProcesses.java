package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import dev.runnel.runtime.testing.KafkaBrokerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JobManager, TaskManager and client processes of one test, each a {@link RunnelProcess}
 * under the test's directory; {@link #close} stops every one by its own process id, also when the
 * test failed.
 */
final class ClusterProcesses implements AutoCloseable {
    static final Duration START = Duration.ofSeconds(90);
    private static final Pattern ADDRESS = Pattern.compile("RPC at (127\\.0\\.0\\.1:\\d+)");

    private final Path dir;
    private final Supplier<Map<String, String>> settings;
    private final List<RunnelProcess> processes = new ArrayList<>();
    /** The test's Kafka broker, once {@link #kafka()} started it. */
    private KafkaBrokerProcess kafka;

    ClusterProcesses(Path dir) {
        this(dir, Map::of);
    }

    /** Processes that all get {@code settings} (read at each start) as {@code -D} options. */
    ClusterProcesses(Path dir, Supplier<Map<String, String>> settings) {
        this.dir = dir;
        this.settings = settings;
    }

    /** {@code runnel} with {@code args} and the settings of every process. */
    RunnelProcess start(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        settings.get().forEach((key, value) -> all.addAll(List.of("-D", key + "=" + value)));
        return startAsIs(all.toArray(String[]::new));
    }

    /** {@code runnel} with exactly {@code args}, without the settings of every process. */
    RunnelProcess startAsIs(String... args) {
        RunnelProcess process = RunnelProcess.start(dir, args);
        processes.add(process);
        return process;
    }

    /** A JobManager process and its RPC address. */
    record JobManagerProcess(RunnelProcess process, String address) {
    }

    /**
     * A JobManager on RPC port {@code rpcPort} (0: one from the OS) and a REST port from the OS,
     * with further command-line {@code args}, once ready.
     */
    JobManagerProcess startJobManagerProcess(int rpcPort, String... args) {
        List<String> all = new ArrayList<>(List.of("jobmanager", "--rpc-port", String.valueOf(rpcPort),
                "--rest-port", "0"));
        all.addAll(List.of(args));
        RunnelProcess jobManager = start(all.toArray(String[]::new));
        return new JobManagerProcess(jobManager, address(jobManager));
    }

    /**
     * A JobManager without TaskManagers on RPC port {@code rpcPort} (0: one from the OS), with
     * configuration {@code options} ({@code key=value}, each passed as {@code -D}); its RPC address.
     */
    String startJobManager(int rpcPort, String... options) {
        List<String> args = new ArrayList<>();
        for (String option : options) {
            args.addAll(List.of("-D", option));
        }
        return startJobManagerProcess(rpcPort, args.toArray(String[]::new)).address();
    }

    /** The RPC address a JobManager process printed once ready. */
    static String address(RunnelProcess jobManager) {
        Matcher address = ADDRESS.matcher(jobManager.awaitOut(JobManagerCommand.READY, START));
        assertThat(address.find()).isTrue();
        return address.group(1);
    }

    /** A TaskManager of one slot, once it registered with the JobManager at {@code jobManager}. */
    RunnelProcess startTaskManager(String jobManager) {
        RunnelProcess taskManager = start("taskmanager", "--jobmanager", jobManager, "--slots", "1");
        taskManager.awaitOut(TaskManagerCommand.REGISTERED, START);
        return taskManager;
    }

    /** The process of this test that a TaskManager the JobManager lists runs in (its pid is in the location's path). */
    RunnelProcess processOf(TaskManagerInfo taskManager) {
        String path = taskManager.location().path();
        return processes.stream().filter(p -> path.startsWith("pid " + p.pid() + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("No TaskManager of this test is " + path));
    }

    static RemoteClusterClient client(String address) {
        int colon = address.lastIndexOf(':');
        return RemoteClusterClient.connect(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)));
    }

    /** Every JSON row that a filesystem sink committed under {@code out}, mapped by {@code row}. */
    static <T> List<T> committedRows(Path out, Function<JsonNode, T> row)
            throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<T> rows = new ArrayList<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path file : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                for (String line : Files.readAllLines(file)) {
                    rows.add(row.apply(json.readTree(line)));
                }
            }
        }
        return rows;
    }

    /** The test's Kafka broker (a KRaft process under {@code dir/kafka}), started at the first call. */
    KafkaBrokerProcess kafka() {
        if (kafka == null) {
            kafka = KafkaBrokerProcess.start(dir.resolve("kafka"));
        }
        return kafka;
    }

    /**
     * Stops the processes, the last started first (TaskManagers would only try to register again),
     * then the Kafka broker, which jobs may have been writing to until then.
     */
    @Override
    public void close() {
        try {
            for (int i = processes.size() - 1; i >= 0; i--) {
                processes.get(i).close();
            }
        } finally {
            if (kafka != null) {
                kafka.close();
            }
        }
        assertThat(processes).noneMatch(RunnelProcess::isAlive);
    }
}
