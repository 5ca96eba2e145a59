package dev.runnel.shell.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.shell.Main;
import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.SessionEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The conformance suite: every {@code conformance/**}{@code /*.sql} script runs through the
 * shell's script mode in this JVM ({@code Main.run}) on a fresh embedded cluster, and its
 * standard output and standard error, interleaved, must equal the sibling {@code .out} file.
 * Job ids are masked as {@code <job-id>}. A script that names {@code ${scratch}} gets a fresh
 * directory to write into ({@code --define scratch=…}), masked as {@code ${scratch}} in the
 * output; the working directory is masked as {@code <cwd>}. A script whose first line is
 * {@value #CONTINUE_ON_ERROR} runs with {@code --continue-on-error}, so that expected errors do
 * not stop it; see {@code src/test/resources/conformance/README.md}.
 *
 * <p>{@code -Drunnel.conformance.regenerate=true} rewrites the {@code .out} files from the
 * actual output (then review the diff: the expected output is what Flink would print).
 */
class ConformanceSuiteTest {
    static final String CONTINUE_ON_ERROR = "-- conformance: continue-on-error";
    /** The variable naming a fresh, empty directory that a script may write into: {@code ${scratch}}. */
    static final String SCRATCH = "scratch";
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
        // Only a script that names it gets one, so that SET; lists no variable in the others.
        Path scratch = text.contains("${" + SCRATCH + "}") ? Files.createTempDirectory("runnel-conformance-") : null;
        String actual;
        try {
            actual = maskPaths(maskJobIds(run(script, text.startsWith(CONTINUE_ON_ERROR), scratch)), scratch);
        } finally {
            if (scratch != null) {
                deleteRecursively(scratch);
            }
        }
        Path expectedFile = script.resolveSibling(script.getFileName().toString().replaceFirst("\\.sql$", ".out"));
        if (REGENERATE) {
            Files.writeString(expectedFile, actual, StandardCharsets.UTF_8);
        }
        String expected = Files.exists(expectedFile) ? Files.readString(expectedFile, StandardCharsets.UTF_8) : "";
        assertThat(actual).as("output of %s", script).isEqualTo(expected);
    }

    /**
     * The script as {@code runnel -f script} (with {@code --continue-on-error} when asked), its
     * standard output and error in one stream so that each error follows what came before it.
     * Errors name the script by its file name.
     */
    private static String run(Path script, boolean continueOnError, Path scratch) {
        ShellRun.Capture capture = new ShellRun.Capture();
        List<String> args = new ArrayList<>();
        if (continueOnError) {
            args.add("--continue-on-error");
        }
        if (scratch != null) {
            args.addAll(List.of("--define", SCRATCH + "=" + scratch));
        }
        args.addAll(List.of("-f", script.toString()));
        Main.run(args.toArray(String[]::new), new ByteArrayInputStream(new byte[0]), capture.outStream,
                capture.outStream, SessionEngine::start);
        return capture.out().replace(script + ":", script.getFileName() + ":");
    }

    static String maskJobIds(String output) {
        return output.replaceAll("\\b[0-9a-f]{32}\\b", "<job-id>");
    }

    /**
     * The scratch directory as {@code ${scratch}}, as the script names it, and the working
     * directory (the shell module, against which relative paths are resolved) as {@code <cwd>}.
     */
    static String maskPaths(String output, Path scratch) {
        String masked = scratch == null ? output : output.replace(scratch.toString(), "${" + SCRATCH + "}");
        return masked.replace(Path.of("").toAbsolutePath().toString(), "<cwd>");
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
