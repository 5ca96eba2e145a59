package dev.runnel.shell.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.shell.Main;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs each query in a fresh child JVM (this JVM's {@code java}, class path and JVM options, then
 * those of {@code --jvm-option}),
 * so that one query's heap, RSS and JIT state do not carry over into the next one's figures. The
 * child is {@code runnel bench nexmark} itself, given the one query, this run's settings and the
 * {@code nexmark} table's options ({@code --table-options}, which makes it run the query in its
 * own JVM): it measures itself and prints its result as one JSON line, which becomes this
 * runner's result. A child that ends without one (a crash, an out-of-memory kill) gives a
 * {@code failed} result with its exit code and the last lines it wrote.
 */
final class ForkedQueryRunner implements QueryRunner {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TAIL_LINES = 5;

    private final BenchSettings settings;
    private final List<String> childOptions;
    private final List<String> jvmOptions;
    private volatile Process current;

    /**
     * @param tableOptions the WITH options of the {@code nexmark} table the children read
     * @param queryDir where the children read the query files, null for the bundled queries
     * @param jvmOptions options for the children's JVMs after this JVM's own
     */
    ForkedQueryRunner(BenchSettings settings, String tableOptions, Path queryDir, List<String> jvmOptions) {
        this.settings = settings;
        this.jvmOptions = List.copyOf(jvmOptions);
        List<String> options = new ArrayList<>(List.of("--table-options", tableOptions,
                "--events", Long.toString(settings.events()), "--parallelism", Integer.toString(settings.parallelism()),
                "--state-backend", settings.stateBackend(),
                "--latency-interval", settings.latencyInterval().toMillis() + " ms", "--output", "json"));
        if (settings.checkpointInterval() != null) {
            options.addAll(List.of("--checkpoint-interval", settings.checkpointInterval().toMillis() + " ms"));
        }
        settings.options().forEach((key, value) -> options.add("--set=" + key + "=" + value));
        if (settings.taskManagers() > 0) {
            options.addAll(List.of("--taskmanagers", Integer.toString(settings.taskManagers())));
        }
        if (queryDir != null) {
            options.addAll(List.of("--query-dir", queryDir.toAbsolutePath().toString()));
        }
        this.childOptions = List.copyOf(options);
    }

    @Override
    public QueryResult run(String name, String sql) {
        Path stderr = null;
        try {
            stderr = Files.createTempFile("runnel-bench-" + name + "-", ".err");
            Process process = new ProcessBuilder(command(name))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectError(stderr.toFile())
                    .start();
            current = process;
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = process.waitFor();
            JsonNode line = resultLine(out);
            if (line == null) {
                // The JVM reports some deaths (ExitOnOutOfMemoryError) on standard output.
                List<String> said = new ArrayList<>(Files.readAllLines(stderr, StandardCharsets.UTF_8));
                said.addAll(out.lines().toList());
                return failed(name, "the query's JVM exited with code " + exit + " without a result" + tail(said));
            }
            return result(line);
        } catch (IOException e) {
            return failed(name, "cannot run the query's JVM: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            return failed(name, "Interrupted");
        } finally {
            current = null;
            if (stderr != null) {
                try {
                    Files.deleteIfExists(stderr);
                } catch (IOException ignored) {
                    // A temporary file left behind.
                }
            }
        }
    }

    /** Ends the running child; its own shutdown hook stops its cluster. */
    @Override
    public void cancel() {
        Process process = current;
        if (process != null) {
            process.destroy();
        }
    }

    private List<String> command(String query) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // A debugger agent would try to listen on the parent's port.
            if (!argument.startsWith("-agentlib:jdwp") && !argument.startsWith("-Xrunjdwp")) {
                command.add(argument);
            }
        }
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "bench", "nexmark", "--queries", query));
        command.addAll(childOptions);
        return command;
    }

    /** The last line of the child's standard output that is a JSON object, or null. */
    private static JsonNode resultLine(String out) {
        List<String> lines = out.lines().filter(l -> l.startsWith("{")).toList();
        if (lines.isEmpty()) {
            return null;
        }
        try {
            return JSON.readTree(lines.get(lines.size() - 1));
        } catch (IOException e) {
            return null;
        }
    }

    private QueryResult result(JsonNode r) {
        QueryResult.Status status = QueryResult.Status.valueOf(r.get("status").asText().toUpperCase(java.util.Locale.ROOT));
        String query = r.get("query").asText();
        return switch (status) {
            case UNSUPPORTED -> QueryResult.unsupported(query, settings.parallelism(), settings.cores(),
                    r.path("reason").asText());
            case FAILED -> failed(query, r.path("error").asText());
            case OK -> new QueryResult(query, status, r.get("events").asLong(), r.get("seconds").asDouble(),
                    r.get("parallelism").asInt(), r.get("cores").asInt(), nullable(r, "latency_p50_ms"),
                    nullable(r, "latency_p99_ms"), r.get("peak_heap_bytes").asLong(),
                    r.get("peak_rss_bytes").isNull() ? -1 : r.get("peak_rss_bytes").asLong(),
                    r.get("cpu_seconds").isNull() ? -1 : r.get("cpu_seconds").asDouble(), null);
        };
    }

    private static Double nullable(JsonNode r, String key) {
        return r.path(key).isNumber() ? r.get(key).asDouble() : null;
    }

    private QueryResult failed(String query, String error) {
        return QueryResult.failed(query, settings.parallelism(), settings.cores(), error);
    }

    /** The last few non-blank lines the child wrote, for the error. */
    private static String tail(List<String> output) {
        List<String> lines = output.stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (lines.isEmpty()) {
            return "";
        }
        return ": " + String.join(" / ", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
    }
}
