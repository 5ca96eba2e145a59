package dev.runnel.shell.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.SessionEngine;
import dev.runnel.shell.repl.Repl;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shell on a real embedded cluster, through its own entry point ({@code Main.run}).
 * Scripts' whole standard output is compared with {@code e2e/<name>.out}; job ids differ from
 * run to run and are masked as {@code <job-id>}. Run with {@code -Drunnel.e2e.regenerate=true}
 * to rewrite the expected files from the actual output (then review the diff).
 */
class ShellEndToEndTest {
    private static final Path EXPECTED_DIR = Path.of("src/test/resources/e2e");

    @TempDir
    Path tmp;

    @Test
    void boundedDatagenFlowsThroughFilterAndProjectionIntoJsonFiles() throws IOException {
        Path out = tmp.resolve("big_orders");

        ShellRun run = runScript("datagen_to_json", out);

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertMatchesExpected("datagen_to_json", run.out());
        assertThat(linesOfFilesIn(out)).containsExactlyInAnyOrder(
                "{\"id\":6,\"gross\":212}",
                "{\"id\":7,\"gross\":214}",
                "{\"id\":8,\"gross\":216}",
                "{\"id\":9,\"gross\":218}",
                "{\"id\":10,\"gross\":220}");
    }

    @Test
    void statementSetBetweenBeginAndEndRunsAsOneJobIntoBothSinks() throws IOException {
        ShellRun run = runScript("statement_set", tmp);

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertMatchesExpected("statement_set", run.out().replace(tmp.toString(), "${OUT}"));
        assertThat(linesOfFilesIn(tmp.resolve("low"))).containsExactlyInAnyOrder("1", "2", "3");
        assertThat(linesOfFilesIn(tmp.resolve("high"))).containsExactlyInAnyOrder("9", "10");
    }

