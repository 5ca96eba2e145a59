package dev.runnel.shell.repl;

import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.shell.cli.BuiltinCommand;
import dev.runnel.shell.command.BackslashCommand;
import dev.runnel.shell.command.ShellCommands;
import dev.runnel.shell.complete.SqlCompleter;
import dev.runnel.shell.engine.DmlSync;
import dev.runnel.shell.engine.ShellSettings;
import dev.runnel.shell.engine.StatementExecutor;
import dev.runnel.shell.highlight.SqlHighlighter;
import dev.runnel.shell.render.ErrorFormatter;
import dev.runnel.shell.render.JobProgressView;
import dev.runnel.shell.render.Pager;
import dev.runnel.shell.render.ResultMode;
import dev.runnel.shell.render.ResultPrinter;
import dev.runnel.shell.script.ScriptStatement;
import dev.runnel.shell.script.StatementSplitter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * The interactive shell: reads statements (ending with {@code ;}, possibly over several lines)
 * from a JLine terminal, with completion and highlighting, runs them and prints their results.
 * A query streams its rows, in the {@link ResultMode} the session chose ({@code table}, a table
 * redrawn in place, by default on a terminal that can redraw), until it ends or the user
 * presses Ctrl-C, which cancels its job. An {@code INSERT} shows the job's progress on a live
 * line until the job ends or Ctrl-C detaches from it (the job keeps running); under
 * {@code table.dml-sync} the shell waits for the job to end and Ctrl-C cancels it. Ctrl-C at the
 * prompt clears the input; twice in a row at an empty prompt, or Ctrl-D, ends the REPL. Errors
 * print the statement with a caret and the REPL goes on. Lines starting with {@code \} are the
 * shell's own commands ({@link ShellCommands}).
 *
 * <p>Runs on the calling thread; Ctrl-C arrives as a terminal signal on another thread and
 * only sets a flag that the running statement checks.
 */
public final class Repl {
    public static final String PROMPT = "runnel> ";
    public static final String CONTINUATION_PROMPT = "   ...> ";
    static final String EXIT_HINT = "Press Ctrl-C again to exit, or type QUIT;";

    private final Terminal terminal;
    private final StatementExecutor executor;
    private final Optional<Path> historyFile;
    private final boolean verboseFlag;
    private final String banner;
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final ShellCommands commands;

    /**
     * @param historyFile where history persists across sessions, or empty for none
     * @param verbose print stack traces of errors
     * @param banner printed once before the first prompt (nothing when empty: {@code --quiet})
     */
    public Repl(Terminal terminal, StatementExecutor executor, Optional<Path> historyFile, boolean verbose,
                String banner) {
        this.terminal = terminal;
        this.executor = executor;
        this.historyFile = historyFile;
        this.verboseFlag = verbose;
        this.banner = banner;
        this.commands = new ShellCommands(executor, this::runFile);
    }

