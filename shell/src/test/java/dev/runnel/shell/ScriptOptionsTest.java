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

/**
 * The options of script mode for CI, through {@code Main.run} on a fake engine: the default
 * output format (the formats for programs are in {@link OutputFormatsTest}), {@code --quiet}, init files, several scripts, standard input, {@code --continue-on-error},
 * variables and {@code table.dml-sync}.
 */
class ScriptOptionsTest {
    private static final String JOB_ID = "3f9c0000000000000000000000000001";
    private static final List<ColumnInfo> ORDER_COLUMNS = List.of(
            new ColumnInfo("id", DataType.of(TypeRoot.BIGINT).notNull()),
            new ColumnInfo("name", DataType.of(TypeRoot.VARCHAR)),
            new ColumnInfo("amount", DataType.decimal(10, 2)),
            new ColumnInfo("paid", DataType.of(TypeRoot.BOOLEAN)));
    /** A changelog whose values need quoting or escaping in some format. */
    private static final List<Row> ORDER_CHANGES = List.of(
            Row.ofKind(RowKind.INSERT, 1L, "alice, \"ali\"", new BigDecimal("10.50"), true),
            Row.ofKind(RowKind.UPDATE_BEFORE, 1L, "alice, \"ali\"", new BigDecimal("10.50"), true),
            Row.ofKind(RowKind.UPDATE_AFTER, 1L, "two\tlines\nhere", null, false),
            Row.ofKind(RowKind.DELETE, 2L, "", new BigDecimal("-0.01"), null));
    private static final List<ColumnInfo> TABLE_NAME = List.of(new ColumnInfo("table name", DataType.of(TypeRoot.VARCHAR)));

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static FakeEngine ordersEngine() {
        return new FakeEngine()
                .on("CREATE TABLE orders (id BIGINT)", new StatementResult.Message("Table has been created."))
                .on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of(Row.of("orders"), Row.of((Object) null))))
                .on("SELECT * FROM orders", () -> FakeQuery.bounded(ORDER_COLUMNS, ORDER_CHANGES, 2).updating());
    }

    private static final String ORDERS_SCRIPT = "CREATE TABLE orders (id BIGINT); SHOW TABLES; SELECT * FROM orders;";

    @Test
    void tableIsTheDefaultAndQuietLeavesOnlyResults() {
        ShellRun table = ShellRun.of(ordersEngine().factory(), "--output-format", "table", "-e", ORDERS_SCRIPT);
        ShellRun quiet = ShellRun.of(ordersEngine().factory(), "-q", "-e", ORDERS_SCRIPT);

        assertThat(table.out()).startsWith("""
                [INFO] Table has been created.
                +------------+
                | table name |
                +------------+
                |     orders |
                |     <NULL> |
                +------------+
                2 rows in set
                +----+----------------------+--------------------------------+--------------+--------+
                | op |                   id |                           name |       amount |   paid |
                """).endsWith("Received a total of 4 rows\n");
        assertThat(quiet.out()).isEqualTo(table.out().replace("[INFO] Table has been created.\n", ""));
    }

    @Test
    void quietLeavesOutJobIdsAndTheReplBanner() {
        FakeEngine engine = new FakeEngine();
        JobId job = engine.fakeCluster().addRunningJob(JOB_ID, "insert-into_sink");
        engine.fakeCluster().finish(job, JobStatus.FINISHED, null);
        engine.on("INSERT INTO sink SELECT 1", new StatementResult.JobSubmitted(job, "insert-into_sink"));

        ShellRun script = ShellRun.of(engine.factory(), "--quiet", "-e", "INSERT INTO sink SELECT 1; HELP;");
        ShellRun repl = ShellRun.withInput(input("QUIT;\n"), engine.factory(), "--quiet");

        assertThat(script.out()).startsWith("Statements end with ';'").doesNotContain("Job submitted");
        assertThat(repl.out()).doesNotContain("Runnel ", "fake cluster");
    }

    @Test
    void filesAndStatementsRunInCommandLineOrderOnOneSession() throws IOException {
        FakeEngine engine = new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of()));
        Path first = file("first.sql", "SET 'var.a' = '1';\n");
        Path second = file("second.sql", "SET 'var.c' = '${a}${b}';\n");

        ShellRun run = ShellRun.of(engine.factory(), "-f", first.toString(), "-e", "SET 'var.b' = '2'",
                "--file=" + second, "-e", "SHOW TABLES");

        assertThat(engine.executed()).containsExactly("SET 'var.a' = '1'", "SET 'var.b' = '2'", "SET 'var.c' = '12'",
                "SHOW TABLES");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void aFailureInTheSecondFileNamesThatFileAndSkipsTheRest() throws IOException {
        FakeEngine engine = new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of()))
                .failOn("SELECT nope", "Column 'nope' not found in any table", 1, 8);
        Path first = file("first.sql", "SHOW TABLES;\n");
        Path second = file("second.sql", "-- checks\n\nSHOW TABLES;\n  SELECT nope;\nSHOW TABLES;\n");

        ShellRun run = ShellRun.of(engine.factory(), "-f", first.toString(), "-f", second.toString(), "-e", "SHOW TABLES");

        assertThat(run.err()).isEqualTo(second + ":4:10: [ERROR] Column 'nope' not found in any table\n"
                + "  SELECT nope\n"
                + "         ^\n");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(engine.executed()).containsExactly("SHOW TABLES", "SHOW TABLES", "SELECT nope");
    }

    @Test
    void continueOnErrorRunsEveryStatementAndStillExitsWithOne() {
        FakeEngine engine = new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of()))
                .failOn("SELECT a", "Column 'a' not found in any table", 1, 8)
                .failOn("SELECT b", "Column 'b' not found in any table", 1, 8);

        ShellRun run = ShellRun.of(engine.factory(), "--continue-on-error", "-e",
                "SELECT a;\nSHOW TABLES;\nSELECT b;\nSHOW TABLES;");

        assertThat(run.err()).isEqualTo("""
                <command-line>:1:8: [ERROR] Column 'a' not found in any table
                  SELECT a
                         ^
                <command-line>:3:8: [ERROR] Column 'b' not found in any table
                  SELECT b
                         ^
                """);
        assertThat(run.out()).isEqualTo("Empty set\nEmpty set\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void standardInputThatIsNotATerminalIsAScript() {
        FakeEngine engine = new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of()))
                .failOn("SELECT nope", "Column 'nope' not found in any table", 1, 8);
        ShellRun.Capture capture = new ShellRun.Capture();

        int exitCode = Main.run(new String[0], input("SHOW TABLES;\nSELECT nope;\n"), false, capture.outStream,
                capture.errStream, engine.factory());

        assertThat(capture.out()).as("no banner, no prompt").isEqualTo("Empty set\n");
        assertThat(capture.err()).startsWith("<stdin>:2:8: [ERROR] Column 'nope' not found in any table\n");
        assertThat(exitCode).isEqualTo(1);
    }

    @Test
    void anInitFileRunsFirstAndSilently() throws IOException {
        FakeEngine engine = new FakeEngine()
                .on("CREATE TABLE orders (id BIGINT)", new StatementResult.Message("Table has been created."))
                .on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of(Row.of("orders"))));
        Path init = file("init.sql", "SET 'var.table' = 'orders';\nCREATE TABLE ${table} (id BIGINT);\n");

        ShellRun script = ShellRun.of(engine.factory(), "-e", "SHOW TABLES", "-i", init.toString());

        assertThat(engine.executed()).containsExactly("SET 'var.table' = 'orders'", "CREATE TABLE orders (id BIGINT)",
                "SHOW TABLES");
        assertThat(script.out()).isEqualTo("""
                +------------+
                | table name |
                +------------+
                |     orders |
                +------------+
                1 row in set
                """);
        assertThat(script.exitCode()).isZero();

        ShellRun repl = ShellRun.withInput(input("SHOW TABLES;\nQUIT;\n"), engine.factory(), "--init", init.toString());
        assertThat(repl.out()).startsWith("Runnel ").contains("|     orders |").doesNotContain("[INFO] Table has been created.");
    }

    @Test
    void aFailingInitFileEndsTheRunBeforeTheScript() throws IOException {
        FakeEngine engine = new FakeEngine().failOn("CREATE TABLE t (x INT) WITH ('connector' = 'nope')",
                "Connector 'nope' is not supported yet", 1, 45);
        Path init = file("init.sql", "\nCREATE TABLE t (x INT) WITH ('connector' = 'nope');\nSET 'a' = 'b';\n");

        ShellRun run = ShellRun.of(engine.factory(), "--continue-on-error", "-i", init.toString(), "-e", "SHOW TABLES");

        assertThat(run.err()).startsWith(init + ":2:45: [ERROR] Connector 'nope' is not supported yet\n");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(engine.executed()).hasSize(1);
    }

    @Test
    void anInitFileHoldsOnlyWhatFlinksInitFilesHold() throws IOException {
        FakeEngine engine = new FakeEngine();
        Path init = file("init.sql", "SET 'a' = 'b';\nINSERT INTO sink SELECT 1;\n");

        ShellRun run = ShellRun.of(engine.factory(), "-i", init.toString(), "-e", "SHOW TABLES");

        assertThat(run.err()).isEqualTo(init + ":2:1: [ERROR] Statement INSERT is not supported in an init file (-i); "
                + "it may hold SET, RESET, CREATE, DROP, ALTER and USE statements\n"
                + "  INSERT INTO sink SELECT 1\n"
                + "  ^\n");
        assertThat(engine.executed()).containsExactly("SET 'a' = 'b'");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void variablesFromDefineAndSetAreSubstitutedBeforeParsing() {
        FakeEngine engine = new FakeEngine()
                .on("SELECT * FROM orders_2024 WHERE note <> '${literal}' -- ${not} substituted in comments",
                        new StatementResult.Table(TABLE_NAME, List.of()));

        ShellRun run = ShellRun.of(engine.factory(), "--define", "year=2024", "-e",
                "SET 'var.table' = 'orders_${year}';\n"
                        + "SELECT * FROM ${table} WHERE note <> '$${literal}' -- ${not} substituted in comments");

        assertThat(run.err()).isEmpty();
        assertThat(engine.configuration().toMap()).containsEntry("var.year", "2024").containsEntry("var.table", "orders_2024");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void anUndefinedVariableIsAnErrorAtItsLineAndColumn() {
        FakeEngine engine = new FakeEngine();

        ShellRun run = ShellRun.of(engine.factory(), "--define", "dir=/data", "-e",
                "SET 'var.x' = '1';\nSELECT *\n  FROM '${dir}' JOIN ${dri}");

        assertThat(run.err()).isEqualTo("<command-line>:3:22: [ERROR] Variable 'dri' is not defined; "
                + "define it with SET 'var.dri' = '...' or --define dri=...\n"
                + "    FROM '${dir}' JOIN ${dri}\n"
                + "                       ^\n");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(engine.executed()).containsExactly("SET 'var.x' = '1'");
    }

    @Test
    void anErrorAfterASubstitutedValuePointsAtWhatTheUserWrote() {
        FakeEngine engine = new FakeEngine().failOn("SELECT a_much_longer_name, nope FROM t",
                "From line 1, column 28 to line 1, column 31: Column 'nope' not found in any table", 1, 28);

        ShellRun run = ShellRun.of(engine.factory(), "--define", "c=a_much_longer_name", "-e", "SELECT ${c}, nope FROM t");

        assertThat(run.err()).isEqualTo("<command-line>:1:14: [ERROR] Column 'nope' not found in any table\n"
                + "  SELECT ${c}, nope FROM t\n"
                + "               ^\n");
    }

    @Test
    void dmlSyncMakesAnInsertWaitForItsJobBeforeTheNextStatement() throws Exception {
        FakeEngine engine = new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of()));
        JobId job = engine.fakeCluster().addRunningJob(JOB_ID, "insert-into_sink");
        engine.on("INSERT INTO sink SELECT 1", new StatementResult.JobSubmitted(job, "insert-into_sink"));
        ShellRun.Capture capture = new ShellRun.Capture();

        CompletableFuture<Integer> exitCode = CompletableFuture.supplyAsync(() -> Main.run(
                new String[] {"-e", "SET 'table.dml-sync' = 'true'; INSERT INTO sink SELECT 1; SHOW TABLES;"},
                input(""), capture.outStream, capture.errStream, engine.factory()));

        await().atMost(Duration.ofSeconds(10)).until(() -> capture.out().contains("Job submitted: " + JOB_ID));
        assertThat(engine.executed()).as("waiting for the job").doesNotContain("SHOW TABLES");
        engine.fakeCluster().finish(job, JobStatus.FINISHED, null);

        assertThat(exitCode.get()).isZero();
        assertThat(capture.out()).isEqualTo("""
                [INFO] Session property has been set.
                Job submitted: %s
                [INFO] Complete execution of the SQL update statement.
                Empty set
                """.formatted(JOB_ID));
    }

    @Test
    void underDmlSyncAFailingJobFailsItsStatement() {
        FakeEngine engine = new FakeEngine().on("SHOW TABLES", new StatementResult.Table(TABLE_NAME, List.of()));
        JobId job = engine.fakeCluster().addRunningJob(JOB_ID, "insert-into_sink");
        engine.fakeCluster().finish(job, JobStatus.FAILED, "RecordException: bad record in /tmp/in.json line 3");
        engine.on("INSERT INTO sink SELECT * FROM src", new StatementResult.JobSubmitted(job, "insert-into_sink"));

        ShellRun run = ShellRun.of(engine.factory(), "-D", "table.dml-sync=true", "--continue-on-error", "-e",
                "INSERT INTO sink SELECT * FROM src;\nSHOW TABLES;");

        assertThat(run.err()).as("reported once, at the INSERT").isEqualTo("<command-line>:1: [ERROR] Job " + JOB_ID
                + " (insert-into_sink) failed: RecordException: bad record in /tmp/in.json line 3\n");
        assertThat(run.out()).endsWith("Empty set\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    private static ByteArrayInputStream input(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