    @Test
    void aChangelogSourceIsShownWrittenAndRefusedByAnAppendOnlySink() throws IOException {
        Files.writeString(tmp.resolve("users.json"), String.join("\n",
                "{\"before\":null,\"after\":{\"id\":1,\"name\":\"alice\"},\"op\":\"c\"}",
                "{\"before\":null,\"after\":{\"id\":2,\"name\":\"bob\"},\"op\":\"c\"}",
                "{\"before\":{\"id\":1,\"name\":\"alice\"},\"after\":{\"id\":1,\"name\":\"alicia\"},\"op\":\"u\"}",
                "{\"before\":{\"id\":2,\"name\":\"bob\"},\"after\":null,\"op\":\"d\"}",
                "{\"before\":null,\"after\":{\"id\":3,\"name\":\"carol\"},\"op\":\"r\"}", ""));

        ShellRun run = runScript("changelog", tmp);

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertMatchesExpected("changelog", run.out());
        assertThat(linesOfFilesIn(tmp.resolve("copy"))).containsExactly(
                "{\"before\":null,\"after\":{\"id\":1,\"name\":\"ALICE\"},\"op\":\"c\"}",
                "{\"before\":null,\"after\":{\"id\":2,\"name\":\"BOB\"},\"op\":\"c\"}",
                "{\"before\":{\"id\":1,\"name\":\"ALICE\"},\"after\":null,\"op\":\"d\"}",
                "{\"before\":null,\"after\":{\"id\":1,\"name\":\"ALICIA\"},\"op\":\"c\"}",
                "{\"before\":{\"id\":2,\"name\":\"BOB\"},\"after\":null,\"op\":\"d\"}");

        ShellRun refused = ShellRun.of(SessionEngine::start, "-e", String.join("\n",
                "CREATE TABLE users (id BIGINT, name STRING) WITH ('connector' = 'filesystem', 'path' = '"
                        + tmp.resolve("users.json") + "', 'format' = 'debezium-json');",
                "CREATE TABLE names (name STRING) WITH ('connector' = 'filesystem', 'path' = '"
                        + tmp.resolve("names") + "', 'format' = 'json');",
                "INSERT INTO names SELECT name FROM users;"));
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).startsWith("<command-line>:3:").contains("Table sink "
                + "'default_catalog.default_database.names' doesn't support consuming update and delete changes which "
                + "is produced by node TableSourceScan(table=[default_catalog.default_database.users], "
                + "connector=[filesystem], fields=[id, name])");
        assertThat(tmp.resolve("names")).doesNotExist();
    }

    @Test
    void aScriptEndingInsideAStatementSetFailsAndSaysSo() {
        ShellRun run = ShellRun.of(SessionEngine::start, "-e", String.join("\n",
                "CREATE TABLE snk (id BIGINT) WITH ('connector' = 'blackhole');",
                "BEGIN STATEMENT SET;",
                "INSERT INTO snk SELECT 1;"));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("[INFO] Add SQL update statement to the statement set.");
        assertThat(run.err()).startsWith("[ERROR] The script ended inside BEGIN STATEMENT SET: its inserts were not "
                + "submitted (END; is missing).");
    }

    @Test
    void malformedStatementsUnknownColumnsAndUnknownOptionsLeaveTheShellUsable() {
        String input = String.join("\n",
                "CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '3',",
                "  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3');",
                "SELEC id FROM t;",
                "SELECT nope FROM t;",
                "CREATE TABLE bad (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-secnd' = '5');",
                "SELECT id FROM t;",
                "");

        ShellRun run = ShellRun.withInput(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                SessionEngine::start, "--history-file", tmp.resolve("history").toString());

        List<String> errors = run.out().lines().map(line -> line.replace(Repl.PROMPT, ""))
                .filter(line -> line.startsWith("[ERROR]")).toList();
        assertThat(errors).hasSize(3);
        assertThat(errors.get(0)).startsWith("[ERROR] At line 1, column 1: ");
        assertThat(errors.get(1)).isEqualTo("[ERROR] At line 1, column 8: Column 'nope' not found in any table");
        assertThat(errors.get(2)).startsWith("[ERROR] At line 1, column 61: Unsupported option 'rows-per-secnd'")
                .contains("Did you mean 'rows-per-second'?");
        assertThat(run.out()).contains("""
                | op |                   id |
                +----+----------------------+
                | +I |                    1 |
                | +I |                    2 |
                | +I |                    3 |
                +----+----------------------+
                Received a total of 3 rows
                """);
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void aJobThatFailsOnABadRecordMakesTheScriptFail() throws IOException {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Files.writeString(in.resolve("orders.json"), "{\"id\":1}\n{\"id\":\"x\"}\n");

        ShellRun run = ShellRun.of(SessionEngine::start, "-e", String.join("\n",
                "CREATE TABLE src (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '" + in + "', 'format' = 'json');",
                "CREATE TABLE snk (id BIGINT) WITH ('connector' = 'blackhole');",
                "INSERT INTO snk SELECT id FROM src;"));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(maskJobIds(run.err())).startsWith("<command-line>:3: [ERROR] Job <job-id> (insert-into_default_catalog.default_database.snk) "
                + "failed: Cannot read line 2 of file " + in.resolve("orders.json"));
    }

    private ShellRun runScript(String name, Path out) throws IOException {
        String script = read(name + ".sql").replace("${OUT}", out.toString());
        Path file = tmp.resolve(name + ".sql");
        Files.writeString(file, script);
        return ShellRun.of(SessionEngine::start, "-f", file.toString());
    }

    static String maskJobIds(String output) {
        return output.replaceAll("\\b[0-9a-f]{32}\\b", "<job-id>");
    }

    private static void assertMatchesExpected(String name, String actualOutput) throws IOException {
        String actual = maskJobIds(actualOutput);
        if (Boolean.getBoolean("runnel.e2e.regenerate")) {
            Files.writeString(EXPECTED_DIR.resolve(name + ".out"), actual);
        }
        assertThat(actual).isEqualTo(read(name + ".out"));
    }

    private static String read(String resource) throws IOException {
        try (InputStream in = ShellEndToEndTest.class.getResourceAsStream("/e2e/" + resource)) {
            if (in == null) {
                throw new IOException("No test resource e2e/" + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Every line of every visible file under {@code dir} (the sink's part files). */
    static List<String> linesOfFilesIn(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().startsWith(".")).sorted().toList()) {
                lines.addAll(Files.readAllLines(file, StandardCharsets.UTF_8));
            }
        }
        return lines;
    }
}
