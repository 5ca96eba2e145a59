package dev.runnel.shell;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.bench.BenchCommand;
import dev.runnel.shell.engine.EmbeddedEngine;
import dev.runnel.shell.engine.EngineFactory;
import dev.runnel.shell.engine.StatementExecutor;
import dev.runnel.shell.render.ErrorFormatter;
import dev.runnel.shell.repl.Repl;
import dev.runnel.shell.script.ScriptRunner;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.terminal.impl.DumbTerminal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code runnel} command: without options an interactive shell on an embedded cluster;
 * {@code -f FILE} or {@code -e SQL} runs statements and exits. Server entry points
 * ({@code jobmanager}, {@code taskmanager}, {@code gateway}, {@code bench}) will be picocli
 * subcommands of this command.
 *
 * <p>Exit codes: 0 success; 1 a statement or a job failed (or the engine could not start);
 * 2 the command line is wrong.
 */
@Command(name = "runnel", mixinStandardHelpOptions = true, versionProvider = Main.Version.class, sortOptions = false,
        subcommands = BenchCommand.class,
        description = {"Runnel, a SQL-first streaming database.",
                "Without -f or -e, opens an interactive SQL shell on an embedded cluster."},
        footer = {"", "Exit codes: 0 success, 1 a statement or job failed, 2 bad command line."})
public final class Main implements Callable<Integer> {

    @Option(names = {"-f", "--file"}, paramLabel = "FILE",
            description = "Run the statements of FILE ('-' reads standard input), wait for the jobs they start, and exit.")
    private String file;

    @Option(names = {"-e", "--execute"}, paramLabel = "SQL",
            description = "Run SQL (one or more statements), wait for the jobs it starts, and exit.")
    private String sql;

    @Option(names = {"-D", "--set"}, paramLabel = "KEY=VALUE",
            description = "Preset a session setting, as SET 'KEY' = 'VALUE' would (repeatable), e.g. -D parallelism.default=2.")
    private Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = "--slots", paramLabel = "N", description = "Task slots of the embedded TaskManager (default: 2).")
    private Integer slots;

    @Option(names = "--history-file", paramLabel = "FILE",
            description = "Where the REPL keeps its history (default: $RUNNEL_HOME/history, RUNNEL_HOME defaulting to ~/.runnel).")
    private Path historyFile;

    @Option(names = "--verbose", description = "Print the stack trace of errors.")
    private boolean verbose;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    private final EngineFactory engines;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    private Main(EngineFactory engines, InputStream in, PrintStream out, PrintStream err) {
        this.engines = engines;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.in, System.out, System.err));
    }

    /** Runs the command line in this JVM, on an embedded engine; returns the exit code. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        return run(args, in, out, err, EmbeddedEngine::start);
    }

    /** Runs the command line on the engine {@code engines} starts; returns the exit code. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err, EngineFactory engines) {
        CommandLine commandLine = new CommandLine(new Main(engines, in, out, err));
        commandLine.setOut(writer(out));
        commandLine.setErr(writer(err));
        return commandLine.execute(args);
    }

    @Override
    public Integer call() {
        if (file != null && sql != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Use either -f or -e, not both");
        }
        if (slots != null && slots < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--slots must be at least 1, was " + slots);
        }
        PrintWriter stdout = writer(out);
        PrintWriter stderr = writer(err);
        String script;
        try {
            script = file != null ? readScript(file) : sql;
        } catch (IOException e) {
            stderr.println("[ERROR] Cannot read the script " + file + ": " + e);
            return 1;
        }
        Configuration configuration = new Configuration(settings);
        if (slots != null) {
            configuration.set(EmbeddedEngine.SLOTS_KEY, String.valueOf(slots));
        }
        StatementExecutor executor;
        try {
            executor = engines.start(configuration);
        } catch (RuntimeException e) {
            stderr.println("[ERROR] Could not start the engine: " + ErrorFormatter.message(e));
            if (verbose) {
                stderr.println(ErrorFormatter.stackTrace(e));
            }
            return 1;
        }
        // SIGTERM and Ctrl-C in script mode end the JVM; the hook cancels the jobs and stops
        // the embedded cluster so that nothing is left running.
        AtomicBoolean stopping = new AtomicBoolean();
        Thread shutdownHook = new Thread(() -> {
            stopping.set(true);
            executor.close();
        }, "runnel-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try {
            if (script != null) {
                return new ScriptRunner(executor, stdout, stderr, verbose, stopping::get).run(script);
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
        String banner = "Runnel " + Version.number() + " on an " + executor.description() + ".\n"
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
            return TerminalBuilder.builder().name("runnel").system(true).dumb(true).build();
        }
        return new DumbTerminal("runnel", "dumb", in, out, StandardCharsets.UTF_8);
    }

    private Path historyPath() {
        if (historyFile != null) {
            return historyFile;
        }
        String home = System.getenv("RUNNEL_HOME");
        Path base = home != null && !home.isBlank() ? Path.of(home) : Path.of(System.getProperty("user.home"), ".runnel");
        return base.resolve("history");
    }

    private String readScript(String name) throws IOException {
        if (name.equals("-")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return Files.readString(Path.of(name), StandardCharsets.UTF_8);
    }

    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
    }

    /** {@code --version}: the project version the build filtered into a resource. */
    static final class Version implements CommandLine.IVersionProvider {
        static String number() {
            Properties properties = new Properties();
            try (InputStream resource = Main.class.getResourceAsStream("runnel-version.properties")) {
                if (resource != null) {
                    properties.load(resource);
                }
            } catch (IOException e) {
                return "unknown";
            }
            return properties.getProperty("version", "unknown");
        }

        @Override
        public String[] getVersion() {
            return new String[] {"Runnel " + number()};
        }
    }
}
