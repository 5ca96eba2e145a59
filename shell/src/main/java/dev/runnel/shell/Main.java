package dev.runnel.shell;

import dev.runnel.planner.session.SessionOptions;
import dev.runnel.runtime.RunnelVersion;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rest.RestOptions;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.RpcOptions;
import dev.runnel.shell.bench.BenchCommand;
import dev.runnel.shell.cli.ConfigFile;
import dev.runnel.shell.cli.RunnelHome;
import dev.runnel.shell.cli.StandardInput;
import dev.runnel.shell.cluster.ClusterCommand;
import dev.runnel.shell.cluster.JobManagerCommand;
import dev.runnel.shell.cluster.ProcessCluster;
import dev.runnel.shell.cluster.TaskManagerCommand;
import dev.runnel.shell.engine.EngineFactory;
import dev.runnel.shell.engine.SessionEngine;
import dev.runnel.shell.engine.StatementExecutor;
import dev.runnel.shell.engine.SubstitutingExecutor;
import dev.runnel.shell.gateway.GatewayCommand;
import dev.runnel.shell.output.OutputFormat;
import dev.runnel.shell.output.ResultOutput;
import dev.runnel.shell.render.ErrorFormatter;
import dev.runnel.shell.repl.Repl;
import dev.runnel.shell.script.ScriptRunner;
import dev.runnel.shell.script.ScriptSource;
import dev.runnel.shell.script.StoppedJobs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Stack;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.terminal.impl.DumbTerminal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The {@code runnel} command: without options an interactive shell on an embedded cluster;
 * {@code -f FILE} or {@code -e SQL} (repeatable, run in the order given), or a script on
 * standard input when that is not a terminal, runs statements and exits; {@code -i FILE} runs
 * an init script first. {@code runnel bench nexmark} is a subcommand; server entry points
 * ({@code jobmanager}, {@code taskmanager}, {@code gateway}) will be subcommands too.
 *
 * <p>Exit codes: 0 success; 1 a statement or a job failed (or the engine could not start);
 * 2 the command line is wrong.
 */
@Command(name = "runnel", mixinStandardHelpOptions = true, versionProvider = Main.Version.class, sortOptions = false,
        subcommands = {BenchCommand.class, JobManagerCommand.class, TaskManagerCommand.class, ClusterCommand.class,
                GatewayCommand.class, Main.RunApplication.class},
        description = {"Runnel, a SQL-first streaming database.",
                "Without -f or -e, opens an interactive SQL shell on an embedded cluster, or runs the script on "
                        + "standard input when that is not a terminal (runnel < script.sql)."},
        footer = {"", "Exit codes: 0 success, 1 a statement or job failed, 2 bad command line."})
public final class Main implements Callable<Integer> {

    @Option(names = {"-i", "--init"}, paramLabel = "FILE",
            description = "Run the statements of FILE first (before -f, -e or the interactive shell), printing only "
                    + "errors; SET, RESET, CREATE, DROP, ALTER and USE only (repeatable).")
    private List<String> initFiles = new ArrayList<>();

    /* -f and -e fill scripts in command-line order (ScriptArgument); these fields only declare them. */
    @Option(names = {"-f", "--file"}, paramLabel = "FILE", parameterConsumer = ScriptArgument.Consumer.class,
            description = "Run the statements of FILE ('-' reads standard input) and exit once their jobs ended "
                    + "(repeatable; with -e, in the order given).")
    private List<String> files;

    @Option(names = {"-e", "--execute"}, paramLabel = "SQL", parameterConsumer = ScriptArgument.Consumer.class,
            description = "Run SQL (one or more statements) and exit once their jobs ended (repeatable).")
    private List<String> statements;

    @Option(names = "--output-format", paramLabel = "FORMAT",
            description = {"How scripts print results: table (default: ASCII tables, queries as a changelog with an "
                    + "op column), or csv, tsv or json (one object per line) for programs. In those a query prints its "
                    + "rows; a bounded updating query (GROUP BY over a file) its final table once it ends; the "
                    + "changelog with an op column only under SET 'sql-client.execution.result-mode' = 'changelog' "
                    + "and for an unbounded updating query, which has no final table."})
    private String outputFormat = "table";

