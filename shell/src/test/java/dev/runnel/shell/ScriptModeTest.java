package dev.runnel.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.shell.fake.FakeEngine;
import dev.runnel.shell.fake.FakeQuery;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScriptModeTest {
    private static final String JOB_ID = "3f9c0000000000000000000000000001";
    private static final List<ColumnInfo> TABLE_NAME = List.of(new ColumnInfo("table name", DataType.of(TypeRoot.VARCHAR)));

    @TempDir
    Path dir;

    private Path script(String text) throws IOException {
        Path file = dir.resolve("script.sql");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void printsMessagesAndTablesInAStableForm() throws IOException {
        FakeEngine engine = new FakeEngine()
                .on("CREATE TABLE orders (id BIGINT)", new StatementResult.Message("Table has been created."))
                .on("SHOW TABLES", new StatementResult.Table(TABLE_NAME,
                        List.of(Row.of("orders"), Row.of("big_orders"))))
                .on("DESCRIBE empty", new StatementResult.Table(TABLE_NAME, List.of()))
                .on("DESCRIBE orders", new StatementResult.Table(
                        List.of(new ColumnInfo("name", DataType.of(TypeRoot.VARCHAR)),
                                new ColumnInfo("type", DataType.of(TypeRoot.VARCHAR)),
                                new ColumnInfo("key", DataType.of(TypeRoot.VARCHAR))),
                        List.of(Row.of("id", "BIGINT", null))));

        ShellRun run = ShellRun.of(engine.factory(), "-f", script("""
                CREATE TABLE orders (id BIGINT);
                SET 'parallelism.default' = '2';
                SHOW TABLES;
                DESCRIBE empty;
                DESCRIBE orders;
                """).toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("""
                [INFO] Table has been created.
                [INFO] Session property has been set.
                +------------+
                | table name |
                +------------+
                |     orders |
                | big_orders |
                +------------+
                2 rows in set
                Empty set
                +------+--------+--------+
                | name |   type |    key |
                +------+--------+--------+
                |   id | BIGINT | <NULL> |
                +------+--------+--------+
                1 row in set
                """);
        assertThat(run.exitCode()).isZero();
        assertThat(engine.closed()).isTrue();
    }

    @Test
    void printsAQueryAsAChangelogTableAsItsRowsArrive() {
        List<ColumnInfo> columns = List.of(
                new ColumnInfo("id", DataType.of(TypeRoot.BIGINT).notNull()),
                new ColumnInfo("name", DataType.of(TypeRoot.VARCHAR)),
                new ColumnInfo("amount", DataType.decimal(10, 2)),
                new ColumnInfo("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));
        List<Row> rows = List.of(
                Row.ofKind(RowKind.INSERT, 1L, "alice", new BigDecimal("10.50"), 1_700_000_000_123L),
                Row.ofKind(RowKind.UPDATE_BEFORE, 1L, "alice", new BigDecimal("10.50"), 1_700_000_000_123L),
                Row.ofKind(RowKind.UPDATE_AFTER, 1L, null, new BigDecimal("12.00"), null),
                Row.ofKind(RowKind.INSERT, 2L, "a name far too long for its streaming column", null, 0L));
        FakeEngine engine = new FakeEngine().on("SELECT * FROM orders", () -> FakeQuery.bounded(columns, rows, 3));

        ShellRun run = ShellRun.of(engine.factory(), "-e", "SELECT * FROM orders;");

        assertThat(run.out()).isEqualTo("""
                +----+----------------------+--------------------------------+--------------+-------------------------+
                | op |                   id |                           name |       amount |                      ts |
                +----+----------------------+--------------------------------+--------------+-------------------------+
                | +I |                    1 |                          alice |        10.50 | 2023-11-14 22:13:20.123 |
                | -U |                    1 |                          alice |        10.50 | 2023-11-14 22:13:20.123 |
                | +U |                    1 |                         <NULL> |        12.00 |                  <NULL> |
                | +I |                    2 | a name far too long for its... |       <NULL> | 1970-01-01 00:00:00.000 |
                +----+----------------------+--------------------------------+--------------+-------------------------+
                Received a total of 4 rows
                """);
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void printsTheIdOfASubmittedJobAndWaitsForTheJobToEnd() throws Exception {
        FakeEngine engine = new FakeEngine();
        JobId job = engine.fakeCluster().addRunningJob(JOB_ID, "insert-into_big_orders");
        engine.on("INSERT INTO big_orders SELECT * FROM orders", new StatementResult.JobSubmitted(job, "insert-into_big_orders"));
        ShellRun.Capture capture = new ShellRun.Capture();

        CompletableFuture<Integer> exitCode = CompletableFuture.supplyAsync(() -> Main.run(
                new String[] {"-e", "INSERT INTO big_orders SELECT * FROM orders"},
                new ByteArrayInputStream(new byte[0]), capture.outStream, capture.errStream, engine.factory()));

        await().atMost(Duration.ofSeconds(10)).until(() -> capture.out().equals("Job submitted: " + JOB_ID + "\n"));
        assertThat(exitCode).as("the shell waits for the job it submitted").isNotDone();
        engine.fakeCluster().finish(job, JobStatus.FINISHED, null);
        assertThat(exitCode.get()).isZero();
        assertThat(capture.err()).isEmpty();
    }

    @Test
    void aFailedJobMakesTheExitCodeOne() {
        FakeEngine engine = new FakeEngine();
        JobId job = engine.fakeCluster().addRunningJob(JOB_ID, "insert-into_sink");
        engine.fakeCluster().finish(job, JobStatus.FAILED, "RecordException: bad record in /tmp/in.json line 3");
        engine.on("INSERT INTO sink SELECT * FROM source", new StatementResult.JobSubmitted(job, "insert-into_sink"));

        ShellRun run = ShellRun.of(engine.factory(), "-e", "INSERT INTO sink SELECT * FROM source;");

        assertThat(run.out()).isEqualTo("Job submitted: " + JOB_ID + "\n");
        assertThat(run.err()).isEqualTo("<command-line>:1: [ERROR] Job " + JOB_ID
                + " (insert-into_sink) failed: RecordException: bad record in /tmp/in.json line 3\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void aJobCancelledFromOutsideFailsTheScriptWithAMessage() {
        FakeEngine engine = new FakeEngine();
        JobId job = engine.fakeCluster().addRunningJob(JOB_ID, "insert-into_sink");
        engine.fakeCluster().finish(job, JobStatus.CANCELED, null);
        engine.on("INSERT INTO sink SELECT * FROM source", new StatementResult.JobSubmitted(job, "insert-into_sink"));

        ShellRun run = ShellRun.of(engine.factory(), "-e", "INSERT INTO sink SELECT * FROM source");

        assertThat(run.err()).isEqualTo("<command-line>:1: [ERROR] Job " + JOB_ID + " (insert-into_sink) was cancelled "
                + "before it finished (by STOP JOB or the REST API); its output is not complete\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void aFailingStatementIsReportedAtItsScriptPositionAndStopsTheScript() throws IOException {
        FakeEngine engine = new FakeEngine()
                .on("CREATE TABLE t (x INT)", new StatementResult.Message("Table has been created."))
                .on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of(Row.of("t"))))
                .failOn("SELECT y\nFROM t", "Column 'y' not found in any table", 1, 8);
        // Six lines of header comments, so that the script's statements start at line 7.
        String text = "-- line 1\n-- line 2\n-- line 3\n-- line 4\n-- line 5\n-- line 6\n"
                + "CREATE TABLE t (x INT); SHOW TABLES;\n"
                + "   SELECT y\nFROM t;\n"
                + "SELECT 'never run';\n";

        Path script = script(text);
        ShellRun run = ShellRun.of(engine.factory(), "--file", script.toString());

        assertThat(run.err()).isEqualTo(
                script + ":8:11: [ERROR] Column 'y' not found in any table\n"
                + "  SELECT y\n"
                + "         ^\n");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(engine.executed()).containsExactly("CREATE TABLE t (x INT)", "SHOW TABLES", "SELECT y\nFROM t");
    }

    @Test
    void aFailingStatementSaysWhichRunningJobsItsEndCancels() {
        FakeEngine engine = new FakeEngine();
        JobId job = engine.fakeCluster().addRunningJob(JOB_ID, "insert-into_sink");
        engine.on("INSERT INTO sink SELECT * FROM source", new StatementResult.JobSubmitted(job, "insert-into_sink"))
                .failOn("SELECT amout FROM source", "Column 'amout' not found in any table", 1, 8);

        ShellRun run = ShellRun.of(engine.factory(), "-e",
                "INSERT INTO sink SELECT * FROM source; SELECT amout FROM source;");

        assertThat(run.err()).isEqualTo(
                "<command-line>:1:47: [ERROR] Column 'amout' not found in any table\n"
                + "  SELECT amout FROM source\n"
                + "         ^\n"
                + "[INFO] Job " + JOB_ID + " (insert-into_sink) is cancelled because the script stopped.\n");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(engine.closed()).as("closing the engine cancels the job").isTrue();
    }

    @Test
    void anErrorOnALaterLineOfAStatementKeepsItsColumn() throws IOException {
        FakeEngine engine = new FakeEngine().failOn("SELECT x\nFROM nope", "Object 'nope' not found", 2, 6);

        Path script = script("\n\n  SELECT x\nFROM nope;");
        ShellRun run = ShellRun.of(engine.factory(), "-f", script.toString());

        assertThat(run.err()).isEqualTo(script + ":4:6: [ERROR] Object 'nope' not found\n"
                + "  FROM nope\n"
                + "       ^\n");
    }

    @Test
    void anErrorWithoutPositionNamesTheLineOfItsStatement() {
        FakeEngine engine = new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of()))
                .on("STOP JOB 'x'", () -> {
                    throw new dev.runnel.planner.session.SqlExecutionException("Job 'x' does not exist");
                });

        ShellRun run = ShellRun.of(engine.factory(), "-e", "SHOW TABLES;\n\n  STOP JOB 'x';");

        assertThat(run.err()).isEqualTo("<command-line>:3: [ERROR] Job 'x' does not exist\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void anUnexpectedExceptionIsOneLineUnlessVerbose() {
        FakeEngine engine = new FakeEngine().on("SELECT 1", () -> {
            throw new IllegalStateException("planner bug");
        });

        ShellRun plain = ShellRun.of(engine.factory(), "-e", "SELECT 1");
        ShellRun verbose = ShellRun.of(engine.factory(), "--verbose", "-e", "SELECT 1");

        assertThat(plain.err()).isEqualTo(
                "<command-line>:1: [ERROR] Unexpected error: java.lang.IllegalStateException: planner bug\n");
        assertThat(verbose.err()).startsWith(plain.err()).contains("\tat dev.runnel.shell");
    }

    @Test
    void verboseCanBeSwitchedOnWithSet() {
        FakeEngine engine = new FakeEngine().failOn("SELECT nope", "Column 'nope' not found", 1, 8);

        ShellRun run = ShellRun.of(engine.factory(), "-e", "SET 'sql-client.verbose' = 'true'; SELECT nope;");

        assertThat(run.err()).startsWith("<command-line>:1:43: [ERROR] Column 'nope' not found\n"
                + "  SELECT nope\n"
                + "         ^\n")
                .contains("SqlExecutionException");
    }

    @Test
    void aFailedQueryClosesItsTableAndFailsTheScript() {
        List<ColumnInfo> columns = List.of(new ColumnInfo("x", DataType.of(TypeRoot.INTEGER)));
        FakeEngine engine = new FakeEngine().on("SELECT x FROM t",
                () -> FakeQuery.failing(columns, List.of(Row.of(1)), "Job failed: division by zero"));

        ShellRun run = ShellRun.of(engine.factory(), "-e", "SELECT x FROM t");

        assertThat(run.out()).isEqualTo("""
                +----+-------------+
                | op |           x |
                +----+-------------+
                | +I |           1 |
                +----+-------------+
                """);
        assertThat(run.err()).isEqualTo("<command-line>:1: [ERROR] Job failed: division by zero\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void optionsPresetTheSessionAndTheSlots() {
        FakeEngine engine = new FakeEngine();

        ShellRun run = ShellRun.of(engine.factory(), "-D", "parallelism.default=2", "--set", "a.b=c", "--slots", "4",
                "-e", "HELP;");

        assertThat(run.exitCode()).isZero();
        assertThat(engine.configuration().toMap()).containsEntry("parallelism.default", "2")
                .containsEntry("a.b", "c").containsEntry("taskmanager.numberOfTaskSlots", "4");
        assertThat(run.out()).contains("Statements end with ';'");
    }

    @Test
    void quitEndsAScriptEarly() {
        FakeEngine engine = new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of()));

        ShellRun run = ShellRun.of(engine.factory(), "-e", "SHOW TABLES; QUIT; SHOW TABLES;");

        assertThat(engine.executed()).containsExactly("SHOW TABLES");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void readsTheScriptFromStandardInputWithDash() {
        FakeEngine engine = new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of()));

        ShellRun run = ShellRun.withInput(new ByteArrayInputStream("SHOW TABLES;\n".getBytes(StandardCharsets.UTF_8)),
                engine.factory(), "-f", "-");

        assertThat(run.out()).isEqualTo("Empty set\n");
    }

    @Test
    void commandLineMistakesExitWithTwo() {
        FakeEngine engine = new FakeEngine();

        assertThat(ShellRun.of(engine.factory(), "--output-format", "xml", "-e", "SELECT 1").err())
                .contains("Unknown output format 'xml'; expected one of table, csv, tsv, json");
        assertThat(ShellRun.of(engine.factory(), "--define", "9lives=x", "-e", "SELECT 1").exitCode()).isEqualTo(2);
        assertThat(ShellRun.of(engine.factory(), "--output-format", "csv").err())
                .as("the REPL").contains("--output-format is for scripts");
        assertThat(ShellRun.of(engine.factory(), "-f").exitCode()).isEqualTo(2);
        assertThat(ShellRun.of(engine.factory(), "--no-such-option").exitCode()).isEqualTo(2);
        assertThat(ShellRun.of(engine.factory(), "--slots", "0", "-e", "HELP").exitCode()).isEqualTo(2);
    }

    @Test
    void aMissingScriptFileIsAnErrorNamingIt() {
        ShellRun run = ShellRun.of(new FakeEngine().factory(), "-f", dir.resolve("missing.sql").toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("[ERROR] Cannot read the script ").contains("missing.sql");
    }

    @Test
    void helpAndVersion() {
        ShellRun help = ShellRun.of(new FakeEngine().factory(), "--help");
        ShellRun version = ShellRun.of(new FakeEngine().factory(), "--version");

        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("Usage: runnel", "-f, --file=FILE", "-e, --execute=SQL", "--slots=N",
                "--output-format=FORMAT", "-i, --init=FILE", "${NAME}");
        assertThat(version.out()).matches("Runnel \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\R");
    }
}
