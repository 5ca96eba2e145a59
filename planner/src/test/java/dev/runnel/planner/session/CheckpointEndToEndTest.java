package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints through SQL: keyed and window aggregations over a bounded, rate-limited datagen
 * sequence into exactly-once filesystem sinks survive injected task failures and a killed
 * TaskManager; a savepoint taken at parallelism 2 restores at parallelism 1 and 4; a changed
 * query does not start from another query's savepoint. Each test starts its own cluster (three
 * TaskManagers with two slots each) so that a killed TaskManager leaves spare slots.
 */
class CheckpointEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ROWS = 9_000;
    private static final int KEYS = 10;

    @TempDir
    Path dir;

    private EmbeddedCluster cluster;

    @AfterEach
    void closeCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private Session session(int parallelism, String backend) {
        return session(parallelism, backend, 1500);
    }

    private Session session(int parallelism, String backend, int rowsPerSecond) {
        if (cluster == null) {
            cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "2")), 3);
        }
        Session session = new Session(cluster, new Configuration(Map.of(
                "parallelism.default", String.valueOf(parallelism),
                "state.backend.type", backend,
                "execution.checkpointing.interval", "200ms",
                "restart-strategy.type", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", String.valueOf(Integer.MAX_VALUE),
                "restart-strategy.fixed-delay.delay", "50ms",
                // Both forms of file: URI that Flink scripts use.
                "state.checkpoints.dir", "file:" + dir.resolve("checkpoints"),
                "state.savepoints.dir", "file://" + dir.resolve("savepoints"))));
        // ts: 100 ms per id, so a 10-second tumbling window holds the ids with the same id / 100.
        session.execute("CREATE TABLE events (id BIGINT, ts AS TO_TIMESTAMP_LTZ(id * 100, 3),"
                + " WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'rows-per-second' = '" + rowsPerSecond + "',"
                + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + ROWS + "')");
        return session;
    }

    private static void createCountsSink(Session session, Path out) {
        session.execute("CREATE TABLE counts (k BIGINT, n BIGINT, total BIGINT, PRIMARY KEY (k) NOT ENFORCED)"
                + " WITH ('connector' = 'filesystem', 'path' = 'file://" + out + "', 'format' = 'debezium-json')");
    }

    private static final String COUNTS = "INSERT INTO counts SELECT id % " + KEYS + ", COUNT(*), SUM(id) FROM events"
            + " GROUP BY id % " + KEYS;

    @Test
    void keyedAggregationSurvivesTaskFailuresAndALostTaskManager() throws Exception {
        Path out = dir.resolve("counts");
        try (Session session = session(2, "rocksdb")) {
            createCountsSink(session, out);
            JobId id = submit(session, COUNTS);
            injectFailures(session, id, COUNTS);

            List<Row> jobs = ((StatementResult.Table) session.execute("SHOW JOBS")).rows();
            Row shown = jobs.stream().filter(r -> r.getField(0).equals(id.value())).findFirst().orElseThrow();
            CheckpointStats stats = cluster.getJob(id).checkpoints();
            assertThat(stats.completed()).isGreaterThan(4);
            assertThat(shown.getField(7)).as("last checkpoint").isEqualTo(stats.latestCompletedId());
            assertThat(shown.getField(8)).as("restarts: three injected failures and a lost TaskManager").isEqualTo(4L);
            assertThat(shown.getField(9)).as("last failure").isEqualTo(cluster.getJob(id).lastFailure().orElseThrow()
                    .message());
        }
        assertThat(finalChangelogRows(out)).isEqualTo(expectedCounts());
    }

    @Test
    void windowAggregationSurvivesTaskFailuresAndALostTaskManager() throws Exception {
        Path out = dir.resolve("windows");
        String insert = "INSERT INTO windows SELECT MIN(id), COUNT(*), SUM(id)"
                + " FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '10' SECOND))"
                + " GROUP BY window_start, window_end";
        try (Session session = session(2, "hashmap")) {
            session.execute("CREATE TABLE windows (first_id BIGINT, n BIGINT, total BIGINT)"
                    + " WITH ('connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'json')");
            JobId id = submit(session, insert);
            injectFailures(session, id, insert);
        }
        List<List<Long>> expected = new ArrayList<>();
        Map<Long, List<Long>> windows = new TreeMap<>();
        for (long i = 1; i <= ROWS; i++) {
            windows.computeIfAbsent(i / 100, w -> new ArrayList<>()).add(i);
        }
        windows.values().forEach(ids -> expected.add(List.of(ids.get(0), (long) ids.size(),
                ids.stream().mapToLong(Long::longValue).sum())));
        // Every window exactly once: no window lost, none written twice.
        assertThat(committedJson(out).stream().map(n -> List.of(n.get("first_id").asLong(), n.get("n").asLong(),
                n.get("total").asLong())).sorted((a, b) -> Long.compare(a.get(0), b.get(0))).toList())
                .isEqualTo(expected);
    }

    @Test
    void aSavepointAtParallelismTwoRestoresAtOneAndFour() throws Exception {
        // Every run writes to the same path, so that the runs' output adds up in one directory.
        Path out = dir.resolve("counts");
        Path firstRun = dir.resolve("first");
        String savepoint = countUntilStoppedWithSavepoint(out);
        assertThat(finalChangelogRows(out)).isNotEmpty().isNotEqualTo(expectedCounts());
        copyCommittedFiles(out, firstRun);

        for (int parallelism : new int[] {1, 4}) {
            replaceCommittedFiles(out, firstRun);
            try (Session session = session(parallelism, "rocksdb")) {
                createCountsSink(session, out);
                session.execute("SET 'execution.savepoint.path' = '" + savepoint + "'");
                JobInfo end = awaitEnd(submit(session, COUNTS));
                assertThat(end.status()).as("restored at parallelism %d: %s", parallelism, end.failureCause())
                        .isEqualTo(JobStatus.FINISHED);
                session.execute("RESET 'execution.savepoint.path'");
                assertThat(session.configuration().get(CheckpointOptions.SAVEPOINT_PATH)).isEmpty();
            }
            // The first run's output up to the savepoint and the restored run's output after it
            // add up to the counts of one run over every row.
            assertThat(finalChangelogRows(out)).as("restored at parallelism %d", parallelism)
                    .isEqualTo(expectedCounts());
        }
    }

    @Test
    void aSavepointRestoresIntoAnotherSinkPathAndSourceRate() throws Exception {
        // As in Flink, state belongs to the operator at its place in the query, not to its
        // options: the resumed INSERT writes elsewhere and reads faster, and still continues.
        Path before = dir.resolve("counts-before");
        Path after = dir.resolve("counts-after");
        String savepoint = countUntilStoppedWithSavepoint(before);
        try (Session session = session(2, "rocksdb", 4000)) {
            createCountsSink(session, after);
            session.execute("SET 'execution.savepoint.path' = '" + savepoint + "'");
            JobInfo end = awaitEnd(submit(session, COUNTS));
            assertThat(end.status()).as("restored: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);
        }
        assertThat(EndToEndSupport.partFileLines(after)).as("rows after the savepoint").isNotEmpty();
        // The first path holds the changes up to the savepoint, the second those after it.
        copyCommittedFiles(before, after);
        assertThat(finalChangelogRows(after)).isEqualTo(expectedCounts());
    }

    /**
     * Runs {@link #COUNTS} into {@code out} at parallelism 2 until a quarter of the rows were
     * read, then stops it with a savepoint; returns the savepoint's path.
     */
    private String countUntilStoppedWithSavepoint(Path out) throws Exception {
        try (Session session = session(2, "rocksdb")) {
            createCountsSink(session, out);
            JobId id = submit(session, COUNTS);
            await().atMost(Duration.ofSeconds(60)).until(() -> allRunning(id) && cluster.getJob(id).recordsIn() > ROWS / 4);
            StatementResult.Table result = (StatementResult.Table) session.execute(
                    "STOP JOB '" + id.value() + "' WITH SAVEPOINT");
            assertThat(result.columns().get(0).name()).isEqualTo("savepoint path");
            assertThat(cluster.jobTermination(id).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.FINISHED);
            return assertPrintedAsFlink((String) result.rows().get(0).getField(0), id);
        }
    }

    /*
     * A savepoint needs every subtask running, as in Flink: the sources may read rows before the
     * subtasks downstream are deployed, more so on a loaded machine.
     */
    private boolean allRunning(JobId id) {
        return cluster.getJob(id).vertices().stream().allMatch(v -> v.subtaskStates().getOrDefault("RUNNING", 0)
                + v.subtaskStates().getOrDefault("FINISHED", 0) == v.parallelism());
    }

    @Test
    void aDifferentQueryDoesNotStartFromASavepoint() throws Exception {
        try (Session session = session(2, "hashmap")) {
            createCountsSink(session, dir.resolve("counts"));
            JobId id = submit(session, COUNTS);
            await().atMost(Duration.ofSeconds(60)).until(() -> allRunning(id) && cluster.getJob(id).recordsIn() > 0);
            String savepoint = assertPrintedAsFlink((String) ((StatementResult.Table) session.execute(
                    "SAVEPOINT '" + id.value() + "'")).rows().get(0).getField(0), id);
            session.execute("STOP JOB '" + id.value() + "'");

            session.execute("CREATE TABLE maxima (k BIGINT, m BIGINT, PRIMARY KEY (k) NOT ENFORCED) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + dir.resolve("maxima") + "', 'format' = 'debezium-json')");
            session.execute("SET 'execution.savepoint.path' = '" + savepoint + "'");
            JobInfo end = awaitEnd(submit(session, "INSERT INTO maxima SELECT id % 3, MAX(id) FROM events GROUP BY id % 3"));
            assertThat(end.status()).isEqualTo(JobStatus.FAILED);
            assertThat(end.failureCause()).contains("cannot be mapped to the new job: the query changed");
        }
    }

    /**
     * Checks that {@code savepoint} is printed as Flink prints it, {@code file:/<dir>/savepoint-<job
     * id prefix>-<random>}, and that its directory holds the metadata; returns it.
     */
    private String assertPrintedAsFlink(String savepoint, JobId id) {
        Path savepoints = dir.resolve("savepoints");
        assertThat(savepoint).matches("file:" + Pattern.quote(savepoints.toString()) + "/savepoint-"
                + id.value().substring(0, 6) + "-[0-9a-f]{12}");
        assertThat(Path.of(savepoint.substring("file:".length()), "_metadata")).isRegularFile();
        return savepoint;
    }

    private static JobId submit(Session session, String insert) {
        return ((StatementResult.JobSubmitted) session.execute(insert)).jobId();
    }

    private JobInfo awaitEnd(JobId id) throws Exception {
        return cluster.jobTermination(id).get(120, TimeUnit.SECONDS);
    }

    /**
     * Fails a subtask of the last vertex, of the first and of the last again, each after a
     * checkpoint completed since the previous restart, then kills the TaskManager that hosts the
     * job's first slots; the job must still finish.
     */
    private void injectFailures(Session session, JobId id, String insert) throws Exception {
        List<String> vertices = EndToEndSupport.vertexNames(session, insert);
        assertThat(vertices).hasSizeGreaterThan(1);
        String[] victims = {vertices.get(vertices.size() - 1), vertices.get(0), vertices.get(vertices.size() - 1)};
        for (int i = 0; i < victims.length; i++) {
            awaitCheckpointAfterRestarts(id, i);
            assertThat(cluster.failTask(id, victims[i], i % 2, "injected failure " + i))
                    .as("failure %d hit a running subtask of %s", i, victims[i]).isTrue();
        }
        awaitCheckpointAfterRestarts(id, victims.length);
        cluster.killTaskManager(0);
        JobInfo end = awaitEnd(id);
        assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);
        assertThat(end.checkpoints().restarts()).isEqualTo(victims.length + 1);
    }

    /** Waits until the job restarted {@code restarts} times, runs, and completed a checkpoint since. */
    private void awaitCheckpointAfterRestarts(JobId id, int restarts) {
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).checkpoints().restarts() == restarts
                    && cluster.getJob(id).status() == JobStatus.RUNNING);
            long completed = cluster.getJob(id).checkpoints().completed();
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).checkpoints().completed() > completed);
        } catch (ConditionTimeoutException e) {
            JobInfo job = cluster.getJob(id);
            throw new AssertionError("Waiting for a checkpoint after " + restarts + " restarts, the job is "
                    + job.status() + " after " + job.checkpoints().restarts() + " restarts, with "
                    + job.checkpoints().completed() + " checkpoints completed; last failure: "
                    + job.lastFailure().map(f -> f.message()).orElse("none") + "; checkpoints: " + job.checkpoints(), e);
        }
    }

    private static Map<Long, List<Long>> expectedCounts() {
        Map<Long, List<Long>> expected = new TreeMap<>();
        for (long k = 0; k < KEYS; k++) {
            long n = 0;
            long total = 0;
            for (long i = 1; i <= ROWS; i++) {
                if (i % KEYS == k) {
                    n++;
                    total += i;
                }
            }
            expected.put(k, List.of(n, total));
        }
        return expected;
    }

    /**
     * Replays the committed debezium-json changelog, order-free: every {@code after} row counts
     * +1 and every {@code before} row -1. Exactly-once output nets to one row per key (its final
     * values), every retracted row having been inserted once; a lost or duplicated change leaves
     * a count other than 0 or 1, which this refuses.
     */
    static Map<Long, List<Long>> finalChangelogRows(Path out) throws IOException {
        Map<List<Long>, Integer> net = new HashMap<>();
        for (JsonNode change : committedJson(out)) {
            for (String side : new String[] {"after", "before"}) {
                JsonNode row = change.get(side);
                if (row != null && !row.isNull()) {
                    net.merge(List.of(row.get("k").asLong(), row.get("n").asLong(), row.get("total").asLong()),
                            side.equals("after") ? 1 : -1, Integer::sum);
                }
            }
        }
        Map<Long, List<Long>> rows = new TreeMap<>();
        net.forEach((row, count) -> {
            assertThat(count).as("net count of %s", row).isBetween(0, 1);
            if (count == 1) {
                assertThat(rows.put(row.get(0), row.subList(1, 3))).as("second row of key %s", row.get(0)).isNull();
            }
        });
        return rows;
    }

    private static List<JsonNode> committedJson(Path out) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : EndToEndSupport.partFileLines(out)) {
            rows.add(JSON.readTree(line));
        }
        return rows;
    }

    /** Deletes the part files in {@code out}, then copies those of {@code from} in. */
    private static void replaceCommittedFiles(Path out, Path from) throws IOException {
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                Files.delete(f);
            }
        }
        copyCommittedFiles(from, out);
    }

    private static void copyCommittedFiles(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            files.filter(p -> p.getFileName().toString().startsWith("part-")).forEach(p -> {
                try {
                    Files.copy(p, to.resolve(p.getFileName()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
