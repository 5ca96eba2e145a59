package dev.runnel.shell.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * When a test with processes of its own fails, adds the end of every output and log file under
 * its directory (each process's stdout and stderr, the JobManager's and TaskManagers' logs) to
 * the failure's message, so that a failure on a CI machine, whose console shows the messages of
 * failures, says what the processes did. It reads them before {@code @AfterEach} stops the
 * processes and the directory is deleted.
 */
final class OutputOnFailure implements InvocationInterceptor {
    private static final int LINES = 60;

    private final Supplier<Path> directory;

    OutputOnFailure(Supplier<Path> directory) {
        this.directory = directory;
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
                                    ExtensionContext context) throws Throwable {
        try {
            invocation.proceed();
        } catch (Throwable failure) {
            throw new AssertionError(failure + report(), failure);
        }
    }

    private String report() {
        Path dir = directory.get();
        if (dir == null || !Files.isDirectory(dir)) {
            return "";
        }
        StringBuilder report = new StringBuilder("\n==== the output of its processes:\n");
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(OutputOnFailure::isOutput).sorted().toList()) {
                List<String> lines = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
                report.append("---- ").append(dir.relativize(file)).append(" (").append(lines.size()).append(" lines")
                        .append(lines.size() > LINES ? ", the last " + LINES : "").append(")\n");
                lines.subList(Math.max(0, lines.size() - LINES), lines.size())
                        .forEach(line -> report.append(line).append('\n'));
            }
        } catch (IOException | UncheckedIOException e) {
            report.append("(could not read them all: ").append(e.getMessage()).append(")\n");
        }
        return report.toString();
    }

    private static boolean isOutput(Path file) {
        String name = file.getFileName().toString();
        return Files.isRegularFile(file) && (name.endsWith(".txt") || name.endsWith(".log") || name.endsWith(".out"));
    }
}
