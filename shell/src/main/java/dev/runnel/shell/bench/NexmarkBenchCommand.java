package dev.runnel.shell.bench;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.nexmark.NexmarkSideInput;
import dev.runnel.shell.render.ErrorFormatter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code runnel bench nexmark}: runs Nexmark queries one after the other, each in a fresh JVM
 * ({@link ForkedQueryRunner}) on an embedded cluster over a bounded {@code nexmark} generator,
 * and prints one row (or JSON line) per query as soon as it ended. A query that fails, crashes
 * its JVM or is not supported yet is reported as such and the next one runs. With the internal
 * {@code --table-options} (what each child JVM gets) the queries run in this JVM.
 */
@Command(name = "nexmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs Nexmark queries, each in a fresh JVM on an embedded cluster, and prints per query: "
                + "events, seconds from job submission to its end, events/s, events/s per core, p50/p99 latency "
                + "of latency markers, peak heap and process RSS (sampled every 100 ms), and the process's CPU seconds.",
                "Each query reads the 'nexmark' table (bounded to --events) through the person, auction and bid views, "
                        + "as in Flink's Nexmark setup, and writes into a blackhole sink. q13 looks up a side input file "
                        + "(10000 lines 'i,i', written before the queries run), which query files name $${side_input}."},
        footer = {"", "Exit codes: 0 every query ran or is not supported yet, 1 a query failed, 2 bad command line."})
public final class NexmarkBenchCommand implements Callable<Integer> {

    @Option(names = "--queries", split = ",", paramLabel = "Q",
            description = "The queries to run, such as q0,q5 (default: every query, in numeric order).")
    private List<String> queries = new ArrayList<>();

    @Option(names = "--events", paramLabel = "N", defaultValue = "10000000",
            description = "Events the generator produces for each query (default: ${DEFAULT-VALUE}).")
    private long events;

    @Option(names = "--parallelism", paramLabel = "P",
            description = "Parallelism of every job, and slots of each embedded TaskManager "
                    + "(default: the available processors). Events/s per core divides events/s by "
                    + "min(P, available processors).")
    private Integer parallelism;

    @Option(names = "--checkpoint-interval", paramLabel = "DURATION",
            description = "Sets execution.checkpointing.interval, such as '10 s' (default: none, no checkpoints).")
    private String checkpointInterval;

    @Option(names = "--state-backend", paramLabel = "BACKEND", defaultValue = "rocksdb",
            description = "Keyed state backend: rocksdb or hashmap (default: ${DEFAULT-VALUE}).")
    private String stateBackend;

    @Option(names = "--latency-interval", paramLabel = "DURATION", defaultValue = "100 ms",
            description = "Sets metrics.latency.interval: how often each source subtask emits a latency marker "
                    + "(default: ${DEFAULT-VALUE}; 0 reports no latency). Markers pass operators by and queue behind "
                    + "rows in exchanges, as Flink's do; a query whose markers never reach a sink shows n/a.")
    private String latencyInterval;

    @Option(names = "--source", paramLabel = "SOURCE", defaultValue = "generator",
            description = "generator (default): the nexmark connector generates the events while the query runs; "
                    + "json-file: the events are first written as newline-delimited JSON files (not timed) that each "
                    + "query reads with the filesystem connector and json format, like Flink's published Nexmark runs.")
    private String source;

