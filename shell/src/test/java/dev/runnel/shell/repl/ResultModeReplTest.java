package dev.runnel.shell.repl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
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
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;
import org.jline.utils.ScreenTerminal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three result modes in the REPL: on a terminal that can redraw (an ANSI terminal whose
 * output a {@link ScreenTerminal} renders into the screen a person would see) and on a dumb one.
 */
class ResultModeReplTest {
    private static final List<ColumnInfo> COLUMNS = List.of(new ColumnInfo("id", DataType.of(TypeRoot.BIGINT)),
            new ColumnInfo("name", DataType.of(TypeRoot.VARCHAR, 8)));
    private static final String SET = "SET 'sql-client.execution.result-mode' = '%s';\n";

    @TempDir
    Path home;

    private Screen session;

    @AfterEach
    void stop() throws Exception {
        if (session != null) {
            session.close();
        }
    }

    private static Row row(RowKind kind, long id, String name) {
        return Row.ofKind(kind, id, name);
    }

    private static FakeEngine engine(FakeQuery query) {
        return new FakeEngine().on("SELECT * FROM users", () -> query);
    }

    @Test
    void tableModeIsTheDefaultAndRedrawsTheCurrentTableInPlace() throws Exception {
        FakeQuery query = FakeQuery.pushed(COLUMNS);
        session = new Screen(engine(query));

        session.type("SELECT * FROM users;\n");
        query.push(List.of(row(RowKind.INSERT, 1, "alice"), row(RowKind.INSERT, 2, "bob"),
                row(RowKind.INSERT, 3, "carol")));
        // a string column is as wide as its widest value shown so far
        session.awaitScreen("|                    3 | carol |");
        query.push(List.of(row(RowKind.UPDATE_BEFORE, 1, "alice"), row(RowKind.UPDATE_AFTER, 1, "alicia"),
                row(RowKind.DELETE, 2, "bob")));
        session.awaitScreen("|                    1 | alicia |");
        query.finish();
        session.awaitScreen("Query finished.");

        String screen = session.screen();
        assertThat(screen).contains("""
                +----------------------+--------+
                |                   id |   name |
                +----------------------+--------+
                |                    1 | alicia |
                |                    3 |  carol |
                +----------------------+--------+
                Received 6 rows (""").doesNotContain("alice ", "bob", "| op |");
        assertThat(screen).containsPattern(" rows/s\\) in 00:00:\\d\\d; the table has 2 rows\\. Query finished\\.");
        assertThat(session.raw()).as("moved the cursor up to redraw").containsPattern("\u001b\\[\\d*A");
        session.awaitScreen("Query finished.\n" + Repl.PROMPT.strip());
    }

    @Test
    void changelogModeShowsTheChangesWithTheirKind() throws Exception {
        FakeQuery query = FakeQuery.bounded(COLUMNS, List.of(row(RowKind.INSERT, 1, "alice"),
                row(RowKind.UPDATE_BEFORE, 1, "alice"), row(RowKind.UPDATE_AFTER, 1, "alicia"),
                row(RowKind.DELETE, 1, "alicia")), 2);
        session = new Screen(engine(query));

        session.type(SET.formatted("changelog") + "SELECT * FROM users;\n");
        session.awaitScreen("Query finished.");

        assertThat(session.screen()).contains("""
                +----+----------------------+--------+
                | op |                   id |   name |
                +----+----------------------+--------+
                | +I |                    1 |  alice |
                | -U |                    1 |  alice |
                | +U |                    1 | alicia |
                | -D |                    1 | alicia |
                +----+----------------------+--------+
                Received 4 rows (""");
    }

    @Test
    void tableauModePrintsEachChangeAsItComes() throws Exception {
        FakeQuery query = FakeQuery.bounded(COLUMNS, List.of(row(RowKind.INSERT, 1, "alice"),
                row(RowKind.DELETE, 1, "alice")), 1);
        session = new Screen(engine(query));

        session.type(SET.formatted("tableau") + "SELECT * FROM users;\n");
        session.awaitScreen("Received a total of 2 rows");

        assertThat(session.screen()).contains("""
                | op |                   id |     name |
                +----+----------------------+----------+
                | +I |                    1 |    alice |
                | -D |                    1 |    alice |
                +----+----------------------+----------+
                Received a total of 2 rows
                """).doesNotContain("rows/s");
    }

