package dev.runnel.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of the whole {@code bin/runnel} process in the middle of a bounded
 * {@code INSERT} into a filesystem sink that checkpoints every second and retains its
 * checkpoints; the same {@code INSERT} again, started from the latest retained checkpoint,
 * leaves every row in the committed files exactly once. Runs in the {@code integration-test}
 * phase like {@link BinRunnelIT}, with {@code RUNNEL_BUILD=never}.
 */
class KillNineRecoveryIT {
    private static final Path REPO = Path.of("").toAbsolutePath().getParent();
    private static final int ROWS = 4_000;

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void killProcesses() {
        processes.forEach(Process::destroyForcibly);
    }

    @Test
    void aRunKilledWithSigkillResumesFromItsLatestRetainedCheckpoint() throws Exception {
        Path checkpoints = dir.resolve("checkpoints");
        Path out = dir.resolve("out");
        String prelude = String.join("\n",
                "SET 'parallelism.default' = '2';",
                "SET 'execution.checkpointing.interval' = '1s';",
                "SET 'execution.checkpointing.externalized-checkpoint-retention' = 'RETAIN_ON_CANCELLATION';",
                "SET 'state.checkpoints.dir' = '" + checkpoints.toUri() + "';",
                "CREATE TABLE numbers (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '400',",
                "  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + ROWS + "');",
                "CREATE TABLE copy (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '" + out + "',",
                "  'format' = 'csv');",
                "");
        String insert = "INSERT INTO copy SELECT id FROM numbers;\n";

        Process first = runnel("first", prelude + insert);
        await().atMost(Duration.ofSeconds(120)).until(() -> latestCheckpoint(checkpoints).isPresent()
                || !first.isAlive());
        assertThat(first.isAlive()).as("the first run still runs when its first checkpoint is there: %s",
                Files.readString(dir.resolve("first.err"))).isTrue();
        first.destroyForcibly();
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue()).as("killed by SIGKILL").isEqualTo(137);
        List<Long> beforeRestart = committedIds(out);
        assertThat(beforeRestart).as("rows committed before the kill").hasSizeLessThan(ROWS);

        Path checkpoint = latestCheckpoint(checkpoints).orElseThrow();
        Process second = runnel("second",
                prelude + "SET 'execution.savepoint.path' = '" + checkpoint + "';\n" + insert);
        assertThat(second.waitFor(120, TimeUnit.SECONDS)).as("the resumed run ends").isTrue();
        assertThat(second.exitValue()).as(Files.readString(dir.resolve("second.err"))).isZero();

        assertThat(committedIds(out)).isEqualTo(LongStream.rangeClosed(1, ROWS).boxed().toList());
    }

    private Process runnel(String name, String script) throws IOException {
        Path file = dir.resolve(name + ".sql");
        Files.writeString(file, script);
        Path home = Files.createDirectories(dir.resolve(name + "-home"));
        // bin/runnel execs java, so this process is the JVM itself: destroyForcibly is a kill -9 of it.
        ProcessBuilder builder = new ProcessBuilder(REPO.resolve("bin/runnel").toString(), "-f", file.toString())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile());
        builder.environment().put("RUNNEL_BUILD", "never");
        builder.environment().put("RUNNEL_HOME", home.toString());
        Process process = builder.start();
        processes.add(process);
        return process;
    }

    /** The retained {@code chk-<n>} directory with the highest n whose {@code _metadata} exists. */
    private static Optional<Path> latestCheckpoint(Path checkpoints) throws IOException {
        if (!Files.isDirectory(checkpoints)) {
            return Optional.empty();
        }
        while (true) {
            try (Stream<Path> files = Files.walk(checkpoints, 3)) {
                return files.filter(p -> p.getFileName().toString().equals("_metadata"))
                        .map(Path::getParent)
                        .filter(p -> p.getFileName().toString().startsWith("chk-"))
                        .max(Comparator.comparingLong(p -> Long.parseLong(p.getFileName().toString().substring(4))));
            } catch (UncheckedIOException e) {
                // The running job deletes checkpoints it no longer retains while the walk lists them: walk again.
                if (!(e.getCause() instanceof NoSuchFileException)) {
                    throw e;
                }
            }
        }
    }

    /** The ids in the committed part files (in-progress files start with a dot), sorted. */
    private static List<Long> committedIds(Path out) throws IOException {
        if (!Files.isDirectory(out)) {
            return List.of();
        }
        List<Long> ids = new ArrayList<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                Files.readAllLines(f, StandardCharsets.UTF_8).forEach(line -> ids.add(Long.parseLong(line.trim())));
            }
        }
        ids.sort(null);
        return ids;
    }
}
