package dev.runnel.shell.cluster;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;

/**
 * {@code runnel} ({@code dev.runnel.shell.Main}) in a JVM of its own with a small heap, its
 * output in files, {@code RUNNEL_HOME} (history, logs) in {@code dir/home} unless given. {@link #close} stops it by its own process id (SIGTERM, then SIGKILL), so a
 * test that fails leaves nothing running.
 */
final class RunnelProcess implements AutoCloseable {
    private final Process process;
    private final Path out;
    private final Path err;

    private RunnelProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    static RunnelProcess start(Path dir, String... args) {
        return start(dir, Map.of(), args);
    }

    /** With {@code environment} added to this JVM's ({@code RUNNEL_HOME}, …). */
    static RunnelProcess start(Path dir, Map<String, String> environment, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // C1 only: these short-lived JVMs share two cores, and C2 would spend seconds of CPU in each
                "-Xmx384m", "-Xss4m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                // the logging of the shipped jar, not the tests' logback-test.xml
                "-Dlogback.configurationFile=logback.xml", "-cp", classPath(), "dev.runnel.shell.Main"));
        command.addAll(List.of(args));
        try {
            Path out = Files.createTempFile(dir, "out", ".txt");
            Path err = Files.createTempFile(dir, "err", ".txt");
            ProcessBuilder builder = new ProcessBuilder(command);
            // history and logs under the test's directory, never in ~/.runnel
            builder.environment().put("RUNNEL_HOME", dir.resolve("home").toString());
            builder.environment().putAll(environment);
            Process process = builder.directory(dir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(out.toFile()).redirectError(err.toFile())
                    .start();
            return new RunnelProcess(process, out, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How a process that ended did. */
    record Result(int exit, String out, String err) {
    }

    String out() {
        return read(out);
    }

    String err() {
        return read(err);
    }

    /** Waits for the process to end on its own; its exit code. */
    int waitFor(Duration timeout) {
        try {
            await().atMost(timeout).until(() -> !process.isAlive());
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("runnel (pid " + process.pid() + ") still runs after " + timeout + "\nstdout:\n"
                    + out() + "\nstderr:\n" + err(), e);
        }
        return process.exitValue();
    }

    /** Waits until standard output holds {@code text} (failing early if the process ended); the output. */
    String awaitOut(String text, Duration timeout) {
        await().atMost(timeout).until(() -> {
            if (!process.isAlive() && !out().contains(text)) {
                throw new AssertionError("runnel ended (" + process.exitValue() + ") without printing '" + text
                        + "'\nstdout:\n" + out() + "\nstderr:\n" + err());
            }
            return out().contains(text);
        });
        return out();
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** {@code kill -9}: the process ends at once, without running its shutdown hooks. */
    void kill() {
        process.destroyForcibly();
        await().atMost(Duration.ofSeconds(10)).until(() -> !process.isAlive());
    }

    /** SIGTERM, and SIGKILL if it is still running after ten seconds. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String classPath() {
        String path = System.getProperty("surefire.test.class.path");
        return path != null && !path.isBlank() ? path : System.getProperty("java.class.path");
    }
}
