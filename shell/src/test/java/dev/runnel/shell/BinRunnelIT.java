package dev.runnel.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Launches the real {@code bin/runnel} as a separate process. It runs in the
 * {@code integration-test} phase (failsafe), after {@code package} has built the shell jar
 * and {@code target/lib}, with {@code RUNNEL_BUILD=never} so that the script never starts a
 * nested Maven build inside this one.
 */
class BinRunnelIT {
    private static final Path REPO = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path home;

    record Result(int exitCode, String out, String err) {
    }

    private Process start(String stdin, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(REPO.resolve("bin/runnel").toString());
        command.addAll(List.of(args));
        Files.writeString(home.resolve("stdin"), stdin);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(home.resolve("stdin").toFile())
                .redirectOutput(home.resolve("stdout").toFile())
                .redirectError(home.resolve("stderr").toFile());
        builder.environment().put("RUNNEL_BUILD", "never");
        builder.environment().put("RUNNEL_HOME", home.toString());
        return builder.start();
    }

    private String stdout() throws IOException {
        return Files.readString(home.resolve("stdout"), StandardCharsets.UTF_8);
    }

    private Result runnel(String... args) throws IOException, InterruptedException {
        return runnelWithInput("", args);
    }

    private Result runnelWithInput(String stdin, String... args) throws IOException, InterruptedException {
        Process process = start(stdin, args);
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("bin/runnel " + String.join(" ", args) + " did not end within 60 s");
            }
        } finally {
            process.destroyForcibly();
        }
        return new Result(process.exitValue(), Files.readString(home.resolve("stdout"), StandardCharsets.UTF_8),
                Files.readString(home.resolve("stderr"), StandardCharsets.UTF_8));
    }

    @Test
    void printsItsVersionAndUsage() throws Exception {
        Result version = runnel("--version");
        Result help = runnel("--help");

        assertThat(version.exitCode()).isZero();
        assertThat(version.out()).startsWith("Runnel ");
        assertThat(version.err()).isEmpty();
        assertThat(help.out()).contains("Usage: runnel", "--execute=SQL");
    }

    @Test
    void runsStatementsGivenWithDashE() throws Exception {
        Result result = runnel("-e", "SELECT x, y FROM (VALUES (1, 'a'), (2, 'b')) AS t(x, y) WHERE x > 1;");

        assertThat(result.err()).isEmpty();
        assertThat(result.out()).isEqualTo("""
                +----+-------------+---+
                | op |           x | y |
                +----+-------------+---+
                | +I |           2 | b |
                +----+-------------+---+
                Received a total of 1 row
                """);
        assertThat(result.exitCode()).isZero();
    }

    @Test
    void aFailingStatementExitsWithOneAndSaysWhere() throws Exception {
        Result result = runnel("-e", "SELECT 1;\nSELECT nope FROM (VALUES (1)) AS t(x);");

        assertThat(result.err()).isEqualTo("<command-line>:2:8: [ERROR] "
                + "Column 'nope' not found in any table\n"
                + "  SELECT nope FROM (VALUES (1)) AS t(x)\n"
                + "         ^\n");
        assertThat(result.exitCode()).isEqualTo(1);
    }

    @Test
    void standardInputFromAPipeIsAScriptAndLogsGoToRunnelHome() throws Exception {
        Result result = runnelWithInput("SELECT 42;\nSELECT nope;\n");

        assertThat(result.out()).as("no banner").startsWith("+----+");
        assertThat(result.out()).contains("|          42 |");
        assertThat(result.err()).startsWith("<stdin>:2:8: [ERROR] Column 'nope' not found in any table");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(home.resolve("log/runnel.log")).exists();
    }

    @Test
    void runsAScriptFileWithCsvOutputForCi() throws Exception {
        Path script = Files.writeString(home.resolve("report.sql"), String.join("\n",
                "-- a report for CI",
                "CREATE TEMPORARY VIEW sales AS SELECT * FROM (VALUES (1, 'north', 2.5), (2, 'south, east', 4.0))"
                        + " AS t(id, region, amount);",
                "SELECT id, region, amount FROM sales;",
                ""));

        Result result = runnel("-f", script.toString(), "--output-format", "csv", "--quiet");

        assertThat(result.err()).isEmpty();
        assertThat(result.out()).isEqualTo("""
                id,region,amount
                1,north,2.5
                2,"south, east",4.0
                """);
        assertThat(result.exitCode()).isZero();
    }

    @Test
    void aFailingScriptFileExitsWithOneAndNamesTheFileLineAndColumn() throws Exception {
        Path script = Files.writeString(home.resolve("broken.sql"), String.join("\n",
                "SELECT 1;",
                "",
                "SELECT id,",
                "       amout FROM (VALUES (1, 2)) AS t(id, amount);",
                "SELECT 'not reached';"));

        Result result = runnel("-f", script.toString(), "--output-format", "csv");

        assertThat(result.err()).isEqualTo(script + ":4:8: [ERROR] Column 'amout' not found in any table\n"
                + "         amout FROM (VALUES (1, 2)) AS t(id, amount)\n"
                + "         ^\n");
        assertThat(result.out()).isEqualTo("EXPR$0\n1\n");
        assertThat(result.exitCode()).isEqualTo(1);
    }

    @Test
    void sigtermCancelsTheRunningJobsAndEndsTheProcess() throws Exception {
        Process process = start("", "-e", String.join("\n",
                "CREATE TABLE clicks (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100');",
                "CREATE TABLE sink (id BIGINT) WITH ('connector' = 'blackhole');",
                "INSERT INTO sink SELECT id FROM clicks;"));
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> stdout().contains("Job submitted: "));
            assertThat(process.isAlive()).as("the shell waits for the unbounded job").isTrue();

            process.destroy();

            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("ended after SIGTERM").isTrue();
            assertThat(process.exitValue()).isEqualTo(143);
            assertThat(Files.readString(home.resolve("log/runnel.log"))).contains("CANCELED");
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void aWrongCommandLineExitsWithTwo() throws Exception {
        Result result = runnel("--no-such-option");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("Unknown option: '--no-such-option'");
    }
}