    @Test
    void ctrlCStopsALiveTableAndKeepsItOnScreen() throws Exception {
        FakeQuery query = FakeQuery.unbounded(COLUMNS, List.of(row(RowKind.INSERT, 7, "x")));
        session = new Screen(engine(query));

        session.type("SELECT * FROM users;\n");
        session.awaitScreen("|                    7 |    x |");
        session.terminal.raise(Terminal.Signal.INT);
        session.awaitScreen("the table has 1 row. Query cancelled.\n" + Repl.PROMPT.strip());
        assertThat(query.cancelled()).isTrue();
    }

    @Test
    void aCtrlCThatStopsALiveTableDoesNotCountTowardLeavingTheShell() throws Exception {
        FakeQuery query = FakeQuery.unbounded(COLUMNS, List.of(row(RowKind.INSERT, 7, "x")));
        session = new Screen(engine(query));

        session.type("SELECT * FROM users;\n");
        session.awaitScreen("|                    7 |    x |");
        session.type("\u0003");
        session.awaitScreen("Query cancelled.\n" + Repl.PROMPT.strip());
        assertThat(query.cancelled()).isTrue();

        session.type("\u0003");
        session.awaitScreen(Repl.EXIT_HINT);
        assertThat(session.screen().split(Repl.EXIT_HINT, -1)).as("one Ctrl-C at the prompt, one hint").hasSize(2);
        assertThat(session.exitCode).as("the shell still runs").isNotDone();
    }

    @Test
    void onADumbTerminalTableModePrintsTheFinalTableAndChangelogModePrintsLikeTableau() {
        List<Row> changes = List.of(row(RowKind.INSERT, 1, "alice"), row(RowKind.INSERT, 2, "bob"),
                row(RowKind.UPDATE_BEFORE, 1, "alice"), row(RowKind.UPDATE_AFTER, 1, "alicia"));
        FakeEngine engine = new FakeEngine()
                .on("SELECT * FROM users", () -> FakeQuery.bounded(COLUMNS, changes, 1));

        ShellRun run = ShellRun.withInput(new ByteArrayInputStream((SET.formatted("table") + "SELECT * FROM users;\n"
                + SET.formatted("changelog") + "SELECT * FROM users;\n").getBytes(StandardCharsets.UTF_8)),
                engine.factory(), "--history-file", home.resolve("history").toString());

        assertThat(run.out()).contains("""
                +----+--------+
                | id |   name |
                +----+--------+
                |  1 | alicia |
                |  2 |    bob |
                +----+--------+
                2 rows in set
                """).contains("""
                | -U |                    1 |    alice |
                | +U |                    1 |   alicia |
                +----+----------------------+----------+
                Received a total of 4 rows
                """).doesNotContain("rows/s");
    }

    /** A REPL on an ANSI terminal, typed into through a pipe, its output rendered as a screen. */
    private final class Screen implements AutoCloseable {
        final PipedOutputStream keyboard = new PipedOutputStream();
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final Terminal terminal;
        final CompletableFuture<Integer> exitCode;

        Screen(FakeEngine engine) throws IOException {
            terminal = new ExternalTerminal("test", "ansi", new PipedInputStream(keyboard), output,
                    StandardCharsets.UTF_8);
            terminal.setSize(new Size(100, 40));
            Repl repl = new Repl(terminal, engine, Optional.of(home.resolve("history")), false, "banner");
            exitCode = CompletableFuture.supplyAsync(repl::run);
            await().atMost(Duration.ofSeconds(10)).until(() -> raw().contains(Repl.PROMPT));
        }

        void type(String text) throws IOException {
            keyboard.write(text.getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
        }

        String raw() {
            synchronized (output) {
                return output.toString(StandardCharsets.UTF_8);
            }
        }

        /** What the terminal shows: the output rendered, trailing spaces and empty lines dropped. */
        String screen() {
            ScreenTerminal screen = new ScreenTerminal(100, 200);
            screen.write(raw());
            return screen.toString().lines().map(String::stripTrailing).reduce("", (a, b) -> a + b + "\n").strip() + "\n";
        }

        void awaitScreen(String expected) {
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(screen()).contains(expected));
        }

        /** Ends the input and waits for the REPL to exit, so that it has saved its history before the directory goes. */
        @Override
        public void close() throws Exception {
            keyboard.close();
            exitCode.get(10, TimeUnit.SECONDS);
            terminal.close();
        }
    }
}
