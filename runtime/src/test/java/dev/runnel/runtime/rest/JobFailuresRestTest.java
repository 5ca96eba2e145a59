package dev.runnel.runtime.rest;

import static dev.runnel.runtime.rest.RestClusterTestSupport.datagenJob;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.runnel.runtime.RunnelVersion;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobFailure;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job that fails and restarts, as the cluster client and Flink's REST API show it: its restart
 * count, its failures newest first ({@code /jobs/:jobid/exceptions}), the time it entered each
 * status ({@code timestamps}), and the failure that ends it once the restart strategy gives up.
 */
class JobFailuresRestTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private EmbeddedCluster cluster;
    private RestClusterTestSupport rest;

    @BeforeEach
    void startCluster() {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "2", "rest.port", "0")));
        rest = new RestClusterTestSupport(cluster.restAddress().orElseThrow());
    }

    @AfterEach
    void closeCluster() {
        cluster.close();
    }

    private JobId endlessJob(int attempts) {
        return cluster.submitJob(datagenJob("endless", 0, 200, 1, dir.resolve("checkpoints"),
                Map.of("restart-strategy.type", "fixed-delay", "restart-strategy.fixed-delay.attempts",
                        String.valueOf(attempts), "restart-strategy.fixed-delay.delay", "10ms")));
    }

    /** Fails the running source with {@code message} and waits until the job ran again or ended. */
    private void failAndAwaitRecovery(JobId id, String message, int restartsBefore) {
        await().atMost(WAIT).until(() -> cluster.failTask(id, "Source: src", 0, message));
        await().atMost(WAIT).until(() -> {
            JobInfo job = cluster.getJob(id);
            return job.status().isTerminal() || job.status() == JobStatus.RUNNING && job.restarts() > restartsBefore;
        });
    }

    @Test
    void aRestartedJobCountsItsRestartsAndListsItsFailuresNewestFirst() {
        JobId id = endlessJob(5);
        await().atMost(WAIT).until(() -> cluster.getJob(id).status() == JobStatus.RUNNING);
        JsonNode before = rest.get("/jobs/" + id).body();
        assertThat(before.get("timestamps").get("RUNNING").asLong()).as("a running job's RUNNING timestamp")
                .isGreaterThanOrEqualTo(before.get("timestamps").get("CREATED").asLong()).isPositive();
        assertThat(rest.get("/jobs/" + id + "/exceptions").body().has("root-exception")).isFalse();

        failAndAwaitRecovery(id, "first failure", 0);
        failAndAwaitRecovery(id, "second failure", 1);

        JobInfo job = cluster.getJob(id);
        assertThat(job.status()).isEqualTo(JobStatus.RUNNING);
        assertThat(job.restarts()).isEqualTo(2);
        assertThat(job.failureCause()).as("a running job has not failed").isNull();
        JobFailure last = job.lastFailure().orElseThrow();
        assertThat(last.message()).isEqualTo("second failure (in Source: src, subtask 1/1)");
        assertThat(last.exceptionName()).isEqualTo(IllegalStateException.class.getName());
        assertThat(last.taskName()).isEqualTo("Source: src (1/1)");

        JsonNode detail = rest.get("/jobs/" + id).body();
        JsonNode timestamps = detail.get("timestamps");
        assertThat(timestamps.get("RESTARTING").asLong()).isPositive()
                .isLessThanOrEqualTo(timestamps.get("RUNNING").asLong());
        assertThat(timestamps.get("FAILED").asLong()).isZero();

        JsonNode exceptions = rest.get("/jobs/" + id + "/exceptions").body();
        assertThat(exceptions.get("root-exception").asText())
                .startsWith("java.lang.IllegalStateException: second failure").contains("\tat ");
        assertThat(exceptions.get("timestamp").asLong()).isEqualTo(last.timestamp().toEpochMilli());
        JsonNode entries = exceptions.get("exceptionHistory").get("entries");
        assertThat(entries).hasSize(2);
        assertThat(entries.get(0).get("exceptionName").asText()).isEqualTo("java.lang.IllegalStateException");
        assertThat(entries.get(0).get("stacktrace").asText()).startsWith("java.lang.IllegalStateException: second failure");
        assertThat(entries.get(0).get("taskName").asText()).isEqualTo("Source: src (1/1)");
        assertThat(entries.get(0).get("endpoint").asText()).isNotBlank();
        assertThat(entries.get(1).get("stacktrace").asText()).startsWith("java.lang.IllegalStateException: first failure");
        assertThat(entries.get(1).get("timestamp").asLong()).isLessThanOrEqualTo(entries.get(0).get("timestamp").asLong());
        assertThat(exceptions.get("exceptionHistory").get("truncated").asBoolean()).isFalse();

        JsonNode one = rest.get("/jobs/" + id + "/exceptions?maxExceptions=1").body().get("exceptionHistory");
        assertThat(one.get("entries")).hasSize(1);
        assertThat(one.get("truncated").asBoolean()).isTrue();

        JsonNode restarts = rest.get("/jobs/" + id + "/metrics?get=numRestarts").body();
        assertThat(restarts).hasSize(1);
        assertThat(restarts.get(0).get("id").asText()).isEqualTo("numRestarts");
        assertThat(restarts.get(0).get("value").asText()).isEqualTo("2");
    }

    @Test
    void aRestartStrategyThatGivesUpFailsTheJobWithTheLastFailureAndSaysSo() {
        JobId id = endlessJob(1);
        await().atMost(WAIT).until(() -> cluster.getJob(id).status() == JobStatus.RUNNING);
        failAndAwaitRecovery(id, "first failure", 0);
        failAndAwaitRecovery(id, "for good", 1);

        JobInfo end = cluster.jobTermination(id).join();
        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.restarts()).isEqualTo(1);
        assertThat(end.failureCause()).isEqualTo("for good (in Source: src, subtask 1/1); the job restarted 1 time "
                + "and the fixed-delay restart strategy allows no more (restart-strategy.fixed-delay.attempts = 1)");
        JsonNode timestamps = rest.get("/jobs/" + id).body().get("timestamps");
        assertThat(timestamps.get("FAILED").asLong()).isEqualTo(end.endTime().toEpochMilli());
        assertThat(timestamps.get("FAILING").asLong()).isPositive();
        assertThat(rest.get("/jobs/" + id + "/exceptions").body().get("exceptionHistory").get("entries")).hasSize(2);
    }

    @Test
    void configAndOverviewSayTheVersionOfThisBuild() {
        assertThat(RunnelVersion.number()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
        assertThat(rest.get("/config").body().get("flink-version").asText()).isEqualTo(RunnelVersion.number());
        assertThat(rest.get("/overview").body().get("flink-version").asText()).isEqualTo(RunnelVersion.number());
    }
}
