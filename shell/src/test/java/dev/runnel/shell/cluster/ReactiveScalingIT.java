package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import dev.runnel.runtime.testing.KafkaBrokerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19 across processes: a JobManager in reactive mode ({@code -D scheduler-mode=reactive})
 * runs a job on every slot its TaskManager processes offer. Each TaskManager that registers
 * makes the job take a checkpoint and go on at one more subtask per vertex, restored from it;
 * TaskManagers killed with {@code kill -9} make it go on at fewer. The job is a statement set of
 * a windowed aggregate (keyed state, timers and watermark), a regular join (both sides' keyed
 * state) and a Kafka-to-Kafka copy with an exactly-once sink (partitions reassigned by the
 * enumerator, transactions committed once), and each output is exactly that of a run without
 * any rescale.
 */
class ReactiveScalingIT {
    private static final Duration RUN = Duration.ofSeconds(180);
    private static final long ROWS = 50_000;
    private static final int KEYS = 7;
    private static final long JOINED = 20_000;
    private static final int PER_PARTITION = 2_000;

    @TempDir
    Path dir;
    @RegisterExtension
    final OutputOnFailure output = new OutputOnFailure(() -> dir);
    private ClusterProcesses processes;
    private KafkaBrokerProcess kafka;

    @AfterEach
    void stopAll() {
        if (processes != null) {
            processes.close();
        }
    }