    /** Runs until QUIT, {@code \q}, Ctrl-D or a double Ctrl-C; returns the exit code (0). */
    public int run() {
        LineReader reader = newReader();
        PrintWriter out = terminal.writer();
        if (!banner.isEmpty()) {
            out.println(banner);
            out.flush();
        }
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> interrupted.set(true));
        try {
            boolean interruptedAtEmptyPrompt = false;
            while (true) {
                String input;
                // JLine interrupts its thread on SIGINT; a flag left set by a Ctrl-C that came before
                // it read anything, or by the Ctrl-C that cancelled a query, would end this prompt at
                // once, as if it were a Ctrl-C at the empty prompt, and the next one would exit.
                Thread.interrupted();
                try {
                    input = reader.readLine(PROMPT);
                } catch (UserInterruptException e) {
                    if (!e.getPartialLine().isBlank()) {
                        interruptedAtEmptyPrompt = false;
                    } else if (interruptedAtEmptyPrompt) {
                        break;
                    } else {
                        out.println(EXIT_HINT);
                        out.flush();
                        interruptedAtEmptyPrompt = true;
                    }
                    continue;
                } catch (EndOfFileException e) {
                    break;
                }
                interruptedAtEmptyPrompt = false;
                if (!runInput(input, out)) {
                    break;
                }
            }
        } finally {
            terminal.handle(Terminal.Signal.INT, previous);
            commands.close();
            saveHistory(reader);
        }
        return 0;
    }

    private LineReader newReader() {
        LineReaderBuilder builder = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("runnel")
                .parser(new SqlLineParser())
                .completer(new SqlCompleter(executor.metadata()))
                .highlighter(new SqlHighlighter())
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, CONTINUATION_PROMPT)
                // candidates listed by kind: tables, columns, keywords, ...
                .option(LineReader.Option.AUTO_GROUP, true)
                .option(LineReader.Option.GROUP, true)
                // '!' and '^' are SQL, not history designators.
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.CASE_INSENSITIVE, true);
        if (historyFile.isPresent()) {
            try {
                Files.createDirectories(historyFile.get().toAbsolutePath().getParent());
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot create the directory of the history file " + historyFile.get(), e);
            }
            builder.variable(LineReader.HISTORY_FILE, historyFile.get());
        }
        return builder.build();
    }

    /** Runs the statements of one accepted input; false when the user asked to quit. */
    private boolean runInput(String input, PrintWriter out) {
        if (BackslashCommand.isCommand(input)) {
            return commands.run(input, out);
        }
        for (ScriptStatement statement : StatementSplitter.split(input).statements()) {
            Optional<BuiltinCommand> builtin = BuiltinCommand.of(statement.text());
            if (builtin.isPresent()) {
                if (builtin.get().exits()) {
                    return false;
                }
                out.println(BuiltinCommand.HELP_TEXT);
                out.flush();
                continue;
            }
            if (!runStatement(statement, out, ErrorFormatter::replError)) {
                break;
            }
        }
        return true;
    }

    /** {@code \i FILE}: the file's statements, up to the first that fails, whose place in the file is named. */
    private void runFile(String name, String script, PrintWriter out) {
        for (ScriptStatement statement : StatementSplitter.split(script).statements()) {
            if (BuiltinCommand.of(statement.text()).isPresent()) {
                continue;
            }
            if (!runStatement(statement, out, (failed, e) -> ErrorFormatter.scriptError(name, failed, e))) {
                return;
            }
        }
    }

    /** Runs one statement; false if it failed (the rest of the input is skipped). */
    private boolean runStatement(ScriptStatement statement, PrintWriter out,
                                 BiFunction<ScriptStatement, RuntimeException, String> errorText) {
        interrupted.set(false);
        long started = System.nanoTime();
        try {
            StatementResult result = executor.execute(statement.text());
            PrintWriter results = commands.output().orElse(out);
            boolean toTerminal = results == out;
            Terminal live = toTerminal && ResultMode.canRedraw(terminal) ? terminal : null;
            ResultMode mode = ShellSettings.resultMode(executor.configuration(), live != null);
            // psql's habit: whole results taller than the screen go through $PAGER, on the terminal only
            Pager pager = toTerminal ? Pager.of(System.getenv(), live).orElse(null) : null;
            new ResultPrinter(results, ShellSettings.zone(executor.configuration()), mode, live, commands.expanded(),
                    pager).print(result, interrupted::get);
            if (result instanceof StatementResult.JobSubmitted job) {
                return followJob(job, live, out);
            }
            return true;
        } catch (RuntimeException e) {
            out.println(errorText.apply(statement, e));
            if (verboseFlag || ShellSettings.verbose(executor.configuration())) {
                out.println(ErrorFormatter.stackTrace(e));
            }
            return false;
        } finally {
            if (commands.timing()) {
                out.println(String.format(Locale.ROOT, "Time: %.3f ms", (System.nanoTime() - started) / 1e6));
            }
            out.flush();
        }
    }

    /**
     * Follows a submitted INSERT: on a live terminal its progress line, until it ends or Ctrl-C.
     * Under {@code table.dml-sync} the statement is the job, as in Flink's client: the shell waits
     * for it to end (also without a live terminal), Ctrl-C cancels it, and a failed job fails
     * the statement. Returns whether the statement succeeded.
     */
    private boolean followJob(StatementResult.JobSubmitted job, Terminal live, PrintWriter out) {
        boolean sync = DmlSync.enabled(executor.configuration());
        if (live != null) {
            JobInfo end = new JobProgressView(terminal, executor.cluster(), System::nanoTime)
                    .follow(job.jobId(), interrupted::get, sync);
            if (!sync || end == null) {
                return true;
            }
            if (end.status() == JobStatus.FINISHED) {
                out.println("[INFO] " + DmlSync.FINISHED_MESSAGE);
            }
            // The view printed how a failed or cancelled job ended.
            return end.status() == JobStatus.FINISHED;
        }
        if (!sync) {
            return true;
        }
        if (DmlSync.await(executor.cluster(), job, interrupted::get)) {
            out.println("[INFO] " + DmlSync.FINISHED_MESSAGE);
            return true;
        }
        out.println("[INFO] Job " + job.jobId() + " was cancelled (Ctrl-C under table.dml-sync).");
        return false;
    }

    private void saveHistory(LineReader reader) {
        try {
            reader.getHistory().save();
        } catch (IOException e) {
            terminal.writer().println("[WARN] Could not save the history: " + e.getMessage());
            terminal.writer().flush();
        }
    }
}