    @Option(names = {"-q", "--quiet"},
            description = "No banner and no informational messages ([INFO] ..., Job submitted: ...): only results and errors.")
    private boolean quiet;

    @Option(names = "--continue-on-error",
            description = "Run the rest of a script after a failing statement; the exit code is still 1.")
    private boolean continueOnError;

    @Option(names = "--define", paramLabel = "NAME=VALUE",
            description = "Define the variable NAME, which statements refer to as $${NAME} (repeatable); "
                    + "as SET 'var.NAME' = 'VALUE' would.")
    private Map<String, String> variables = new LinkedHashMap<>();

    @Option(names = {"-D", "--set"}, paramLabel = "KEY=VALUE",
            description = "Preset a session setting, as SET 'KEY' = 'VALUE' would (repeatable), e.g. -D parallelism.default=2; "
                    + "over those of $RUNNEL_CONF_DIR/config.yaml (bin/runnel: conf/config.yaml).")
    private Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = "--slots", paramLabel = "N", description = "Task slots of the embedded TaskManager (default: 2).")
    private Integer slots;

    @Option(names = "--jobmanager", paramLabel = "HOST:PORT",
            description = "Run on the session cluster whose JobManager listens for RPC at HOST:PORT "
                    + "(runnel jobmanager) instead of an embedded one; its jobs go on when the shell exits.")
    private String jobManager;

    @Option(names = "--history-file", paramLabel = "FILE",
            description = "Where the REPL keeps its history (default: $RUNNEL_HOME/history, RUNNEL_HOME defaulting to ~/.runnel).")
    private Path historyFile;

    @Option(names = "--verbose", description = "Print the stack trace of errors.")
    private boolean verbose;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    private final EngineFactory engines;
    private final InputStream in;
    private final boolean inIsTerminal;
    private final PrintStream out;
    private final PrintStream err;
    /** The -f and -e arguments, in command-line order. */
    private final List<ScriptArgument> scripts = new ArrayList<>();

    private Main(EngineFactory engines, InputStream in, boolean inIsTerminal, PrintStream out, PrintStream err) {
        this.engines = engines;
        this.in = in;
        this.inIsTerminal = inIsTerminal;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        if (args.length > 0 && List.of("jobmanager", "taskmanager", "run-application").contains(args[0])) {
            // before anything logs, so that logback opens that file
            RunnelHome.logAs(args[0].equals("run-application") ? "application" : args[0]);
        }
        System.exit(run(args, System.in, System.out, System.err));
    }

    /**
     * Runs the command line in this JVM, on an embedded engine; returns the exit code. Standard
     * input that is not a terminal is read as a script.
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        return run(args, in, in != System.in || StandardInput.isTerminal(), out, err, SessionEngine::start);
    }

    /**
     * Runs the command line on the engine {@code engines} starts; returns the exit code.
     * {@code in} counts as a terminal: without {@code -f} or {@code -e} the REPL reads it.
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err, EngineFactory engines) {
        return run(args, in, true, out, err, engines);
    }

    /**
     * Runs the command line on the engine {@code engines} starts; returns the exit code.
     *
     * @param inIsTerminal whether {@code in} is a terminal; if not, and neither {@code -f} nor
     *                     {@code -e} is given, {@code in} is read as a script
     */
    public static int run(String[] args, InputStream in, boolean inIsTerminal, PrintStream out, PrintStream err,
                          EngineFactory engines) {
        CommandLine commandLine = new CommandLine(new Main(engines, in, inIsTerminal, out, err));
        commandLine.setOut(writer(out));
        commandLine.setErr(writer(err));
        return commandLine.execute(args);
    }

    @Override
    public Integer call() {
        if (slots != null && slots < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--slots must be at least 1, was " + slots);
        }
        if (jobManager != null && !jobManager.matches("[^:\\s]+:\\d{1,5}")) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--jobmanager takes HOST:PORT (the JobManager's RPC port), not '" + jobManager + "'");
        }
        OutputFormat format;
        try {
            format = OutputFormat.of(outputFormat);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        boolean scriptMode = !scripts.isEmpty() || !inIsTerminal;
        if (!scriptMode && format != OutputFormat.TABLE) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--output-format is for scripts (-f, -e, standard input); the interactive shell shows tables");
        }
        Map<String, String> preset;
        try {
            preset = new LinkedHashMap<>(ConfigFile.fromEnvironment());
        } catch (ConfigException e) {
            spec.commandLine().getErr().println("[ERROR] " + e.getMessage());
            spec.commandLine().getErr().flush();
            return 1;
        }
        preset.putAll(settings); // -D wins over config.yaml
        Configuration configuration = new Configuration(preset);
        variables.forEach((name, value) -> {
            if (!SessionOptions.VARIABLE_NAME.matcher(name).matches()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "Invalid variable name '" + name
                        + "' in --define: a name starts with a letter or '_' and holds letters, digits, '_', '.' and '-'");
            }
            configuration.set(SessionOptions.VARIABLE_PREFIX + name, value);
        });
        if (slots != null) {
            configuration.set(SessionEngine.SLOTS_KEY, String.valueOf(slots));
        }
        if (!scriptMode && jobManager == null && !RestOptions.isConfigured(configuration)) {
            // The interactive shell serves Flink's REST API on its default port; scripts only when asked.
            configuration.set(RestOptions.PORT.key(), String.valueOf(RestOptions.PORT.defaultValue()));
        }
        PrintWriter stdout = writer(out);
        PrintWriter stderr = writer(err);
        List<ScriptSource> init = new ArrayList<>();
        List<ScriptSource> sources = new ArrayList<>();
        try {
            for (String file : initFiles) {
                init.add(ScriptArgument.file(file).read(in));
            }
            for (ScriptArgument script : scripts) {
                sources.add(script.read(in));
            }
            if (scripts.isEmpty() && !inIsTerminal) {
                sources.add(ScriptArgument.file("-").read(in));
            }
        } catch (ScriptArgument.UnreadableScript e) {
            stderr.println("[ERROR] Cannot read the script " + e.name() + ": " + e.getCause());
            return 1;
        }
        StatementExecutor executor;
        try {
            executor = new SubstitutingExecutor(jobManager != null ? SessionEngine.attach(configuration, jobManager)
                    : SessionEngine.highlyAvailable(configuration) ? SessionEngine.attachToLeader(configuration)
                    : engines.start(configuration));
        } catch (RuntimeException e) {
            stderr.println("[ERROR] Could not start the engine: " + ErrorFormatter.message(e));
            if (verbose) {
                stderr.println(ErrorFormatter.stackTrace(e));
            }
            return 1;
        }
        executor.warnings().forEach(warning -> stderr.println("[WARN] " + warning));
        // SIGTERM and Ctrl-C in script mode end the JVM; the hook cancels the jobs and stops
        // the embedded cluster so that nothing is left running.
        AtomicBoolean stopping = new AtomicBoolean();
        Thread shutdownHook = new Thread(() -> {
            stopping.set(true);
            // On a session cluster the jobs (and those of other clients) go on after this process.
            if (scriptMode && jobManager == null) {
                StoppedJobs.report(executor.cluster(), stderr);
            }
            executor.close();
        }, "runnel-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try {
            ScriptRunner runner = new ScriptRunner(executor, new ResultOutput(stdout, format, quiet), stderr, verbose,
                    continueOnError, stopping::get);
            int initExit = runner.init(init);
            if (initExit != 0) {
                return initExit;
            }
            if (scriptMode) {
                return runner.run(sources);
            }
            return runRepl(executor);
        } finally {
            executor.close();
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // The hook is running or ran; nothing to undo.
            }
        }
    }

    private int runRepl(StatementExecutor executor) {
        String banner = quiet ? "" : "Runnel " + Version.number() + " on an " + executor.description() + ".\n"
                + "Statements end with ';'. HELP; lists them; QUIT; or Ctrl-D exits.";
        executor.warmUpInBackground();
        try (Terminal terminal = terminal()) {
            Repl repl = new Repl(terminal, executor, Optional.of(historyPath()), verbose, banner);
            // Looked up here, not in a static field, so that --help and --version skip logging's start-up.
            Logger log = LoggerFactory.getLogger(Main.class);
            log.info("Shell ready {} ms after the JVM started", ManagementFactory.getRuntimeMXBean().getUptime());
            return repl.run();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the terminal", e);
        }
    }

    /*
     * On the real console, a system terminal (a dumb one when stdin is piped). Callers of run()
     * with their own streams get a dumb terminal over them: a system terminal would read the
     * process's stdin instead.
     */
    private Terminal terminal() throws IOException {
        if (in == System.in && out == System.out) {
            // JLine's "software signals" raise SIGINT for a Ctrl-C byte read while ISIG is off (as
            // it is at the prompt) and pass the byte on as well: one Ctrl-C then interrupts the
            // prompt twice and ends the shell. At the prompt the byte alone is JLine's interrupt;
            // elsewhere (a live table) ISIG is on and the kernel sends the signal.
            System.setProperty(TerminalBuilder.PROP_SOFTWARE_SIGNALS, "false");
            // JLine probes the terminal (DECRQM, then DA1 as a fence) and by default waits 200 ms;
            // a reply later than that (a loaded machine, a slow ssh) lands at the prompt as typed
            // text ("[?1;2c") and breaks the first statement. Terminals answer DA1 at once, which
            // ends the wait, so a longer bound costs only those that never answer.
            if (System.getProperty(TerminalBuilder.PROP_PROBE_TIMEOUT) == null) {
                System.setProperty(TerminalBuilder.PROP_PROBE_TIMEOUT, "2000");
            }
            return TerminalBuilder.builder().name("runnel").system(true).dumb(true).build();
        }
        return new DumbTerminal("runnel", "dumb", in, out, StandardCharsets.UTF_8);
    }

    private Path historyPath() {
        if (historyFile != null) {
            return historyFile;
        }
        return RunnelHome.path().resolve("history");
    }

    /** The standard input of this command line, for a subcommand's {@code -} (a password file read from it). */
    public InputStream standardInput() {
        return in;
    }

    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
    }

    /**
     * One {@code -f FILE} or {@code -e SQL}; as picocli's parameter consumer it records each in
     * {@link Main#scripts}, so that they run in command-line order.
     */
    record ScriptArgument(String file, String sql) {
        static ScriptArgument file(String name) {
            return new ScriptArgument(name, null);
        }

        ScriptSource read(InputStream in) throws UnreadableScript {
            if (sql != null) {
                return new ScriptSource(ScriptSource.COMMAND_LINE, sql);
            }
            try {
                if (file.equals("-")) {
                    return new ScriptSource(ScriptSource.STDIN, new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
                return new ScriptSource(file, Files.readString(Path.of(file), StandardCharsets.UTF_8));
            } catch (IOException | InvalidPathException e) {
                throw new UnreadableScript(file, e);
            }
        }

        /** A script that cannot be read, and its name. */
        static final class UnreadableScript extends Exception {
            private final String name;

            UnreadableScript(String name, Exception cause) {
                super(cause);
                this.name = name;
            }

            String name() {
                return name;
            }
        }

        /** Picocli's hook for {@code -f} and {@code -e}. */
        static final class Consumer implements CommandLine.IParameterConsumer {
            @Override
            public void consumeParameters(Stack<String> args, CommandLine.Model.ArgSpec argSpec,
                                          CommandLine.Model.CommandSpec commandSpec) {
                CommandLine.Model.OptionSpec option = (CommandLine.Model.OptionSpec) argSpec;
                if (args.isEmpty()) {
                    throw new CommandLine.ParameterException(commandSpec.commandLine(),
                            "Missing required parameter for option '" + option.longestName() + "' (" + option.paramLabel() + ")");
                }
                String value = args.pop();
                ((Main) commandSpec.userObject()).scripts.add(option.longestName().equals("--file")
                        ? file(value) : new ScriptArgument(null, value));
            }
        }
    }

    /** {@code --version}: the project version the build filtered into a resource ({@link RunnelVersion}). */
    /**
     * {@code runnel run-application SCRIPT}: application mode. This process is the cluster (a
     * JobManager with its REST API, and for now its TaskManager slots): it plans and submits the
     * script's statements itself, no client stays connected, and it ends when the script's jobs
     * have ended, its exit code saying whether they all succeeded (the exit codes of
     * {@code -f}).
     */
    @Command(name = "run-application", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Runs SCRIPT on a cluster of its own (application mode), serving the REST API while it runs,",
                    "and exits once its jobs ended: 0 when they succeeded, 1 when a statement or job failed."})
    static final class RunApplication implements Callable<Integer> {
        @CommandLine.ParentCommand
        private Main main;

        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @CommandLine.Parameters(index = "0", paramLabel = "SCRIPT", description = "The .sql script to run.")
        private String script;

        @Option(names = "--rest-port", paramLabel = "PORT",
                description = "The port of the REST API while the application runs (default: rest.port, 8081; 0: any).")
        private Integer restPort;

        @Option(names = {"-D", "--set"}, paramLabel = "KEY=VALUE",
                description = "A configuration setting (repeatable); over those of $RUNNEL_CONF_DIR/config.yaml.")
        private Map<String, String> settings = new LinkedHashMap<>();

        @Option(names = {"-q", "--quiet"}, description = "Only results and errors.")
        private boolean quiet;

        @Option(names = "--taskmanagers", paramLabel = "N",
                description = {"Run the jobs on N TaskManager processes that this process starts and stops; 0: on "
                        + "those that register at jobmanager.rpc.port (runnel taskmanager).",
                        "Without it, on TaskManager slots in this process."})
        private Integer taskManagers;

        @Override
        public Integer call() {
            if (taskManagers != null && taskManagers < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--taskmanagers must be 0 or more, was "
                        + taskManagers);
            }
            List<String> args = new ArrayList<>(List.of("-f", script));
            if (quiet) {
                args.add("-q");
            }
            settings.forEach((k, v) -> args.addAll(List.of("-D", k + "=" + v)));
            if (restPort != null || !settings.containsKey(RestOptions.PORT.key())) {
                // the application's cluster serves REST as a JobManager does; -f alone would not
                args.addAll(List.of("-D", RestOptions.PORT.key() + "=" + (restPort != null ? restPort
                        : ConfigFile.fromEnvironment().getOrDefault(RestOptions.PORT.key(),
                        String.valueOf(RestOptions.PORT.defaultValue())))));
            }
            EngineFactory engines = taskManagers == null ? main.engines : this::processCluster;
            return run(args.toArray(new String[0]), main.in, false, main.out, main.err, engines);
        }

        /* The JobManager here, its TaskManagers in processes of their own. */
        private StatementExecutor processCluster(Configuration configuration) {
            String bind = configuration.get(RpcOptions.JOBMANAGER_BIND_HOST);
            // TaskManagers started here are told the port; those from outside need the configured one
            int port = taskManagers > 0 ? 0 : configuration.get(RpcOptions.JOBMANAGER_RPC_PORT);
            ProcessCluster cluster = ProcessCluster.start(configuration, settings, bind, port,
                    ClusterCredentials.from(configuration), taskManagers);
            return SessionEngine.on(cluster.cluster(), configuration, "application cluster, JobManager at "
                    + cluster.rpcAddress() + " with " + taskManagers + " TaskManager processes", cluster::close);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        static String number() {
            return RunnelVersion.number();
        }

        @Override
        public String[] getVersion() {
            return new String[] {"Runnel " + number()};
        }
    }
}
