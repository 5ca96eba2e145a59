package dev.runnel.shell.repl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.shell.ShellRun;
import dev.runnel.shell.fake.FakeEngine;
import dev.runnel.shell.fake.FakeQuery;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplTest {
    private static final List<ColumnInfo> TABLE_NAME = List.of(new ColumnInfo("table name", DataType.of(TypeRoot.VARCHAR)));

    @TempDir
    Path home;

    private Interactive session;

    @AfterEach
    void stop() throws Exception {
        if (session != null) {
            session.close();
        }
    }

    private static FakeEngine engineWithTables() {
        return new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of(Row.of("orders"))));
    }

    private ShellRun pipe(FakeEngine engine, String input) {
        return ShellRun.withInput(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), engine.factory(),
                "--history-file", home.resolve("history").toString());
    }

    @Test
    void anErrorLeavesTheShellUsableAndTheNextStatementRuns() {
        FakeEngine engine = engineWithTables();

        ShellRun run = pipe(engine, "SELECT nope;\nSHOW TABLES;\n");

        assertThat(run.exitCode()).isZero();
        assertThat(engine.executed()).containsExactly("SELECT nope", "SHOW TABLES");
        assertThat(run.out())
                .contains("[ERROR] At line 1, column 1: Object 'SELECT nope' not found\n")
                .contains("""
                        +------------+
                        | table name |
                        +------------+
                        |     orders |
                        +------------+
                        1 row in set
                        """)
                .doesNotContain("\tat ");
        assertThat(run.out().indexOf("[ERROR]")).isLessThan(run.out().indexOf("1 row in set"));
        assertThat(engine.closed()).isTrue();
    }

    @Test
    void aStatementMaySpanLinesAndLinesMayHoldSeveralStatements() {
        FakeEngine engine = engineWithTables()
                .on("CREATE TABLE t (\n  id BIGINT\n) WITH ('connector' = 'datagen')",
                        new StatementResult.Message("Table has been created."));

        ShellRun run = pipe(engine, "CREATE TABLE t (\n  id BIGINT\n) WITH ('connector' = 'datagen')\n;\n"
                + "SHOW TABLES; SHOW\nTABLES;\n");

        assertThat(engine.executed()).containsExactly(
                "CREATE TABLE t (\n  id BIGINT\n) WITH ('connector' = 'datagen')", "SHOW TABLES", "SHOW\nTABLES");
        assertThat(run.out()).contains("[INFO] Table has been created.\n");
    }

    @Test
    void errorsInAMultiLineInputPointAtTheLineOfTheInput() {
        FakeEngine engine = engineWithTables().failOn("SELECT x\n  FROM t", "Column 'x' not found", 1, 8);

        ShellRun run = pipe(engine, "SHOW TABLES; SELECT x\n  FROM t;\n");

        assertThat(run.out()).contains("[ERROR] At line 1, column 21: Column 'x' not found\n");
    }

    @Test
    void showsABannerAndQuitEndsTheShell() {
        FakeEngine engine = engineWithTables();

        ShellRun run = pipe(engine, "help;\nQUIT;\nSHOW TABLES;\n");

        assertThat(run.out()).startsWith("Runnel ").contains("fake cluster with 2 slots", Repl.PROMPT,
                "Statements end with ';' and may span lines.");
        assertThat(engine.executed()).isEmpty();
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void keepsHistoryAcrossSessions() throws IOException {
        pipe(engineWithTables(), "SHOW\nTABLES;\nSELECT 'a!b';\n");

        String history = Files.readString(home.resolve("history"));
        assertThat(history).contains("SHOW", "TABLES", "SELECT 'a!b';");
    }

    @Test
    void sqlTextReachesTheSessionUnchanged() {
        FakeEngine engine = new FakeEngine()
                .on("SELECT 'a\\b', '!1', `x` -- c", new StatementResult.Message("ok"));

        pipe(engine, "SELECT 'a\\b', '!1', `x` -- c\n;\n");

        assertThat(engine.executed()).containsExactly("SELECT 'a\\b', '!1', `x` -- c");
    }

    @Test
    void ctrlCCancelsAStreamingQueryAndReturnsToThePrompt() throws Exception {
        List<ColumnInfo> columns = List.of(new ColumnInfo("id", DataType.of(TypeRoot.BIGINT)));
        AtomicReference<FakeQuery> query = new AtomicReference<>();
        FakeEngine engine = engineWithTables().on("SELECT id FROM clicks", () -> {
            query.set(FakeQuery.unbounded(columns, List.of(Row.of(7L))));
            return query.get();
        });
        session = new Interactive(engine);

        session.type("SELECT id FROM clicks;\n");
        session.awaitOutput("| +I |                    7 |");
        session.terminal.raise(Terminal.Signal.INT);

        session.awaitOutput(
                "Query cancelled, received a total of 1 row\n" + Repl.PROMPT);
        assertThat(query.get().cancelled()).isTrue();
        session.type("SHOW TABLES;\n");
        session.awaitOutput("1 row in set");
        session.endInput();
        assertThat(session.exitCode.get()).isZero();
    }

    @Test
    void ctrlCClearsAPartialStatementAndTwiceAtAnEmptyPromptExits() throws Exception {
        FakeEngine engine = engineWithTables();
        session = new Interactive(engine);

        session.type("SELECT 1\nFROM");
        await().atMost(Duration.ofSeconds(10)).until(() -> session.inputConsumed());
        session.terminal.raise(Terminal.Signal.INT);
        // Typing on before the new prompt would race the interrupted read for the first key.
        session.awaitPrompts(2);
        session.type("SHOW TABLES;\n");
        session.awaitOutput("1 row in set\n" + Repl.PROMPT);
        assertThat(engine.executed()).containsExactly("SHOW TABLES");
        assertThat(session.output()).doesNotContain(Repl.EXIT_HINT);

        session.terminal.raise(Terminal.Signal.INT);
        session.awaitOutput(Repl.EXIT_HINT);
        assertThat(session.exitCode).isNotDone();
        session.terminal.raise(Terminal.Signal.INT);
        assertThat(session.exitCode.get()).isZero();
    }

    /** A REPL on its own thread, typed into through a pipe. */
    private final class Interactive implements AutoCloseable {
        final PipedOutputStream keyboard = new PipedOutputStream();
        final PipedInputStream input;
        final ByteArrayOutputStream screen = new ByteArrayOutputStream();
        final Terminal terminal;
        final CompletableFuture<Integer> exitCode;

        Interactive(FakeEngine engine) throws IOException {
            input = new PipedInputStream(keyboard);
            terminal = new DumbTerminal("test", "dumb", input, screen, StandardCharsets.UTF_8);
            Repl repl = new Repl(terminal, engine, Optional.of(home.resolve("history")), false, "banner");
            exitCode = CompletableFuture.supplyAsync(repl::run);
            await().atMost(Duration.ofSeconds(10)).until(() -> output().contains(Repl.PROMPT));
        }

        void type(String text) throws IOException {
            keyboard.write(text.getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
        }

        boolean inputConsumed() throws IOException {
            return input.available() == 0;
        }

        void awaitOutput(String expected) {
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(output()).contains(expected));
        }

        void awaitPrompts(int count) {
            await().atMost(Duration.ofSeconds(10)).untilAsserted(
                    () -> assertThat(output().split(Repl.PROMPT, -1)).hasSize(count + 1));
        }

        String output() {
            return screen.toString(StandardCharsets.UTF_8);
        }

        void endInput() throws IOException {
            keyboard.close();
        }

        @Override
        public void close() throws IOException {
            keyboard.close();
            terminal.close();
        }
    }
}
