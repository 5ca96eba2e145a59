package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import dev.runnel.runtime.testing.KafkaBrokerProcess;
import dev.runnel.runtime.testing.ShoutJar;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * TaskManagers and JobManagers that die: every one a JVM of its own, killed with {@code kill -9}
 * by its own process id, beside a Kafka broker in a JVM of its own where a test needs one
 * ({@link KafkaBrokerProcess}). Every process a test starts is stopped when it ends.
 */
class TaskManagerFailoverIT {
    private static final Duration RUN = Duration.ofSeconds(180);

    @TempDir
    Path dir;
    @RegisterExtension
    final OutputOnFailure output = new OutputOnFailure(() -> dir);
    private ClusterProcesses processes;
    /** The Kafka broker of a test that has one, else null. */
    private KafkaBrokerProcess kafka;

    @BeforeEach
    void processes() {
        processes = new ClusterProcesses(dir);
    }

    @AfterEach
    void stopAll() {
        processes.close();
    }

    private RunnelProcess start(String... args) {
        return processes.start(args);
    }

    private String startJobManager(int rpcPort) {
        return processes.startJobManager(rpcPort);
    }

    private RunnelProcess startTaskManager(String jobManager) {
        return processes.startTaskManager(jobManager);
    }

    private static RemoteClusterClient client(String address) {
        return ClusterProcesses.client(address);
    }

    @Test
    void aJobWhoseTaskManagerIsKilledFiveTimesWritesEveryRowExactlyOnce() throws Exception {
        long rows = 6000;
        String jobManager = startJobManager(0);
        startTaskManager(jobManager);
        startTaskManager(jobManager);
        Path out = dir.resolve("out");
        Path script = copyScript(out, rows, 250, "1s");
        RunnelProcess client = start("--jobmanager", jobManager, "-f", script.toString());
        try (RemoteClusterClient cluster = client(jobManager)) {
            JobInfo job = await().atMost(RUN).until(() -> cluster.listJobs().stream().findFirst().orElse(null),
                    j -> j != null);
            killHolders(cluster, job, jobManager, 5);
            assertThat(client.waitFor(RUN)).as(client.err()).isZero();
            JobInfo end = cluster.getJob(job.id());
            assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
            assertThat(end.restarts()).isEqualTo(5);
            assertThat(end.lastFailure().orElseThrow().message()).contains("was lost: its connection broke");
        }
        assertThat(committedIds(out)).isEqualTo(LongStream.rangeClosed(1, rows).boxed().toList());
    }

