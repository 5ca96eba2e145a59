package dev.runnel.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

    private Result runnel(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(REPO.resolve("bin/runnel").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(home.resolve("stdout").toFile())
                .redirectError(home.resolve("stderr").toFile());
        builder.environment().put("RUNNEL_BUILD", "never");
        builder.environment().put("RUNNEL_HOME", home.toString());
        Process process = builder.start();
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
    void aWrongCommandLineExitsWithTwo() throws Exception {
        Result result = runnel("--no-such-option");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("Unknown option: '--no-such-option'");
    }
}
