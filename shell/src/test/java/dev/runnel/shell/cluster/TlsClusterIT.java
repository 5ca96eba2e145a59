package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.security.TestCertificates;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster with TLS everywhere ({@code security.ssl.internal.*} and {@code security.ssl.rest.*}
 * in {@code conf/config.yaml}, keystores made by {@code keytool}): a JobManager process with two
 * TaskManager processes of one slot each, so a keyed aggregation at parallelism 2 sends rows
 * between them over TLS, a shell with the same configuration runs queries on it, one without
 * is refused, and REST answers over HTTPS.
 */
class TlsClusterIT {
    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration RUN = Duration.ofSeconds(120);

    @TempDir
    static Path dir;
    @RegisterExtension
    final OutputOnFailure output = new OutputOnFailure(() -> dir);
    private static TestCertificates certificates;
    private static Map<String, String> withTls;
    private static RunnelProcess jobManager;
    private static String address;
    private static URI rest;
    private static final List<RunnelProcess> clients = new ArrayList<>();

    @BeforeAll
    static void startCluster() throws IOException {
        certificates = TestCertificates.create(dir, "runnel");
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Map<String, String> settings = new TreeMap<>(certificates.internalSettings());
        settings.putAll(certificates.restSettings());
        Files.writeString(conf.resolve("config.yaml"), settings.entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("\n", "", "\n")));
        withTls = Map.of("RUNNEL_CONF_DIR", conf.toString());
        jobManager = RunnelProcess.start(dir, withTls, "jobmanager", "--rpc-port", "0", "--rest-port", "0",
                "--taskmanagers", "2", "-D", "taskmanager.numberOfTaskSlots=1");
        String out = jobManager.awaitOut(JobManagerCommand.READY, START);
        Matcher ready = Pattern.compile("RPC at (127\\.0\\.0\\.1:\\d+), REST at (\\S+),").matcher(out);
        assertThat(ready.find()).as(out).isTrue();
        address = ready.group(1);
        rest = URI.create(ready.group(2));
    }

    @AfterAll
    static void stopCluster() {
        clients.forEach(RunnelProcess::close);
        if (jobManager != null) {
            jobManager.close();
            assertThat(jobManager.isAlive()).isFalse();
        }
    }

    private static RunnelProcess shell(Map<String, String> environment, String... args) {
        RunnelProcess client = RunnelProcess.start(dir, environment, args);
        clients.add(client);
        return client;
    }

    @Test
    void aKeyedAggregationAcrossTwoTaskManagersRunsOverTls() throws IOException {
        Path script = Files.writeString(dir.resolve("agg.sql"), "SET 'parallelism.default' = '2';\n"
                + "CREATE TABLE numbers (n BIGINT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence',"
                + " 'fields.n.start' = '1', 'fields.n.end' = '3000');\n"
                + "SELECT n % 3 AS k, COUNT(*) AS c FROM numbers GROUP BY n % 3;\n");
        RunnelProcess client = shell(withTls, "--jobmanager", address, "-q", "--output-format", "csv", "-f",
                script.toString());
        assertThat(client.waitFor(RUN)).as(client.err()).isZero();
        assertThat(client.out().lines().filter(l -> !l.isBlank()).sorted().toList())
                .containsExactly("0,1000", "1,1000", "2,1000", "k,c");
    }

    @Test
    void aShellWithoutTheKeysIsRefusedAndTheClusterGoesOn() {
        RunnelProcess plain = shell(Map.of(), "--jobmanager", address, "-e", "SELECT 1;");
        assertThat(plain.waitFor(RUN)).isEqualTo(1);
        assertThat(plain.err()).contains("Cannot reach the JobManager at " + address)
                .contains("if it requires TLS, set security.ssl.internal.enabled");
        assertThat(jobManager.isAlive()).isTrue();
    }

    @Test
    void restAnswersOverHttpsWithBothTaskManagers() throws Exception {
        assertThat(rest.getScheme()).isEqualTo("https");
        HttpResponse<String> response = HttpClient.newBuilder().sslContext(certificates.trustingClient()).build()
                .send(HttpRequest.newBuilder(rest.resolve("/taskmanagers")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body().split("\"id\"", -1)).hasSize(3);
    }
}