    @Test
    void aReactiveJobGrowsWithEachTaskManagerAndShrinksWhenTwoAreKilledWritingEveryResultOnce() throws Exception {
        processes = new ClusterProcesses(dir);
        kafka = processes.kafka();
        kafka.createTopic("events", 3);
        kafka.createTopic("copied", 3);
        String jobManager = processes.startJobManager(0, "scheduler-mode=reactive",
                "jobmanager.adaptive-scheduler.resource-stabilization-timeout=1s");
        processes.startTaskManager(jobManager);
        Path out = dir.resolve("out");
        RunnelProcess client = processes.start("--jobmanager", jobManager, "-f", script(out).toString());
        CountDownLatch rescaled = new CountDownLatch(1);
        AtomicReference<Throwable> producerFailure = new AtomicReference<>();
        Thread producer = new Thread(() -> produce(rescaled, producerFailure), "events-producer");
        try (RemoteClusterClient cluster = ClusterProcesses.client(jobManager)) {
            JobInfo job = await().atMost(RUN).until(() -> {
                List<JobInfo> jobs = cluster.listJobs();
                assertThat(jobs.isEmpty() && !client.isAlive()).as("the script ended without a job: %s", client.err())
                        .isFalse();
                return jobs.stream().findFirst().orElse(null);
            }, j -> j != null);
            producer.start();
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
            rescaled.countDown();

            assertThat(client.waitFor(RUN)).as(client.err()).isZero();
            JobInfo end = cluster.getJob(job.id());
            assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
            assertThat(end.scaling().reactive()).isTrue();
            List<JobScaling.Rescale> rescales = end.scaling().rescales();
            assertThat(rescales.subList(0, 2)).extracting(JobScaling.Rescale::from, JobScaling.Rescale::to)
                    .containsExactly(tuple(1, 2), tuple(2, 3));
            assertThat(rescales.subList(0, 2)).allMatch(r -> r.reason().contains("joined") && r.checkpointId() > 0);
            assertThat(rescales.get(rescales.size() - 1).to()).isEqualTo(1);
        } finally {
            rescaled.countDown();
            producer.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertThat(producerFailure.get()).isNull();
        assertSameRows("window rows (key count sum)", windowCounts(out.resolve("windows")), expectedWindowCounts());
        assertSameRows("joined rows (id a b)", counted(ClusterProcesses.committedRows(out.resolve("joined"),
                row -> row.get("id").asLong() + " " + row.get("a").asLong() + " " + row.get("b").asLong())),
                counted(LongStream.rangeClosed(1, JOINED).mapToObj(id -> id + " " + 2 * id + " " + 3 * id).toList()));
        assertSameRows("copied records", counted(kafka.readCommittedWhenSettled("copied").stream()
                        .map(ConsumerRecord::value).toList()),
                counted(IntStream.range(0, 3 * PER_PARTITION).mapToObj(id -> "{\"id\":" + id + ",\"doubled\":"
                        + 2 * id + "}").toList()));
    }

    /**
     * Writes ids {@code 0 .. 3 * PER_PARTITION - 1} into the three partitions of {@code events}
     * at about 300 a second, holding the last ones back until {@code rescaled}, so that the
     * bounded Kafka source cannot end before the last rescale.
     */
    private void produce(CountDownLatch rescaled, AtomicReference<Throwable> failure) {
        int total = 3 * PER_PARTITION;
        try (KafkaProducer<String, String> p = kafka.producer()) {
            for (int id = 0; id < total; id++) {
                p.send(new ProducerRecord<>("events", id % 3, null, "{\"id\": " + id + "}"));
                if (id % 30 == 29) {
                    p.flush();
                    if (id >= total - 150) {
                        rescaled.await();
                    } else {
                        Thread.sleep(100);
                    }
                }
            }
        } catch (Throwable e) {
            failure.set(e);
        }
    }

    private static void assertSameRows(String what, Map<String, Long> actual, Map<String, Long> expected) {
        Map<String, Long> missing = surplus(expected, actual);
        Map<String, Long> extra = surplus(actual, expected);
        assertThat(missing.isEmpty() && extra.isEmpty())
                .as("%s missing: %s; written but not expected (or too often): %s", what, missing, extra)
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

    private static Map<String, Long> counted(List<String> rows) {
        return new TreeMap<>(rows.stream().collect(Collectors.groupingBy(r -> r, Collectors.counting())));
    }

    /**
     * The script: one statement set, checkpoints every 500 ms. Ids 1..{@link #ROWS} from a datagen
     * sequence at 2,500 rows a second (on one split: the subtasks a rescale adds to the source
     * have none), each at event time {@code id * 10} ms, counted and summed per key
     * {@code id % 7} and one-second tumbling window; ids 1..{@link #JOINED} of two sequences
     * joined on the id; and the Kafka topic {@code events} read up to {@link #PER_PARTITION}
     * records per partition and copied exactly once into {@code copied}.
     */
    private Path script(Path out) throws Exception {
        String servers = kafka.bootstrapServers();
        String offsets = IntStream.range(0, 3).mapToObj(p -> "partition:" + p + ",offset:" + PER_PARTITION)
                .collect(Collectors.joining(";"));
        return Files.writeString(dir.resolve("reactive.sql"), String.join("\n",
                "SET 'execution.checkpointing.interval' = '500 ms';",
                "SET 'restart-strategy.type' = 'fixed-delay';",
                "SET 'restart-strategy.fixed-delay.attempts' = '20';",
                "SET 'restart-strategy.fixed-delay.delay' = '200 ms';",
                "SET 'state.checkpoints.dir' = 'file://" + dir.resolve("checkpoints") + "';",
                "CREATE TABLE events (id BIGINT, k AS id % " + KEYS + ", ts AS TO_TIMESTAMP_LTZ(id * 10, 3),",
                "  WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'rows-per-second' = '2500',",
                "  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + ROWS + "');",
                "CREATE TABLE windows (k BIGINT, c BIGINT, s BIGINT) WITH ('connector' = 'filesystem',",
                "  'path' = 'file://" + out.resolve("windows") + "', 'format' = 'json');",
                "CREATE TABLE lefts (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '1000',",
                "  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + JOINED + "');",
                "CREATE TABLE rights (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '1000',",
                "  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + JOINED + "');",
                "CREATE TABLE joined (id BIGINT, a BIGINT, b BIGINT) WITH ('connector' = 'filesystem',",
                "  'path' = 'file://" + out.resolve("joined") + "', 'format' = 'json');",
                "CREATE TABLE kevents (id BIGINT) WITH ('connector' = 'kafka', 'topic' = 'events',",
                "  'properties.bootstrap.servers' = '" + servers + "', 'format' = 'json',",
                "  'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'specific-offsets',",
                "  'scan.bounded.specific-offsets' = '" + offsets + "');",
                "CREATE TABLE copied (id BIGINT, doubled BIGINT) WITH ('connector' = 'kafka', 'topic' = 'copied',",
                "  'properties.bootstrap.servers' = '" + servers + "', 'format' = 'json',",
                "  'sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = 'reactive');",
                "EXECUTE STATEMENT SET BEGIN",
                "INSERT INTO windows SELECT k, COUNT(*), SUM(id)",
                "  FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' SECOND))",
                "  GROUP BY k, window_start, window_end;",
                "INSERT INTO joined SELECT l.id, 2 * l.id, 3 * r.id FROM lefts AS l JOIN rights AS r ON l.id = r.id;",
                "INSERT INTO copied SELECT id, 2 * id FROM kevents;",
                "END;", ""));
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
            assertThat(now.status()).as("the job ended before it ran at %d", parallelism)
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
        return counted(ClusterProcesses.committedRows(out, row -> row.get("k").asLong() + " "
                + row.get("c").asLong() + " " + row.get("s").asLong()));
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