    /**
     * Issue 16's cluster fault test: a job copies a Kafka topic into another exactly once while
     * the TaskManager process that runs it is killed five times. The test writes the input as the
     * job runs (holding its last records back until the kills are done, so that the job cannot
     * end first); the job reads it up to fixed offsets. A {@code read_committed} consumer then
     * finds every record once: the restored attempts committed what their checkpoint covered and
     * aborted what the killed ones left open.
     */
    @Test
    void aKafkaCopyWhoseTaskManagerIsKilledFiveTimesWritesEveryRecordOnceForReadCommitted() throws Exception {
        int perPartition = 4000;
        int kills = 5;
        kafka = processes.kafka();
        kafka.createTopic("events", 2);
        kafka.createTopic("copied", 2);
        CountDownLatch killed = new CountDownLatch(1);
        AtomicReference<Throwable> producerFailure = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            try (KafkaProducer<String, String> p = kafka.producer()) {
                for (int id = 0; id < 2 * perPartition; id++) {
                    p.send(new ProducerRecord<>("events", id % 2, null, "{\"id\": " + id + "}"));
                    if (id % 20 == 19) {
                        p.flush();
                        if (id >= 2 * perPartition - 100) {
                            killed.await();
                        } else {
                            Thread.sleep(100); // about 200 records a second: input arrives through the kills
                        }
                    }
                }
            } catch (Throwable e) {
                producerFailure.set(e);
            }
        }, "events-producer");
        String jobManager = startJobManager(0);
        startTaskManager(jobManager);
        startTaskManager(jobManager);
        String servers = kafka.bootstrapServers();
        Path script = Files.writeString(dir.resolve("kafka-copy.sql"), String.join("\n",
                "SET 'execution.checkpointing.interval' = '1s';",
                "SET 'restart-strategy.type' = 'fixed-delay';",
                "SET 'restart-strategy.fixed-delay.attempts' = '20';",
                "SET 'restart-strategy.fixed-delay.delay' = '200 ms';",
                "SET 'state.checkpoints.dir' = 'file://" + dir.resolve("checkpoints") + "';",
                "CREATE TABLE events (id BIGINT) WITH ('connector' = 'kafka', 'topic' = 'events',",
                "  'properties.bootstrap.servers' = '" + servers + "', 'format' = 'json',",
                "  'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'specific-offsets',",
                "  'scan.bounded.specific-offsets' = 'partition:0,offset:" + perPartition + ";partition:1,offset:"
                        + perPartition + "');",
                "CREATE TABLE copied (id BIGINT, doubled BIGINT) WITH ('connector' = 'kafka', 'topic' = 'copied',",
                "  'properties.bootstrap.servers' = '" + servers + "', 'format' = 'json',",
                "  'sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = 'copied');",
                "INSERT INTO copied SELECT id, 2 * id FROM events;", ""));
        RunnelProcess client = start("--jobmanager", jobManager, "-f", script.toString());
        try (RemoteClusterClient cluster = client(jobManager)) {
            JobInfo job = await().atMost(RUN).until(() -> cluster.listJobs().stream().findFirst().orElse(null),
                    j -> j != null);
            producer.start();
            killHolders(cluster, job, jobManager, kills);
            await().atMost(RUN).until(() -> cluster.getJob(job.id()).restarts() == kills);
            killed.countDown();
            assertThat(client.waitFor(RUN)).as(client.err()).isZero();
            JobInfo end = cluster.getJob(job.id());
            assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
            assertThat(end.restarts()).isEqualTo(kills);
        } finally {
            killed.countDown();
            producer.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertThat(producerFailure.get()).isNull();
        assertThat(kafka.readCommittedWhenSettled("copied").stream().map(ConsumerRecord::value).toList())
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 2 * perPartition)
                        .mapToObj(id -> "{\"id\":" + id + ",\"doubled\":" + 2 * id + "}").toList());
    }

    /**
     * A script whose job copies ids 1..{@code rows} ({@code rowsPerSecond}) into JSON files under
     * {@code out}, exactly once: checkpoints every {@code interval}, restarts on failure.
     */
    private Path copyScript(Path out, long rows, int rowsPerSecond, String interval) throws IOException {
        return script(out, rows, rowsPerSecond, interval, "", "id BIGINT", "id");
    }

    /**
     * A script that copies a datagen sequence {@code 1..rows} into a JSON filesystem sink at
     * {@code out} with checkpoints and fixed-delay restarts: after {@code prelude}, the sink has
     * {@code columns} and gets {@code SELECT <select> FROM events}.
     */
    private Path script(Path out, long rows, int rowsPerSecond, String interval, String prelude, String columns,
                        String select) throws IOException {
        return Files.writeString(dir.resolve("copy.sql"), String.join("\n",
                "SET 'execution.checkpointing.interval' = '" + interval + "';",
                "SET 'restart-strategy.type' = 'fixed-delay';",
                "SET 'restart-strategy.fixed-delay.attempts' = '20';",
                "SET 'restart-strategy.fixed-delay.delay' = '200 ms';",
                "SET 'state.checkpoints.dir' = 'file://" + dir.resolve("checkpoints") + "';",
                prelude,
                "CREATE TABLE events (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '"
                        + rowsPerSecond + "',",
                "  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + rows + "');",
                "CREATE TABLE copied (" + columns + ") WITH ('connector' = 'filesystem', 'path' = 'file://" + out + "',",
                "  'format' = 'json');",
                "INSERT INTO copied SELECT " + select + " FROM events;", ""));
    }

    /** A JobManager that starts one TaskManager process of one slot (and replaces it). */
    private ClusterProcesses.JobManagerProcess startJobManagerWithItsTaskManager() {
        return processes.startJobManagerProcess(0, "--taskmanagers", "1", "-D", "taskmanager.numberOfTaskSlots=1");
    }

    /** The cluster's one job, once it runs and completed a checkpoint. */
    private static JobInfo awaitCheckpointedJob(RemoteClusterClient cluster) {
        JobInfo job = await().atMost(RUN).until(() -> cluster.listJobs().stream().findFirst().orElse(null),
                j -> j != null);
        return await().atMost(RUN).until(() -> cluster.getJob(job.id()), j -> j.status() == JobStatus.RUNNING
                && j.checkpoints().completed() > 0);
    }

    /**
     * {@code kills} times: waits until {@code job} runs on every subtask and completed a checkpoint
     * since the last kill (so that it makes progress between kills), kills the TaskManager process
     * that holds its slot with {@code kill -9}, and starts another one to fail over to.
     */
    private void killHolders(RemoteClusterClient cluster, JobInfo job, String jobManager, int kills) {
        long completed = 0;
        for (int kill = 1; kill <= kills; kill++) {
            long before = completed;
            JobInfo running = await().atMost(RUN).until(() -> cluster.getJob(job.id()), j ->
                    j.status() == JobStatus.RUNNING && j.checkpoints().completed() > before
                            && j.vertices().stream().allMatch(v -> v.subtaskStates()
                            .getOrDefault("RUNNING", 0) == v.parallelism()));
            completed = running.checkpoints().completed();
            RunnelProcess victim = holder(cluster);
            victim.kill();
            startTaskManager(jobManager);
        }
    }

    /** The TaskManager process whose slot the job holds. */
    private RunnelProcess holder(RemoteClusterClient cluster) {
        List<TaskManagerInfo> busy = cluster.taskManagers().stream().filter(tm -> tm.freeSlots() == 0).toList();
        assertThat(busy).hasSize(1);
        return processes.processOf(busy.get(0));
    }

    private static List<Long> committedIds(Path out) throws IOException {
        List<Long> ids = new ArrayList<>(ClusterProcesses.committedRows(out, row -> row.get("id").asLong()));
        ids.sort(null);
        return ids;
    }

    @Test
    void whenTheJobManagerIsKilledTaskManagersCancelTheirTasksAndRegisterWithTheNextOne() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ClusterProcesses.JobManagerProcess jobManager = processes.startJobManagerProcess(port);
        String address = jobManager.address();
        RunnelProcess taskManager = startTaskManager(address);
        Path endless = Files.writeString(dir.resolve("endless.sql"), "CREATE TABLE ticks (n BIGINT) WITH"
                + " ('connector' = 'datagen', 'rows-per-second' = '50');\nCREATE TABLE sink (n BIGINT) WITH"
                + " ('connector' = 'blackhole');\nINSERT INTO sink SELECT n FROM ticks;\n");
        RunnelProcess client = start("--jobmanager", address, "-f", endless.toString());
        try (RemoteClusterClient cluster = client(address)) {
            await().atMost(RUN).until(() -> cluster.listJobs().stream().anyMatch(j -> j.status() == JobStatus.RUNNING));
        }

        jobManager.process().kill();

        taskManager.awaitOut("Lost the JobManager at " + address, RUN);
        assertThat(taskManager.out()).contains("cancelled the tasks of");
        assertThat(client.waitFor(RUN)).as("the script learns that its JobManager is gone").isNotZero();
        startJobManager(port);
        await().atMost(RUN).until(() -> taskManager.out().split(Pattern.quote(TaskManagerCommand.REGISTERED), -1)
                .length == 3);
        RunnelProcess query = start("--jobmanager", address, "-q", "--output-format", "csv", "-e",
                "SELECT COUNT(*) AS c FROM (VALUES (1), (2), (3)) AS t(x);");
        assertThat(query.waitFor(RUN)).as(query.err()).isZero();
        assertThat(query.out()).contains("3");
        assertThat(taskManager.isAlive()).isTrue();
    }

    @Test
    void aTaskManagerPointedAtNoJobManagerSaysSoAndKeepsTrying() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        RunnelProcess taskManager = start("taskmanager", "--jobmanager", "127.0.0.1:" + closed);

        await().atMost(RUN).until(() -> taskManager.out().split("Cannot register with the JobManager at 127.0.0.1:"
                + closed, -1).length > 3);
        assertThat(taskManager.out()).contains("Connection refused").contains("trying again in");
        assertThat(taskManager.isAlive()).isTrue();
    }

    /**
     * The replacement also proves the blob service: the job calls a USING JAR function whose file
     * is deleted before the kill, so the new TaskManager process can load it only from the
     * JobManager's blob store.
     */
    @Test
    void aJobManagerThatStartedItsTaskManagersReplacesOneThatIsKilledAndShipsItTheJobsJar() throws Exception {
        ClusterProcesses.JobManagerProcess jobManagerProcess = startJobManagerWithItsTaskManager();
        String jobManager = jobManagerProcess.address();
        Path jar = ShoutJar.create(dir);
        Path out = dir.resolve("out");
        Path script = script(out, 3000, 500, "500 ms", "CREATE FUNCTION shout AS 'jarred.Shout' USING JAR '" + jar + "';",
                "id BIGINT, w STRING", "id, shout('n' || CAST(id AS STRING))");
        RunnelProcess client = start("--jobmanager", jobManager, "-f", script.toString());
        try (RemoteClusterClient cluster = client(jobManager)) {
            JobInfo job = awaitCheckpointedJob(cluster);
            Files.delete(jar);
            String killed = cluster.taskManagers().get(0).location().path();
            ProcessHandle victim = ProcessHandle.of(Long.parseLong(killed.split(" ")[1])).orElseThrow();
            assertThat(victim.parent().map(ProcessHandle::pid)).as("a child of the JobManager")
                    .contains(jobManagerProcess.process().pid());
            victim.destroyForcibly();

            // the JobManager starts another TaskManager process by itself and the job goes on there
            await().atMost(RUN).until(() -> cluster.taskManagers().stream()
                    .anyMatch(tm -> !tm.location().path().equals(killed)));
            assertThat(client.waitFor(RUN)).as(client.err()).isZero();
            assertThat(cluster.getJob(job.id()).restarts()).isEqualTo(1);
        }
        assertThat(committedIds(out)).isEqualTo(LongStream.rangeClosed(1, 3000).boxed().toList());
        List<String> words = ClusterProcesses.committedRows(out, row -> row.get("w").asText());
        assertThat(words).hasSize(3000).contains("N1!", "N3000!").allMatch(w -> w.matches("N\\d+!"));
    }
}
