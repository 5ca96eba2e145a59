package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.SessionEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JobManager bound to every address of this machine ({@code --bind 0.0.0.0}) must be given a
 * cluster secret, and then refuses every call that does not prove it; the tests reach it at
 * 127.0.0.1 only. Its REST API stays on the loopback address.
 */
class ClusterSecretIT {
    private static final Duration START = Duration.ofSeconds(90);

    @TempDir
    static Path dir;
    private static RunnelProcess jobManager;
    private static String address;
    private static Path secret;

    @BeforeAll
    static void startJobManager() throws IOException {
        secret = Files.writeString(dir.resolve("secret"), "s3cret-" + System.nanoTime() + "\n");
        jobManager = RunnelProcess.start(dir, "jobmanager", "--bind", "0.0.0.0", "--rpc-port", "0", "--rest-port", "0",
                "--taskmanagers", "1", "-D", "security.cluster-secret.file=" + secret);
        String out = jobManager.awaitOut(JobManagerCommand.READY, START);
        Matcher ready = Pattern.compile("RPC at 0\\.0\\.0\\.0:(\\d+), REST at (http://127\\.0\\.0\\.1:\\d+)").matcher(out);
        assertThat(ready.find()).as(out).isTrue();
        address = "127.0.0.1:" + ready.group(1);
    }

    @AfterAll
    static void stopJobManager() {
        if (jobManager != null) {
            jobManager.close();
        }
    }

    @Test
    void aCallWithoutTheSecretOrWithAnotherIsRefusedAndLoggedWithThePeer() throws IOException {
        ShellRun without = ShellRun.of(SessionEngine::start, "--jobmanager", address, "-e", "SELECT 1;");
        assertThat(without.exitCode()).isEqualTo(1);
        assertThat(without.err()).contains("The JobManager at " + address + " refused the call: wrong or missing"
                + " cluster secret (security.cluster-secret.file)");

        Path wrong = Files.writeString(dir.resolve("wrong"), "guess");
        ShellRun guessed = ShellRun.of(SessionEngine::start, "--jobmanager", address, "-D",
                "security.cluster-secret.file=" + wrong, "-e", "SELECT 1;");
        assertThat(guessed.exitCode()).isEqualTo(1);
        assertThat(guessed.err()).contains("refused the call: wrong or missing cluster secret");

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(jobManagerLog())
                .contains("Refused the call ListJobs from /127.0.0.1:"));
        assertThat(jobManager.isAlive()).isTrue();
    }

    @Test
    void aCallWithTheSecretRuns() {
        ShellRun proven = ShellRun.of(SessionEngine::start, "--jobmanager", address, "-D",
                "security.cluster-secret.file=" + secret, "-q", "--output-format", "csv", "-e", "SELECT 40 + 2 AS a;");
        assertThat(proven.exitCode()).as(proven.err()).isZero();
        assertThat(proven.out()).contains("42");
    }

    @Test
    void anUnreadableSecretFileIsAnErrorNamingTheKey() {
        ShellRun missing = ShellRun.of(SessionEngine::start, "--jobmanager", address, "-D",
                "security.cluster-secret.file=" + dir.resolve("nosuch"), "-e", "SELECT 1;");
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err()).contains("Cannot read the cluster secret file").contains("security.cluster-secret.file");
    }

    private static String jobManagerLog() throws IOException {
        try (Stream<Path> logs = Files.list(dir.resolve("home").resolve("log"))) {
            StringBuilder all = new StringBuilder();
            for (Path log : logs.filter(p -> p.getFileName().toString().startsWith("jobmanager-")).toList()) {
                all.append(Files.readString(log));
            }
            return all.toString();
        }
    }

    @Test
    void aTaskManagerWithoutTheSecretIsRefusedAndSaysWhy() {
        try (RunnelProcess taskManager = RunnelProcess.start(dir, "taskmanager", "--jobmanager", address)) {
            taskManager.awaitOut("Cannot register with the JobManager at " + address, START);
            assertThat(taskManager.out()).contains("wrong or missing cluster secret");
            assertThat(taskManager.isAlive()).isTrue();
        }
    }
}
