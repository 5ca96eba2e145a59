package dev.runnel.shell.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.EmbeddedEngine;
import dev.runnel.shell.engine.SessionMetadata;
import dev.runnel.shell.engine.StatementExecutor;
import dev.runnel.shell.script.ScriptStatement;
import dev.runnel.shell.script.StatementSplitter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The conformance suite: every {@code conformance/**}{@code /*.sql} script runs through the
 * shell's script mode in this JVM ({@code Main.run}) on a fresh embedded cluster, and its
 * standard output followed by its standard error must equal the sibling {@code .out} file.
 * Job ids are masked as {@code <job-id>}. A script whose first line is
 * {@value #CONTINUE_ON_ERROR} runs statement by statement (each through its own
 * {@code Main.run -e} on the same engine), so that expected errors do not stop it; see
 * {@code src/test/resources/conformance/README.md}.
 *
 * <p>{@code -Drunnel.conformance.regenerate=true} rewrites the {@code .out} files from the
 * actual output (then review the diff: the expected output is what Flink would print).
 */
class ConformanceSuiteTest {
    static final String CONTINUE_ON_ERROR = "-- conformance: continue-on-error";
    private static final Path ROOT = Path.of("src/test/resources/conformance");
    private static final boolean REGENERATE = Boolean.getBoolean("runnel.conformance.regenerate");

    @TestFactory
    Stream<DynamicTest> scripts() throws IOException {
        List<Path> scripts;
        try (Stream<Path> files = Files.walk(ROOT)) {
            scripts = files.filter(f -> f.getFileName().toString().endsWith(".sql")).sorted().toList();
        }
        return scripts.stream().map(script -> DynamicTest.dynamicTest(
                ROOT.relativize(script).toString(), script.toUri(), () -> check(script)));
    }

    private static void check(Path script) throws IOException {
        String text = Files.readString(script, StandardCharsets.UTF_8);
        String actual = maskJobIds(text.startsWith(CONTINUE_ON_ERROR) ? runEachStatement(text) : runWhole(script));
        Path expectedFile = script.resolveSibling(script.getFileName().toString().replaceFirst("\\.sql$", ".out"));
        if (REGENERATE) {
            Files.writeString(expectedFile, actual, StandardCharsets.UTF_8);
        }
        String expected = Files.exists(expectedFile) ? Files.readString(expectedFile, StandardCharsets.UTF_8) : "";
        assertThat(actual).as("output of %s", script).isEqualTo(expected);
    }

    /** The script as {@code runnel -f script}: stops at the first failing statement. */
    private static String runWhole(Path script) {
        ShellRun run = ShellRun.of(EmbeddedEngine::start, "-f", script.toString());
        return run.out() + run.err();
    }

    /**
     * Each statement as {@code runnel -e statement} on one shared engine (so tables and
     * settings carry over), its output followed by its errors. The statement is preceded by
     * blank lines and spaces so that error positions are the script's lines and columns.
     */
    private static String runEachStatement(String text) {
        StringBuilder output = new StringBuilder();
        try (EmbeddedEngine engine = EmbeddedEngine.start(new Configuration())) {
            StatementExecutor shared = new Unclosable(engine);
            for (ScriptStatement statement : StatementSplitter.split(text).statements()) {
                String positioned = "\n".repeat(statement.line() - 1) + " ".repeat(statement.column() - 1)
                        + statement.text() + ";";
                ShellRun run = ShellRun.of(configuration -> shared, "-e", positioned);
                output.append(run.out()).append(run.err());
            }
        }
        return output.toString();
    }

    static String maskJobIds(String output) {
        return output.replaceAll("\\b[0-9a-f]{32}\\b", "<job-id>");
    }

    /** The shared engine, which {@code Main.run} closes after each statement: closed once, at the end. */
    private record Unclosable(StatementExecutor engine) implements StatementExecutor {
        @Override
        public StatementResult execute(String statement) {
            return engine.execute(statement);
        }

        @Override
        public ClusterClient cluster() {
            return engine.cluster();
        }

        @Override
        public Configuration configuration() {
            return engine.configuration();
        }

        @Override
        public SessionMetadata metadata() {
            return engine.metadata();
        }

        @Override
        public String description() {
            return engine.description();
        }

        @Override
        public void close() {
        }
    }
}
