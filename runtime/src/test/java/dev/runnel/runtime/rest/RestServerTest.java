package dev.runnel.runtime.rest;

import static dev.runnel.runtime.rest.RestClusterTestSupport.datagenJob;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rest.RestClusterTestSupport.Response;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flink's REST API, served by an embedded cluster, read with {@link java.net.http.HttpClient}. */
class RestServerTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private EmbeddedCluster cluster;
    private RestClusterTestSupport rest;

    @AfterEach
    void closeCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private void startCluster(Map<String, String> settings) {
        Configuration config = new Configuration(Map.of("taskmanager.numberOfTaskSlots", "2"));
        settings.forEach(config::set);
        cluster = EmbeddedCluster.start(config);
        rest = new RestClusterTestSupport(cluster.restAddress().orElseThrow());
    }

    private void startCluster() {
        startCluster(Map.of("rest.port", "0"));
    }

    @Test
    void aFinishedJobShowsItsCheckpointsAsTheClusterClientDoes() {
        startCluster();
        JobId id = cluster.submitJob(datagenJob("bounded", 1_500, 1_000, 1, dir.resolve("checkpoints")));
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.FINISHED);
        CheckpointStats stats = cluster.getJob(id).checkpoints();

        Response response = rest.get("/jobs/" + id + "/checkpoints");
        assertThat(response.status()).isEqualTo(200);
        JsonNode counts = response.body().get("counts");
        assertThat(counts.get("completed").asLong()).isPositive().isEqualTo(stats.completed());
        assertThat(counts.get("failed").asLong()).isEqualTo(stats.failed());
        assertThat(counts.get("in_progress").asLong()).isZero();
        assertThat(counts.get("restored").asLong()).isZero();
        assertThat(counts.get("total").asLong()).isEqualTo(stats.completed() + stats.failed());
        JsonNode latest = response.body().get("latest").get("completed");
        assertThat(latest.get("id").asLong()).isEqualTo(stats.latestCompletedId());
        assertThat(latest.get("status").asText()).isEqualTo("COMPLETED");
        assertThat(latest.get("end_to_end_duration").asLong()).isEqualTo(stats.latestDuration().toMillis());
        assertThat(latest.get("state_size").asLong()).isEqualTo(stats.latestStateSize()).isPositive();
        assertThat(latest.get("checkpointed_size").asLong()).isEqualTo(stats.latestCheckpointedSize());
        assertThat(latest.get("external_path").asText()).isEqualTo(stats.latestPath()).contains(id.toString());
        assertThat(latest.get("latest_ack_timestamp").asLong())
                .isEqualTo(stats.latestCompletionTime().toEpochMilli());
        assertThat(response.body().get("latest").get("restored").isNull()).isTrue();
    }

    @Test
    void aJobRestartedAfterAFailureShowsTheCheckpointItRestored() {
        startCluster();
        JobId id = cluster.submitJob(datagenJob("restarted", 3_000, 1_000, 1, dir.resolve("checkpoints")));
        await().atMost(WAIT).until(() -> cluster.getJob(id).checkpoints().completed() > 0);
        assertThat(cluster.failTask(id, "Source: src", 0, "injected failure")).isTrue();
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.FINISHED);
        CheckpointStats.Restores restores = cluster.getJob(id).checkpoints().restores();
        assertThat(restores.count()).isEqualTo(1);

        JsonNode body = rest.get("/jobs/" + id + "/checkpoints").body();
        assertThat(body.get("counts").get("restored").asLong()).isEqualTo(1);
        JsonNode restored = body.get("latest").get("restored");
        assertThat(restored.get("id").asLong()).isEqualTo(restores.latestId()).isPositive();
        assertThat(restored.get("is_savepoint").asBoolean()).isFalse();
        assertThat(restored.get("external_path").asText()).contains(id + "/chk-" + restores.latestId());
        assertThat(restored.get("restore_timestamp").asLong()).isEqualTo(restores.latestTime().toEpochMilli());
    }

    @Test
    void aJobStartedFromASavepointShowsItAsRestored() {
        startCluster();
        JobId first = cluster.submitJob(datagenJob("endless", 0, 200, 1, dir.resolve("checkpoints")));
        await().atMost(WAIT).until(() -> cluster.getJob(first).status() == JobStatus.RUNNING);
        String savepoint = cluster.triggerSavepoint(first, dir.resolve("savepoints").toUri().toString()).join();
        cluster.cancelJob(first);
        cluster.jobTermination(first).join();

        JobId second = cluster.submitJob(datagenJob("resumed", 0, 200, 1, dir.resolve("checkpoints"),
                Map.of("execution.savepoint.path", savepoint)));
        await().atMost(WAIT).until(() -> cluster.getJob(second).status() == JobStatus.RUNNING);

        JsonNode body = rest.get("/jobs/" + second + "/checkpoints").body();
        assertThat(body.get("counts").get("restored").asLong()).isEqualTo(1);
        JsonNode restored = body.get("latest").get("restored");
        assertThat(restored.get("is_savepoint").asBoolean()).isTrue();
        assertThat(restored.get("external_path").asText()).isEqualTo(savepoint);
        assertThat(rest.get("/jobs/" + first + "/checkpoints").body().get("latest").get("restored").isNull()).isTrue();
    }

    @Test
    void jobsListAndDetailShowStatusVerticesAndRecordCounts() {
        startCluster();
        JobId id = cluster.submitJob(datagenJob("counted", 600, 100_000, 2, dir.resolve("checkpoints")));
        cluster.jobTermination(id).join();

        JsonNode jobs = rest.get("/jobs").body().get("jobs");
        assertThat(jobs).hasSize(1);
        assertThat(jobs.get(0).get("id").asText()).isEqualTo(id.toString());
        assertThat(jobs.get(0).get("status").asText()).isEqualTo("FINISHED");

        JsonNode overview = rest.get("/jobs/overview").body().get("jobs").get(0);
        assertThat(overview.get("jid").asText()).isEqualTo(id.toString());
        assertThat(overview.get("name").asText()).isEqualTo("counted");
        assertThat(overview.get("state").asText()).isEqualTo("FINISHED");
        assertThat(overview.get("tasks").get("total").asInt()).isEqualTo(4);
        assertThat(overview.get("tasks").get("finished").asInt()).isEqualTo(4);
        assertThat(overview.get("end-time").asLong()).isGreaterThanOrEqualTo(overview.get("start-time").asLong());

        Response detail = rest.get("/jobs/" + id);
        assertThat(detail.status()).isEqualTo(200);
        assertThat(detail.body().get("jid").asText()).isEqualTo(id.toString());
        assertThat(detail.body().get("state").asText()).isEqualTo("FINISHED");
        JsonNode vertices = detail.body().get("vertices");
        assertThat(vertices).hasSize(2);
        assertThat(vertices.get(0).get("name").asText()).isEqualTo("Source: src");
        assertThat(vertices.get(0).get("id").asText()).matches("[0-9a-f]{32}");
        assertThat(vertices.get(0).get("parallelism").asInt()).isEqualTo(2);
        assertThat(vertices.get(0).get("status").asText()).isEqualTo("FINISHED");
        assertThat(vertices.get(0).get("tasks").get("FINISHED").asInt()).isEqualTo(2);
        assertThat(vertices.get(0).get("metrics").get("read-records").asLong()).isEqualTo(600);
        assertThat(vertices.get(1).get("metrics").get("write-records").asLong()).isEqualTo(600);
        assertThat(detail.body().get("status-counts").get("FINISHED").asInt()).isEqualTo(2);
    }

    @Test
    void aRunningJobTakesASavepointThroughTheTriggerAndIsCancelledByPatch() {
        startCluster();
        JobId id = cluster.submitJob(datagenJob("endless", 0, 200, 1, dir.resolve("checkpoints")));
        await().atMost(WAIT).until(() -> cluster.getJob(id).status() == JobStatus.RUNNING);
        assertThat(rest.get("/overview").body().get("jobs-running").asInt()).isEqualTo(1);

        Path target = dir.resolve("savepoints");
        Response trigger = rest.send("POST", "/jobs/" + id + "/savepoints",
                "{\"target-directory\": \"" + target.toUri() + "\", \"cancel-job\": false}");
        assertThat(trigger.status()).isEqualTo(202);
        String triggerId = trigger.body().get("request-id").asText();
        assertThat(triggerId).matches("[0-9a-f]{32}");

        String path = "/jobs/" + id + "/savepoints/" + triggerId;
        await().atMost(WAIT).until(() -> rest.get(path).body().get("status").get("id").asText().equals("COMPLETED"));
        JsonNode operation = rest.get(path).body().get("operation");
        String location = operation.get("location").asText();
        assertThat(Path.of(URI.create(location))).startsWith(target);
        assertThat(Path.of(URI.create(location)).resolve("_metadata")).exists();
        assertThat(cluster.getJob(id).status()).isEqualTo(JobStatus.RUNNING);

        assertThat(rest.send("PATCH", "/jobs/" + id + "?mode=cancel", null).status()).isEqualTo(202);
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.CANCELED);
        assertThat(rest.get("/jobs/" + id).body().get("state").asText()).isEqualTo("CANCELED");
        assertThat(rest.get("/overview").body().get("jobs-cancelled").asInt()).isEqualTo(1);
    }

    @Test
    void aSavepointWithCancelJobCancelsTheJobOnceItCompleted() {
        startCluster();
        JobId id = cluster.submitJob(datagenJob("endless", 0, 200, 1, dir.resolve("checkpoints")));
        await().atMost(WAIT).until(() -> cluster.getJob(id).status() == JobStatus.RUNNING);

        String triggerId = rest.send("POST", "/jobs/" + id + "/savepoints", "{\"target-directory\": \""
                + dir.resolve("savepoints").toUri() + "\", \"cancel-job\": true}").body().get("request-id").asText();

        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.CANCELED);
        JsonNode operation = rest.get("/jobs/" + id + "/savepoints/" + triggerId).body().get("operation");
        assertThat(Path.of(URI.create(operation.get("location").asText())).resolve("_metadata")).exists();
    }

    @Test
    void aSavepointOfAFinishedJobReportsItsFailure() {
        startCluster();
        JobId id = cluster.submitJob(datagenJob("short", 10, 100_000, 1, dir.resolve("checkpoints")));
        cluster.jobTermination(id).join();

        String triggerId = rest.send("POST", "/jobs/" + id + "/savepoints", "{}").body().get("request-id").asText();
        String path = "/jobs/" + id + "/savepoints/" + triggerId;
        await().atMost(WAIT).until(() -> rest.get(path).body().get("status").get("id").asText().equals("COMPLETED"));
        JsonNode cause = rest.get(path).body().get("operation").get("failure-cause");
        assertThat(cause.get("stack-trace").asText()).contains(id.toString());
        assertThat(rest.send("PATCH", "/jobs/" + id + "?mode=cancel", null).status()).isEqualTo(409);
    }

    @Test
    void theCheckpointConfigShowsTheJobsSettings() {
        startCluster();
        JobId id = cluster.submitJob(datagenJob("short", 10, 100_000, 1, dir.resolve("checkpoints")));
        cluster.jobTermination(id).join();

        JsonNode config = rest.get("/jobs/" + id + "/checkpoints/config").body();
        assertThat(config.get("mode").asText()).isEqualTo("exactly_once");
        assertThat(config.get("interval").asLong()).isEqualTo(100);
        assertThat(config.get("timeout").asLong()).isEqualTo(600_000);
        assertThat(config.get("max_concurrent").asInt()).isEqualTo(1);
        assertThat(config.get("externalization").get("enabled").asBoolean()).isFalse();
        assertThat(config.get("state_backend").asText()).isEqualTo("EmbeddedRocksDBStateBackend");
    }

    @Test
    void unknownPathsJobsAndTriggersAre404WithFlinksErrorsBody() {
        startCluster();
        Response path = rest.get("/x");
        assertThat(path.status()).isEqualTo(404);
        assertThat(path.body().get("errors").get(0).asText()).isEqualTo("Not found: /x");

        String unknown = "0123456789abcdef0123456789abcdef";
        for (String resource : List.of("/jobs/" + unknown, "/jobs/" + unknown + "/checkpoints",
                "/jobs/" + unknown + "/checkpoints/config")) {
            Response job = rest.get(resource);
            assertThat(job.status()).as(resource).isEqualTo(404);
            assertThat(job.body().get("errors").get(0).asText()).isEqualTo("Job " + unknown + " not found");
        }
        assertThat(rest.send("PATCH", "/jobs/" + unknown + "?mode=cancel", null).status()).isEqualTo(404);
        assertThat(rest.send("POST", "/jobs/" + unknown + "/savepoints", "{}").status()).isEqualTo(404);
        Response trigger = rest.get("/jobs/" + unknown + "/savepoints/abc");
        assertThat(trigger.status()).isEqualTo(404);
        assertThat(trigger.body().get("errors").get(0).asText()).contains("triggerId=abc").contains(unknown);

        Response malformed = rest.get("/jobs/not-a-job");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.body().get("errors").get(0).asText()).contains("not-a-job");
        assertThat(rest.send("DELETE", "/jobs", null).status()).isEqualTo(405);
        assertThat(rest.send("POST", "/jobs/" + unknown + "/savepoints", "{not json").status()).isEqualTo(400);
    }

    @Test
    void clusterResourcesDescribeTheTaskManagerAndItsSlots() {
        startCluster();
        JsonNode overview = rest.get("/v1/overview").body();
        assertThat(overview.get("taskmanagers").asInt()).isEqualTo(1);
        assertThat(overview.get("slots-total").asInt()).isEqualTo(2);
        assertThat(overview.get("slots-available").asInt()).isEqualTo(2);
        assertThat(overview.get("jobs-running").asInt()).isZero();

        JsonNode taskManager = rest.get("/taskmanagers").body().get("taskmanagers").get(0);
        assertThat(taskManager.get("id").asText()).isEqualTo(cluster.taskManager().taskManagerId().value());
        assertThat(taskManager.get("slotsNumber").asInt()).isEqualTo(2);
        assertThat(taskManager.get("freeSlots").asInt()).isEqualTo(2);
        JsonNode memory = taskManager.get("metrics");
        assertThat(memory.get("heapUsed").asLong()).isPositive().isLessThanOrEqualTo(memory.get("heapMax").asLong());
        assertThat(memory.get("rss").asLong()).as("this JVM's resident memory").isGreaterThan(memory.get("heapUsed").asLong() / 4);

        JsonNode processes = rest.get("/cluster").body();
        assertThat(processes.get("jobmanagers")).hasSize(1);
        assertThat(processes.get("jobmanagers").get(0).get("role").asText()).isEqualTo("leader");
        assertThat(processes.get("taskmanagers").get(0).get("id").asText())
                .isEqualTo(cluster.taskManager().taskManagerId().value());
        assertThat(processes.get("taskmanagers").get(0).get("freeSlots").asInt()).isEqualTo(2);

        JsonNode config = rest.get("/config").body();
        assertThat(config.get("features").get("web-cancel").asBoolean()).isTrue();
        assertThat(config.get("features").get("web-rescale").asBoolean()).isTrue();
        // the cluster refuses what it does not know, whether or not it rescales jobs yet
        assertThat(rest.send("PATCH", "/jobs/00000000000000000000000000000000/resource-requirements",
                "{\"00000000000000000000000000000001\": {\"parallelism\": {\"upperBound\": 2}}}").status())
                .isEqualTo(404);
        assertThat(config.has("flink-version")).isTrue();
    }

    @Test
    void closingTheClusterFreesThePortAndStopsTheThreads() throws IOException {
        startCluster();
        int port = cluster.restAddress().orElseThrow().getPort();
        assertThat(rest.get("/jobs").status()).isEqualTo(200);
        cluster.close();

        try (ServerSocket again = new ServerSocket()) {
            again.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        }
        assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), port).close())
                .isInstanceOf(IOException.class);
        await().atMost(WAIT).until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> List.of("runnel-rest", "HTTP-Dispatcher", "idle-timeout-task").contains(t.getName())));
    }

    @Test
    void withoutRestOptionsNoEndpointStarts() {
        cluster = EmbeddedCluster.start(new Configuration());
        assertThat(cluster.restAddress()).isEmpty();
    }

    @Test
    void aTakenPortFailsTheStartNamingTheOptionAndBindPortTriesTheNextOfARange() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> EmbeddedCluster.start(new Configuration(Map.of("rest.port", String.valueOf(port)))))
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("rest.port").hasMessageContaining(String.valueOf(port));

            int free = freePort();
            startCluster(Map.of("rest.bind-port", port + "," + free, "rest.port", String.valueOf(port)));
            assertThat(cluster.restAddress().orElseThrow()).isEqualTo(URI.create("http://127.0.0.1:" + free));
            assertThat(rest.get("/jobs").status()).isEqualTo(200);
        }
    }

    @Test
    void restAddressIsTheAdvertisedHost() {
        startCluster(Map.of("rest.port", "0", "rest.address", "localhost"));
        assertThat(cluster.restAddress().orElseThrow().getHost()).isEqualTo("localhost");
        assertThat(rest.get("/jobs").status()).isEqualTo(200);
    }

    @Test
    void portsAreAPortAListOrARange() {
        assertThat(RestServer.parsePorts("rest.bind-port", "8081")).containsExactly(8081);
        assertThat(RestServer.parsePorts("rest.bind-port", "8081-8083, 9000")).containsExactly(8081, 8082, 8083, 9000);
        assertThatThrownBy(() -> RestServer.parsePorts("rest.bind-port", "80x"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("rest.bind-port").hasMessageContaining("80x");
        assertThatThrownBy(() -> RestServer.parsePorts("rest.bind-port", "9000-8000"))
                .isInstanceOf(ConfigException.class);
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}
