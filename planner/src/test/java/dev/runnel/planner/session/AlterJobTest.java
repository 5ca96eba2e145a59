package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.cluster.JobScaling.Rescale;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code ALTER JOB 'id' SET ('parallelism' = 'N')} and how {@code SHOW JOBS} and {@code DESCRIBE JOB}
 * show a job's parallelism, against a cluster that only records rescales ({@link RescalableJobs}).
 */
class AlterJobTest {
    private static final String ID = "0123456789abcdef0123456789abcdef";

    private final RescalableJobs cluster = new RescalableJobs();
    private final Session session = new Session(cluster,
            new Configuration(Map.of("table.local-time-zone", "UTC")));

    @AfterEach
    void close() {
        session.close();
    }

    private String message(String sql) {
        return ((StatementResult.Message) session.execute(sql)).text();
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertFails(String sql, String position) {
        return assertThatThrownBy(() -> session.execute(sql))
                .isInstanceOf(SqlExecutionException.class)
                .satisfies(e -> assertThat(((SqlExecutionException) e).line() + ":" + ((SqlExecutionException) e).column())
                        .isEqualTo(position));
    }

    private Map<String, String> describe() {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Row row : ((StatementResult.Table) session.execute("DESCRIBE JOB '" + ID + "'")).rows()) {
            properties.put((String) row.getField(0), (String) row.getField(1));
        }
        return properties;
    }

    private Object shownParallelism() {
        var jobs = (StatementResult.Table) session.execute("SHOW JOBS");
        assertThat(jobs.columns().get(3).name()).isEqualTo("parallelism");
        return jobs.rows().get(0).getField(3);
    }

    @Test
    void rescalesARunningJobAndShowsItMoving() {
        JobId id = cluster.add(ID, JobStatus.RUNNING, new JobScaling(2, 2, false, List.of()));
        assertThat(shownParallelism()).isEqualTo("2");

        assertThat(message("ALTER JOB '" + ID + "' SET ('parallelism' = '4')"))
                .isEqualTo("Job is rescaling from 2 to parallelism 4.");

        assertThat(cluster.requests()).containsExactly(new RescalableJobs.Request(id, 4));
        assertThat(shownParallelism()).isEqualTo("2 → 4");
        assertThat(describe()).containsEntry("parallelism", "2").containsEntry("target parallelism", "4")
                .containsEntry("scheduler mode", "default").containsEntry("rescales", "-");
    }

    @Test
    void aJobAlreadyAtTheParallelismIsLeftAlone() {
        cluster.add(ID, JobStatus.RUNNING, new JobScaling(3, 3, false, List.of()));

        assertThat(message("alter job '" + ID + "' set ('parallelism' = ' 3 ')"))
                .isEqualTo("Job already runs at parallelism 3.");
        assertThat(cluster.requests()).isEmpty();
    }

    @Test
    void aReactiveJobKeepsTheNewParallelismAsItsUpperBound() {
        cluster.add(ID, JobStatus.RUNNING, new JobScaling(2, 2, true, List.of()));

        assertThat(message("ALTER JOB '" + ID + "' SET ('parallelism' = '2')"))
                .isEqualTo("Job is rescaling from 2 to parallelism 2 (reactive: 2 is now its upper bound).");
        assertThat(describe()).containsEntry("scheduler mode", "reactive (follows the slots of the cluster)");
    }

    @Test
    void describeJobListsTheRescalesOldestFirst() {
        cluster.add(ID, JobStatus.RUNNING, new JobScaling(3, 3, true, List.of(
                new Rescale(Instant.parse("2026-12-07T13:20:01.123Z"), 2, 4, "ALTER JOB", 12),
                new Rescale(Instant.parse("2026-12-07T13:25:00Z"), 4, 3, "TaskManager tm-2 lost", -1))));

        assertThat(describe().get("rescales")).isEqualTo(
                "2 → 4 at 2026-12-07 13:20:01.123 (ALTER JOB, from checkpoint 12); "
                        + "4 → 3 at 2026-12-07 13:25:00.000 (TaskManager tm-2 lost, without a checkpoint)");
    }

    @Test
    void optionsOtherThanAWholeParallelismAreErrorsAtTheirKeyOrValue() {
        cluster.add(ID, JobStatus.RUNNING, new JobScaling(2, 2, false, List.of()));

        assertFails("ALTER JOB '" + ID + "' SET ('parallelism' = '4', 'max' = '8')", "1:72")
                .hasMessage("Unknown option 'max' for ALTER JOB: only 'parallelism' can be set");
        assertFails("ALTER JOB '" + ID + "' SET (\n  'parallelism' = 'four')", "2:19")
                .hasMessage("Invalid value 'four' for option 'parallelism': expected a whole number of at least 1");
        assertFails("ALTER JOB '" + ID + "' SET ('parallelism' = '0')", "1:67")
                .hasMessage("Invalid value '0' for option 'parallelism': expected a whole number of at least 1");
        assertFails("ALTER JOB '" + ID + "' SET ()", "1:50")
                .hasMessage("ALTER JOB needs the option 'parallelism', as in SET ('parallelism' = '4')");
        assertThat(cluster.requests()).isEmpty();
    }

    @Test
    void unknownAndEndedJobsAreErrorsAtTheJobId() {
        cluster.add(ID, JobStatus.FINISHED, new JobScaling(2, 2, false, List.of()));

        assertFails("ALTER JOB 'ffffffffffffffffffffffffffffffff' SET ('parallelism' = '4')", "1:11")
                .hasMessage("Job 'ffffffffffffffffffffffffffffffff' does not exist");
        assertFails("ALTER JOB '" + ID + "' SET ('parallelism' = '4')", "1:11")
                .hasMessage("Job '" + ID + "' has ended with status FINISHED; only a running job can be rescaled");
    }

    @Test
    void theJobManagersRefusalIsAnErrorAtTheValue() {
        cluster.add(ID, JobStatus.RUNNING, new JobScaling(2, 2, false, List.of()));
        cluster.failRescales(new IllegalArgumentException("parallelism 200 is above pipeline.max-parallelism 128"));

        assertFails("ALTER JOB '" + ID + "' SET ('parallelism' = '200')", "1:67")
                .hasMessage("Could not rescale job '" + ID + "' to parallelism 200: "
                        + "parallelism 200 is above pipeline.max-parallelism 128");
    }
}
