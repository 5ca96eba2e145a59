package dev.runnel.shell.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.shell.Main;
import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.SessionEngine;
import dev.runnel.shell.fake.FakeEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The interactive shell serves Flink's REST API; a port in use costs a warning, not the shell. */
class ShellRestEndpointTest {
    private static final Pattern URL = Pattern.compile("REST API at (http://127\\.0\\.0\\.1:\\d+)");

    @TempDir
    Path tmp;

    @Test
    void theInteractiveShellServesRestAtTheUrlItsBannerShowsUntilItQuits() throws Exception {
        PipedOutputStream keyboard = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(keyboard);
        ShellRun.Capture capture = new ShellRun.Capture();
        CompletableFuture<Integer> exitCode = CompletableFuture.supplyAsync(() -> Main.run(
                new String[] {"-D", "rest.port=0", "--history-file", tmp.resolve("history").toString()},
                in, capture.outStream, capture.errStream, SessionEngine::start));

        await().atMost(Duration.ofSeconds(60)).until(() -> URL.matcher(capture.out()).find());
        Matcher url = URL.matcher(capture.out());
        Assertions.assertThat(url.find()).isTrue();
        URI base = URI.create(url.group(1));
        HttpResponse<String> overview = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(base.resolve("/overview")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(overview.statusCode()).isEqualTo(200);
        assertThat(overview.body()).contains("\"slots-total\":2");

        keyboard.write("QUIT;\n".getBytes(StandardCharsets.UTF_8));
        keyboard.close();
        assertThat(exitCode.get()).isZero();
        assertThat(capture.err()).isEmpty();
        try (Socket ignored = new Socket(InetAddress.getLoopbackAddress(), base.getPort())) {
            Assertions.fail("the REST port is still open after the shell quit");
        } catch (IOException expected) {
            // Closed with the shell.
        }
    }

    @Test
    void aTakenRestPortIsOneWarningNamingTheOptionAndTheShellRunsOn() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            ShellRun run = ShellRun.withInput(new ByteArrayInputStream("SELECT 41 + 1;\n".getBytes(StandardCharsets.UTF_8)),
                    SessionEngine::start, "-D", "rest.port=" + taken.getLocalPort(),
                    "--history-file", tmp.resolve("history").toString());

            assertThat(run.err().lines()).singleElement().asString().startsWith("[WARN] ")
                    .contains("rest.port", String.valueOf(taken.getLocalPort()), "running without the REST endpoint");
            assertThat(run.out()).doesNotContain("REST API at").contains("42");
            assertThat(run.exitCode()).isZero();
        }
    }

    @Test
    void theInteractiveShellAsksForRestOnPort8081AndScriptsOnlyWhenTold() {
        FakeEngine interactive = new FakeEngine();
        ShellRun.withInput(new ByteArrayInputStream(new byte[0]), interactive.factory(),
                "--history-file", tmp.resolve("history").toString());
        assertThat(interactive.configuration().getString("rest.port")).isEqualTo("8081");

        FakeEngine script = new FakeEngine();
        ShellRun.of(script.factory(), "-e", "");
        assertThat(script.configuration().contains("rest.port")).isFalse();

        FakeEngine bindPort = new FakeEngine();
        ShellRun.withInput(new ByteArrayInputStream(new byte[0]), bindPort.factory(), "-D", "rest.bind-port=9000-9010",
                "--history-file", tmp.resolve("history").toString());
        assertThat(bindPort.configuration().contains("rest.port")).isFalse();
    }
}
