package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19 across processes: a JobManager in reactive mode ({@code -D scheduler-mode=reactive})
 * runs a job on every slot its TaskManager processes offer. Each TaskManager that registers
 * makes the job take a checkpoint and go on at one more subtask per keyed vertex, restored from
 * it; TaskManagers killed with {@code kill -9} make it go on at fewer. A windowed aggregate keeps
 * its keyed state, timers and watermark through every rescale, so its output is exactly that of a
 * run without any.
 */
class ReactiveScalingIT {
    private static final Duration RUN = Duration.ofSeconds(180);
    private static final long ROWS = 50_000;
    private static final int KEYS = 7;

    @TempDir
    Path dir;
    @RegisterExtension
    final OutputOnFailure output = new OutputOnFailure(() -> dir);
    private ClusterProcesses processes;

    @AfterEach
    void stopAll() {
        if (processes != null) {
            processes.close();
        }
    }

    @Test
    void aReactiveJobGrowsWithEachTaskManagerAndShrinksWhenTwoAreKilledCountingEveryRowOnce() throws Exception {
        processes = new ClusterProcesses(dir);
        String jobManager = processes.startJobManager(0, "scheduler-mode=reactive",
                "jobmanager.adaptive-scheduler.resource-stabilization-timeout=1s");
        processes.startTaskManager(jobManager);
        Path out = dir.resolve("out");
        RunnelProcess client = processes.start("--jobmanager", jobManager, "-f", windowScript(out).toString());
        try (RemoteClusterClient cluster = ClusterProcesses.client(jobManager)) {
            JobInfo job = await().atMost(RUN).until(() -> {
                List<JobInfo> jobs = cluster.listJobs();
                assertThat(jobs.isEmpty() && !client.isAlive()).as("the script ended without a job: %s", client.err())
                        .isFalse();
                return jobs.stream().findFirst().orElse(null);
            }, j -> j != null);
            awaitRunningAt(cluster, job, 1);
            processes.startTaskManager(jobManager);
            awaitRunningAt(cluster, job, 2);
            processes.startTaskManager(jobManager);
            awaitRunningAt(cluster, job, 3);

            // kill -9 two of the three TaskManager processes: the job restarts on the one left
            List<TaskManagerInfo> taskManagers = cluster.taskManagers();
            assertThat(taskManagers).hasSize(3);
            processes.processOf(taskManagers.get(0)).kill();
            processes.processOf(taskManagers.get(1)).kill();
            awaitRunningAt(cluster, job, 1);

            assertThat(client.waitFor(RUN)).as(client.err()).isZero();
            JobInfo end = cluster.getJob(job.id());
            assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
            assertThat(end.scaling().reactive()).isTrue();
            List<JobScaling.Rescale> rescales = end.scaling().rescales();
            assertThat(rescales.subList(0, 2)).extracting(JobScaling.Rescale::from, JobScaling.Rescale::to)
                    .containsExactly(tuple(1, 2), tuple(2, 3));
            assertThat(rescales.subList(0, 2)).allMatch(r -> r.reason().contains("joined") && r.checkpointId() > 0);
            assertThat(rescales.get(rescales.size() - 1).to()).isEqualTo(1);
        }
        Map<String, Long> actual = windowCounts(out);
        Map<String, Long> expected = expectedWindowCounts();
        Map<String, Long> missing = surplus(expected, actual);
        Map<String, Long> extra = surplus(actual, expected);
        assertThat(missing.isEmpty() && extra.isEmpty())
                .as("window rows (key count sum) missing: %s; written but not expected (or too often): %s", missing, extra)
                .isTrue();
    }

    /** The rows of {@code a} not in {@code b}, as often as {@code a} has them more than {@code b}. */
    private static Map<String, Long> surplus(Map<String, Long> a, Map<String, Long> b) {
        Map<String, Long> more = new TreeMap<>();
        a.forEach((row, count) -> {
            long diff = count - b.getOrDefault(row, 0L);
            if (diff > 0) {
                more.put(row, diff);
            }
        });
        return more;
    }

