package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.SessionEngine;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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
    @RegisterExtension
    final OutputOnFailure output = new OutputOnFailure(() -> dir);
    private static RunnelProcess jobManager;
    private static String address;
    private static String rest;
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
        rest = ready.group(2);
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
        return logs("jobmanager-");
    }

    private static String logs(String prefix) throws IOException {
        try (Stream<Path> logs = Files.list(dir.resolve("home").resolve("log"))) {
            StringBuilder all = new StringBuilder();
            for (Path log : logs.filter(p -> p.getFileName().toString().startsWith(prefix)).toList()) {
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

    @Test
    void aDataConnectionWithAWrongSecretIsRefusedAndLogged() throws Exception {
        String taskManagers = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(rest + "/taskmanagers"))
                .build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher dataPort = Pattern.compile("\"dataPort\":(\\d+)").matcher(taskManagers);
        assertThat(dataPort.find()).as(taskManagers).isTrue();
        byte[] guess = "guess".getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket("127.0.0.1", Integer.parseInt(dataPort.group(1)));
             DataOutputStream out = new DataOutputStream(socket.getOutputStream())) {
            out.writeInt(1 + 4 + guess.length); // a hello frame: its type, then the secret
            out.writeByte(1);
            out.writeInt(guess.length);
            out.write(guess);
            out.flush();
            assertThat(socket.getInputStream().read()).as("the TaskManager closes the connection").isEqualTo(-1);
        }
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(logs("taskmanager-"))
                .contains("Refused the data connection from /127.0.0.1:").contains("wrong or missing cluster secret"));
    }
}
