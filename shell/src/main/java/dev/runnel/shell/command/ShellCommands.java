package dev.runnel.shell.command;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.planner.session.SessionMetadata;
import dev.runnel.shell.engine.ShellSettings;
import dev.runnel.shell.engine.StatementExecutor;
import dev.runnel.shell.render.ErrorFormatter;
import dev.runnel.shell.render.ResultPrinter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Runs the REPL's {@link BackslashCommand}s and keeps the display settings they change: whether
 * statements are timed ({@code \timing}), whether finite results are shown expanded
 * ({@code \x}), and the file results go to ({@code \o}). Not thread-safe: the REPL's thread only.
 */
public final class ShellCommands implements AutoCloseable {
    private static final DataType NAME = DataType.of(TypeRoot.VARCHAR).notNull();

    private final StatementExecutor executor;
    private final ScriptRunner scriptRunner;
    private boolean timing;
    private boolean expanded;
    private PrintWriter output;

    /** Runs the statements of a script ({@code \i}), printing to {@code out}; {@code name} is its file. */
    @FunctionalInterface
    public interface ScriptRunner {
        void run(String name, String script, PrintWriter out);
    }

    public ShellCommands(StatementExecutor executor, ScriptRunner scriptRunner) {
        this.executor = executor;
        this.scriptRunner = scriptRunner;
    }

    public boolean timing() {
        return timing;
    }

    public boolean expanded() {
        return expanded;
    }

    /** Where results go instead of the terminal ({@code \o FILE}), if anywhere. */
    public Optional<PrintWriter> output() {
        return Optional.ofNullable(output);
    }

    /** Runs the command on {@code line}; false when it asks the shell to quit. */
    public boolean run(String line, PrintWriter out) {
        Optional<BackslashCommand> parsed = BackslashCommand.parse(line);
        if (parsed.isEmpty()) {
            out.println("[ERROR] Unknown command " + line.strip().split("\\s+")[0] + ". \\? lists the commands.");
            out.flush();
            return true;
        }
        BackslashCommand command = parsed.get();
        String argument = command.argument();
        switch (command.name()) {
            case HELP -> out.println(BackslashCommand.help());
            case QUIT -> {
                return false;
            }
            case DESCRIBE -> {
                if (argument.isEmpty()) {
                    print(relations(true, true), out);
                } else {
                    execute("DESCRIBE " + argument, out);
                }
            }
            case TABLES -> print(relations(true, false), out);
            case VIEWS -> print(relations(false, true), out);
            case TIMING -> {
                timing = toggle(argument, timing, out);
                out.println("Timing is " + (timing ? "on." : "off."));
            }
            case EXPANDED -> {
                expanded = toggle(argument, expanded, out);
                out.println("Expanded display is " + (expanded ? "on." : "off."));
            }
            case INCLUDE -> include(argument, out);
            case OUTPUT -> redirect(argument, out);
        }
        out.flush();
        return true;
    }

    /** {@code on}, {@code off}, or without an argument the opposite of {@code current}. */
    private static boolean toggle(String argument, boolean current, PrintWriter out) {
        return switch (argument.toLowerCase(Locale.ROOT)) {
            case "" -> !current;
            case "on" -> true;
            case "off" -> false;
            default -> {
                out.println("[ERROR] Expected on or off, not '" + argument + "'.");
                yield current;
            }
        };
    }

    /* \d, \dt, \dv: the current database's tables and views, as psql's list of relations. */
    private StatementResult relations(boolean tables, boolean views) {
        SessionMetadata metadata = executor.metadata();
        String catalog = metadata.currentCatalog();
        String database = metadata.currentDatabase();
        List<Row> rows = new ArrayList<>();
        if (tables) {
            metadata.tables(catalog, database).forEach(t -> rows.add(Row.of(t, "TABLE")));
        }
        if (views) {
            metadata.views(catalog, database).forEach(v -> rows.add(Row.of(v, "VIEW")));
        }
        rows.sort((a, b) -> String.valueOf(a.getField(0)).compareTo(String.valueOf(b.getField(0))));
        return new StatementResult.Table(List.of(new ColumnInfo("name", NAME), new ColumnInfo("type", NAME)), rows);
    }

    private void execute(String statement, PrintWriter out) {
        try {
            print(executor.execute(statement), out);
        } catch (RuntimeException e) {
            out.println("[ERROR] " + ErrorFormatter.message(e));
        }
    }

    private void print(StatementResult result, PrintWriter out) {
        new ResultPrinter(output().orElse(out), ShellSettings.zone(executor.configuration()),
                ShellSettings.resultMode(executor.configuration(), false), null, expanded).print(result, () -> false);
    }

    private void include(String file, PrintWriter out) {
        if (file.isEmpty()) {
            out.println("[ERROR] \\i needs a file: \\i script.sql");
            return;
        }
        Path path = Path.of(file);
        String script;
        try {
            script = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            out.println("[ERROR] \\i: " + file + " does not exist (relative paths start at "
                    + Path.of("").toAbsolutePath() + ")");
            return;
        } catch (IOException e) {
            // the exceptions of the file system often say only the path again
            String why = Files.isDirectory(path) ? "it is a directory"
                    : e.getMessage() == null || e.getMessage().equals(file) ? e.getClass().getSimpleName()
                    : e.getMessage();
            out.println("[ERROR] \\i: cannot read " + file + ": " + why);
            return;
        }
        scriptRunner.run(file, script, out);
    }

    private void redirect(String file, PrintWriter out) {
        close();
        if (file.isEmpty()) {
            out.println("Results go to the terminal.");
            return;
        }
        try {
            output = new PrintWriter(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8), true);
            out.println("Results go to " + file + ".");
        } catch (IOException | RuntimeException e) {
            out.println("[ERROR] Cannot write " + file + ": " + e.getMessage());
        }
    }

    /** Closes the {@code \o} file, if any. */
    @Override
    public void close() {
        if (output != null) {
            output.close();
            output = null;
        }
    }
}
