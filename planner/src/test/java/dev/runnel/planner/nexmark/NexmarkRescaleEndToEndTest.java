package dev.runnel.planner.nexmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.planner.testing.PartFiles;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.nexmark.NexmarkSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nexmark q5 (HOP window aggregates and a window join, on RocksDB) rescaled by hand while it runs,
 * {@code ALTER JOB … SET ('parallelism' = …)} from 2 up to 3 and down to 1, writes exactly the
 * rows of a run that never rescaled into its exactly-once filesystem sink.
 */
class NexmarkRescaleEndToEndTest {
    private static final long EVENTS = 40_000;
    /** Ten seconds of wall time at 4 000 events per second: long enough for two rescales. */
    private static final long EVENTS_PER_SECOND = 4_000;

    /** Three slots: the cluster of the other Nexmark tests has two, too few for parallelism 3. */
    private static EmbeddedCluster cluster;

    @TempDir
    Path dir;

    @BeforeAll
    static void startCluster() {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "3")));
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    /** Submits q5 at parallelism 2, writing CSV to {@code out}; {@code throttled} reads at {@link #EVENTS_PER_SECOND}. */
    private JobId submitQ5(Session session, Path out, boolean throttled) {
        session.execute(NexmarkSchema.createTable("nexmark",
                "'connector' = 'nexmark', 'max-events' = '" + EVENTS + "', 'event-time-rate' = '200'"
                        + (throttled ? ", 'events-per-second' = '" + EVENTS_PER_SECOND + "'" : "")));
        NexmarkSchema.createViews("nexmark").forEach(session::execute);
        List<String> statements = NexmarkQueries.statements("q5");
        String create = statements.get(0);
        assertThat(create).contains("'connector' = 'blackhole'");
        session.execute(create.replace("'connector' = 'blackhole'",
                "'connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'csv'"));
        statements.subList(1, statements.size() - 1).forEach(session::execute);
        return ((StatementResult.JobSubmitted) session.execute(statements.get(statements.size() - 1))).jobId();
    }

    private Session session() {
        return new Session(cluster, new Configuration(Map.of(
                "parallelism.default", "2",
                "state.backend.type", "rocksdb",
                "execution.checkpointing.interval", "300ms",
                "state.checkpoints.dir", "file:" + dir.resolve("checkpoints"))));
    }

    private static JobInfo awaitEnd(JobId id) throws Exception {
        JobInfo end = cluster.jobTermination(id).get(120, TimeUnit.SECONDS);
        assertThat(end.status()).as("%s", end).isEqualTo(JobStatus.FINISHED);
        return end;
    }

    /** Waits until every subtask runs (or has finished its splits) at {@code parallelism}, and a checkpoint completed there. */
    private static void awaitRunningAt(JobId id, int parallelism) {
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            JobInfo job = cluster.getJob(id);
            return job.status() == JobStatus.RUNNING && job.scaling().parallelism() == parallelism
                    && job.vertices().stream().allMatch(v -> v.subtaskStates().keySet().stream()
                    .allMatch(state -> state.equals("RUNNING") || state.equals("FINISHED")));
        });
        long before = cluster.getJob(id).checkpoints().completed();
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).checkpoints().completed() > before);
    }

    private static String message(Session session, String sql) {
        return ((StatementResult.Message) session.execute(sql)).text();
    }

    @Test
    void q5RescaledByHandUpAndDownWritesTheRowsOfARunWithoutRescales() throws Exception {
        Path reference = dir.resolve("reference");
        try (Session session = session()) {
            awaitEnd(submitQ5(session, reference, false));
        }
        Path rescaled = dir.resolve("rescaled");
        JobInfo end;
        try (Session session = session()) {
            JobId id = submitQ5(session, rescaled, true);
            awaitRunningAt(id, 2);
            assertThat(message(session, "ALTER JOB '" + id.value() + "' SET ('parallelism' = '3')"))
                    .isEqualTo("Job is rescaling from 2 to parallelism 3.");
            awaitRunningAt(id, 3);
            assertThat(message(session, "ALTER JOB '" + id.value() + "' SET ('parallelism' = '1')"))
                    .isEqualTo("Job is rescaling from 3 to parallelism 1.");
            awaitRunningAt(id, 1);
            end = awaitEnd(id);
        }

        assertThat(end.scaling().rescales()).extracting(JobScaling.Rescale::from, JobScaling.Rescale::to)
                .containsExactly(Tuple.tuple(2, 3), Tuple.tuple(3, 1));
        assertThat(end.scaling().rescales()).allSatisfy(r -> assertThat(r.checkpointId()).isPositive());
        assertThat(end.restarts()).isZero();
        List<String> expected = PartFiles.lines(reference);
        // 200 seconds of event time: a hot item or more for each of about 100 windows.
        assertThat(expected).hasSizeGreaterThan(90);
        assertThat(PartFiles.lines(rescaled)).isEqualTo(expected);
    }
}