    /**
     * The script: ids 1..{@link #ROWS} from a datagen sequence at 2,500 rows a second (on one
     * split: the subtasks a rescale adds to the source have none), each at event time
     * {@code id * 10} ms, counted and summed per key {@code id % 7} and one-second tumbling window
     * into JSON files, with checkpoints every 500 ms.
     */
    private Path windowScript(Path out) throws Exception {
        return Files.writeString(dir.resolve("windows.sql"), String.join("\n",
                "SET 'execution.checkpointing.interval' = '500 ms';",
                "SET 'restart-strategy.type' = 'fixed-delay';",
                "SET 'restart-strategy.fixed-delay.attempts' = '20';",
                "SET 'restart-strategy.fixed-delay.delay' = '200 ms';",
                "SET 'state.checkpoints.dir' = 'file://" + dir.resolve("checkpoints") + "';",
                "CREATE TABLE events (id BIGINT, k AS id % " + KEYS + ", ts AS TO_TIMESTAMP_LTZ(id * 10, 3),",
                "  WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'rows-per-second' = '2500',",
                "  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + ROWS + "');",
                "CREATE TABLE counts (k BIGINT, c BIGINT, s BIGINT) WITH ('connector' = 'filesystem',",
                "  'path' = 'file://" + out + "', 'format' = 'json');",
                "INSERT INTO counts SELECT k, COUNT(*), SUM(id)",
                "  FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' SECOND))",
                "  GROUP BY k, window_start, window_end;", ""));
    }

    /**
     * Waits until {@code job} runs at {@code parallelism}, every subtask deployed, and has a
     * checkpoint at it. A source subtask without a split (the datagen sequence has one) is
     * finished, as in Flink.
     */
    private static void awaitRunningAt(RemoteClusterClient cluster, JobInfo job, int parallelism) {
        long[] checkpointsBefore = {-1};
        await().atMost(RUN).until(() -> {
            JobInfo now = cluster.getJob(job.id());
            assertThat(now.status()).as("the job of %d rows ended before it ran at %d", ROWS, parallelism)
                    .isIn(JobStatus.CREATED, JobStatus.RUNNING, JobStatus.RESTARTING);
            boolean running = now.status() == JobStatus.RUNNING && now.scaling().parallelism() == parallelism
                    && !now.scaling().rescaling() && now.vertices().stream().allMatch(v -> v.subtaskStates()
                    .getOrDefault("RUNNING", 0) + v.subtaskStates().getOrDefault("FINISHED", 0) == v.parallelism());
            if (!running) {
                checkpointsBefore[0] = -1;
                return false;
            }
            if (checkpointsBefore[0] < 0) {
                checkpointsBefore[0] = now.checkpoints().completed();
            }
            return now.checkpoints().completed() > checkpointsBefore[0];
        });
    }

    /** Per window row: "key count sum", counted. */
    private Map<String, Long> windowCounts(Path out) throws Exception {
        return new TreeMap<>(ClusterProcesses.committedRows(out, row -> row.get("k").asLong() + " "
                + row.get("c").asLong() + " " + row.get("s").asLong())
                .stream().collect(Collectors.groupingBy(r -> r, Collectors.counting())));
    }

    /** What the windows of ids 1..ROWS hold: window {@code id / 100} (one second of {@code id * 10} ms). */
    private static Map<String, Long> expectedWindowCounts() {
        Map<List<Long>, long[]> windows = new TreeMap<>((a, b) -> a.get(0).equals(b.get(0))
                ? Long.compare(a.get(1), b.get(1)) : Long.compare(a.get(0), b.get(0)));
        LongStream.rangeClosed(1, ROWS).forEach(id -> {
            long[] countAndSum = windows.computeIfAbsent(List.of(id % KEYS, id / 100), w -> new long[2]);
            countAndSum[0]++;
            countAndSum[1] += id;
        });
        return new TreeMap<>(windows.entrySet().stream().collect(Collectors.groupingBy(
                e -> e.getKey().get(0) + " " + e.getValue()[0] + " " + e.getValue()[1], Collectors.counting())));
    }
}