    @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "table",
            description = "table (default) or json: one JSON object per query and line.")
    private String output;

    @Option(names = "--query-dir", paramLabel = "DIR",
            description = "Read the queries from the files qN.sql in DIR instead of the bundled ones.")
    private Path queryDir;

    @Option(names = "--taskmanagers", paramLabel = "N", defaultValue = "0",
            description = "Run each query on N TaskManager processes (the parallelism's slots shared out evenly), "
                    + "their data crossing the network; CPU seconds include theirs. Default 0: an embedded cluster.")
    private int taskManagers;

    // Not -D: that would take --jvm-option=-Dname=value for itself.
    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Sets a configuration key for the cluster and every query (repeatable), such as "
                    + "--set state.backend.rocksdb.writebuffer.size=32mb.")
    private Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--jvm-option", paramLabel = "OPT",
            description = "An option for each query's JVM, after this JVM's own (repeatable), such as --jvm-option=-Xmx2g.")
    private List<String> jvmOptions = new ArrayList<>();

    /** Set for the child JVM of one query: run in this JVM over a nexmark table with these options. */
    @Option(names = "--table-options", hidden = true)
    private String tableOptions;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        BenchSettings settings = settings();
        String format = output.trim().toLowerCase(Locale.ROOT);
        if (!format.equals("table") && !format.equals("json")) {
            throw bad("--output must be table or json, was '" + output + "'");
        }
        String from = source.trim().toLowerCase(Locale.ROOT);
        if (!from.equals("generator") && !from.equals("json-file")) {
            throw bad("--source must be generator or json-file, was '" + source + "'");
        }
        NexmarkQueries available = queries();
        List<String> selected = selected(available);
        PrintWriter out = spec.commandLine().getOut();
        if (tableOptions != null) {
            return runHere(selected, available, settings, BenchReport.create(format, out, settings, "nexmark table"));
        }
        if (from.equals("generator")) {
            return run(selected, available, forked(settings, NexmarkRunner.generatorOptions(settings.events())),
                    BenchReport.create(format, out, settings, "nexmark generator"));
        }
        NexmarkJsonFiles written;
        try {
            written = NexmarkJsonFiles.write(settings);
        } catch (RuntimeException e) {
            spec.commandLine().getErr().println("[ERROR] Could not write the Nexmark JSON files: "
                    + ErrorFormatter.message(e));
            return 1;
        }
        try (NexmarkJsonFiles files = written) {
            return run(selected, available, forked(settings, files.tableOptions()),
                    BenchReport.create(format, out, settings, "JSON files (filesystem connector, json format)"));
        }
    }

    /** Runs the queries in this JVM, with q13's side input written to a temporary file first (not timed). */
    private int runHere(List<String> selected, NexmarkQueries available, BenchSettings settings, BenchReport report) {
        Path sideInput;
        try {
            sideInput = Files.createTempFile("runnel-nexmark-side-input", ".csv");
            NexmarkSideInput.write(sideInput);
        } catch (IOException e) {
            spec.commandLine().getErr().println("[ERROR] Could not write the side input file of q13: " + e.getMessage());
            return 1;
        }
        try {
            return run(selected, available, new NexmarkRunner(settings, tableOptions, sideInput), report);
        } finally {
            try {
                Files.deleteIfExists(sideInput);
            } catch (IOException e) {
                spec.commandLine().getErr().println("[WARN] Could not delete " + sideInput + ": " + e.getMessage());
            }
        }
    }

    private ForkedQueryRunner forked(BenchSettings settings, String options) {
        return new ForkedQueryRunner(settings, options, queryDir, jvmOptions);
    }

    private int run(List<String> selected, NexmarkQueries available, QueryRunner runner, BenchReport report) {
        // Ctrl-C or SIGTERM end the JVM; the hook stops the running query (its JVM or cluster) first.
        Thread hook = new Thread(runner::cancel, "runnel-bench-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        boolean anyFailed = false;
        try {
            report.start();
            for (String query : selected) {
                QueryResult result = runner.run(query, available.sql(query));
                anyFailed |= result.status() == QueryResult.Status.FAILED;
                report.add(result);
            }
            report.end();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // The hook runs or ran.
            }
        }
        return anyFailed ? 1 : 0;
    }

    private BenchSettings settings() {
        if (events < 1) {
            throw bad("--events must be at least 1, was " + events);
        }
        int p = parallelism != null ? parallelism : Runtime.getRuntime().availableProcessors();
        if (p < 1) {
            throw bad("--parallelism must be at least 1, was " + p);
        }
        String backend = stateBackend.trim().toLowerCase(Locale.ROOT);
        if (!backend.equals("rocksdb") && !backend.equals("hashmap")) {
            throw bad("--state-backend must be rocksdb or hashmap, was '" + stateBackend + "'");
        }
        Duration checkpoints = checkpointInterval == null ? null : duration("--checkpoint-interval", checkpointInterval);
        Duration latency = duration("--latency-interval", latencyInterval);
        if (taskManagers < 0) {
            throw bad("--taskmanagers must be 0 or more, was " + taskManagers);
        }
        return new BenchSettings(events, p, checkpoints, backend, latency, taskManagers, options);
    }

    private NexmarkQueries queries() {
        if (queryDir == null) {
            return NexmarkQueries.bundled();
        }
        try {
            return NexmarkQueries.inDirectory(queryDir);
        } catch (IOException e) {
            throw bad("--query-dir cannot be read: " + queryDir + " (" + e.getMessage() + ")");
        }
    }

    private List<String> selected(NexmarkQueries available) {
        if (queries.isEmpty()) {
            if (available.names().isEmpty()) {
                throw bad("--query-dir " + queryDir + " holds no query files qN.sql");
            }
            return available.names();
        }
        List<String> selected = new ArrayList<>();
        for (String q : queries) {
            String name = q.trim().toLowerCase(Locale.ROOT);
            if (!available.contains(name)) {
                throw bad("--queries names an unknown query '" + q.trim() + "'; " + available.origin() + " are "
                        + String.join(", ", available.names()));
            }
            selected.add(name);
        }
        return selected;
    }

    private Duration duration(String option, String value) {
        try {
            Duration d = Configuration.parse(option, value, Duration.class);
            if (d.isNegative()) {
                throw bad(option + " must not be negative, was '" + value + "'");
            }
            return d;
        } catch (ConfigException e) {
            throw bad(option + " must be a duration such as '10 s' or '500 ms', was '" + value + "'");
        }
    }

    private CommandLine.ParameterException bad(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
