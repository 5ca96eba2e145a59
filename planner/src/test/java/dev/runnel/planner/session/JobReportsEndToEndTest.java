package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.session.StatementResult.Table.Fit;
import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code SHOW JOBS} and {@code DESCRIBE JOB} of a job that failed and restarted: how often, the
 * last failure's message, and both times in one format, {@code SHOW JOBS}' TIMESTAMP_LTZ(3) in
 * the session time zone.
 */
class JobReportsEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    private static final String TIME = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}";

    private static Map<String, String> describe(Session session, JobId id) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Row row : ((StatementResult.Table) session.execute("DESCRIBE JOB '" + id + "'")).rows()) {
            properties.put((String) row.getField(0), (String) row.getField(1));
        }
        return properties;
    }

    @Test
    void aRestartedJobShowsHowOftenItRestartedAndItsLastFailureWithTimesInTheSessionZone() {
        try (Session session = new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", "1",
                "restart-strategy.type", "fixed-delay", "restart-strategy.fixed-delay.delay", "10ms",
                "table.local-time-zone", "Asia/Tokyo")))) {
            session.execute("CREATE TABLE clicks (user_id INT) WITH ('connector' = 'datagen', 'rows-per-second' = '50')");
            session.execute("CREATE TABLE sink (user_id INT) WITH ('connector' = 'blackhole')");
            JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO sink SELECT * FROM clicks")).jobId();
            await().atMost(Duration.ofSeconds(60)).until(() -> CLUSTER.cluster().getJob(id).status() == JobStatus.RUNNING);
            String source = CLUSTER.cluster().getJob(id).vertices().get(0).name();
            await().atMost(Duration.ofSeconds(60)).until(() -> CLUSTER.cluster().failTask(id, source, 0, "injected"));
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                JobInfo job = CLUSTER.cluster().getJob(id);
                return job.status() == JobStatus.RUNNING && job.restarts() == 1;
            });

            StatementResult.Table jobs = (StatementResult.Table) session.execute("SHOW JOBS");
            assertThat(jobs.columns()).extracting(ColumnInfo::name).containsExactly("job id", "job name", "status",
                    "parallelism", "start time", "records in", "records out", "last checkpoint", "restarts", "last failure");
            assertThat(jobs.report()).containsExactly(Fit.WHOLE, Fit.SHORTEN, Fit.WHOLE, Fit.WHOLE, Fit.WHOLE,
                    Fit.WHOLE, Fit.WHOLE, Fit.WHOLE, Fit.WHOLE, Fit.SHORTEN);
            Row shown = jobs.rows().stream().filter(r -> r.getField(0).equals(id.value())).findFirst().orElseThrow();
            assertThat(shown.getField(2)).isEqualTo("RUNNING");
            assertThat(shown.getField(3)).as("parallelism").isEqualTo("1");
            assertThat(shown.getField(8)).as("restarts").isEqualTo(1L);
            String failure = "injected (in " + source + ", subtask 1/1)";
            assertThat(shown.getField(9)).as("last failure").isEqualTo(failure);

            Map<String, String> described = describe(session, id);
            assertThat(described).containsEntry("status", "RUNNING").containsEntry("restarts", "1")
                    .containsEntry("end time", "-");
            String startTime = Values.toText(shown.getField(4), DataType.of(TypeRoot.TIMESTAMP_LTZ, 3),
                    ZoneId.of("Asia/Tokyo"));
            assertThat(described.get("start time")).as("the same text as SHOW JOBS shows").matches(TIME)
                    .isEqualTo(startTime);
            assertThat(described.get("last failure")).matches(TIME + " in .+ \\(1/1\\): .+")
                    .endsWith(": " + failure);

            session.execute("STOP JOB '" + id + "'");
            assertThat(describe(session, id).get("end time")).matches(TIME);
        }
    }

    @Test
    void aJobWithoutFailuresShowsNone() {
        try (Session session = new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", "1")))) {
            session.execute("CREATE TABLE few (n INT) WITH ('connector' = 'datagen', 'number-of-rows' = '3')");
            session.execute("CREATE TABLE sink (n INT) WITH ('connector' = 'blackhole')");
            JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO sink SELECT * FROM few")).jobId();
            CLUSTER.cluster().jobTermination(id).join();

            Row shown = ((StatementResult.Table) session.execute("SHOW JOBS")).rows().stream()
                    .filter(r -> r.getField(0).equals(id.value())).findFirst().orElseThrow();
            assertThat(Arrays.asList(shown.fields()).subList(7, 10)).containsExactly(null, 0L, null);
            assertThat(describe(session, id)).containsEntry("restarts", "0").containsEntry("last failure", "-")
                    .containsEntry("parallelism", "1").containsEntry("target parallelism", "1")
                    .containsEntry("scheduler mode", "default").containsEntry("rescales", "-");
        }
    }

    @Test
    void showClusterListsTheJobManagerAndTheTaskManagersWithTheirSlots() {
        try (Session session = new Session(CLUSTER.cluster(), new Configuration())) {
            StatementResult.Table cluster = (StatementResult.Table) session.execute("SHOW CLUSTER");
            assertThat(cluster.columns()).extracting(ColumnInfo::name)
                    .containsExactly("process", "address", "role", "slots", "free slots");
            assertThat(cluster.rows()).hasSize(1 + CLUSTER.cluster().registeredTaskManagers().size());
            assertThat(cluster.rows().get(0)).isEqualTo(Row.of("jobmanager", "embedded (in this process)", "leader",
                    null, null));
            Row taskManager = cluster.rows().get(1);
            assertThat(taskManager.getField(0)).isEqualTo("taskmanager");
            assertThat((String) taskManager.getField(1)).startsWith(CLUSTER.cluster().taskManager().taskManagerId()
                    .value() + " at ");
            assertThat(taskManager.getField(2)).isEqualTo("registered");
            assertThat(taskManager.getField(3)).isEqualTo(2);
        }
    }
}
