package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code DESCRIBE JOB} of a running and of a cancelled job: the backpressure row and each vertex's times. */
class DescribeJobEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    private static final Pattern TIMES =
            Pattern.compile(", busy (\\d+)%, backpressured (\\d+)% \\((OK|LOW|HIGH)\\), idle (\\d+)%$");

    private static Map<String, String> describe(Session session, String jobId) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Row row : ((StatementResult.Table) session.execute("DESCRIBE JOB '" + jobId + "'")).rows()) {
            properties.put((String) row.getField(0), (String) row.getField(1));
        }
        return properties;
    }

    @Test
    void aRunningJobShowsEachVertexsBusyBackPressuredAndIdleTimeAndAnEndedOneDoesNot() throws Exception {
        try (Session session = new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", "1")))) {
            session.execute("CREATE TABLE clicks (user_id INT) WITH ('connector' = 'datagen', 'rows-per-second' = '100')");
            session.execute("CREATE TABLE sink (user_id INT) WITH ('connector' = 'blackhole')");
            JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO sink SELECT * FROM clicks")).jobId();
            String jobId = id.value();

            // 100 rows a second keep nobody busy: the vertex waits for the source most of the time.
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                Map<String, String> described = describe(session, jobId);
                assertThat(described).containsEntry("backpressure", "OK");
                String vertex = described.entrySet().stream().filter(e -> e.getKey().startsWith("vertex 1: "))
                        .map(Map.Entry::getValue).findFirst().orElseThrow();
                Matcher times = TIMES.matcher(vertex);
                assertThat(times.find()).as(vertex).isTrue();
                assertThat(times.group(3)).isEqualTo("OK");
                assertThat(Integer.parseInt(times.group(4))).as("idle %").isGreaterThan(50);
                assertThat(Integer.parseInt(times.group(1)) + Integer.parseInt(times.group(2))
                        + Integer.parseInt(times.group(4))).as("shares of one second").isBetween(99, 101);
            });

            CLUSTER.cluster().cancelJob(id);
            assertThat(CLUSTER.cluster().jobTermination(id)
                    .get(30, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.CANCELED);
            Map<String, String> ended = describe(session, jobId);
            assertThat(ended).containsEntry("backpressure", "-");
            assertThat(ended.values()).noneMatch(value -> value.contains("busy"));
        }
    }
}
