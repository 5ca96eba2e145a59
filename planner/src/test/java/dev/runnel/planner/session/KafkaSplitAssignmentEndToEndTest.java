package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.testing.KafkaTestBroker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The splits of a {@code kafka} source come from its enumerator in the JobManager: partitions and
 * topics added while a job runs are found and read from their first record, and a job resumed
 * from a savepoint at another parallelism writes every record once into an exactly-once sink
 * (the readers' splits move with their state, the enumerator hands out nothing twice, and the
 * sink's transactions go to the new subtasks).
 */
class KafkaSplitAssignmentEndToEndTest {
    @RegisterExtension
    static final KafkaTestBroker KAFKA = new KafkaTestBroker();
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private static String kafka(String what, String... more) {
        StringBuilder with = new StringBuilder("'connector' = 'kafka', " + what + ", 'properties.bootstrap.servers' = '"
                + KAFKA.bootstrapServers() + "', 'format' = 'json'");
        for (int i = 0; i < more.length; i += 2) {
            with.append(", '").append(more[i]).append("' = '").append(more[i + 1]).append('\'');
        }
        return " WITH (" + with + ")";
    }

    private static List<String> json(LongStream ids) {
        return ids.mapToObj(id -> "{\"id\":" + id + "}").toList();
    }

    /** The ids the job wrote to {@code topic}, in the order read. */
    private static List<Long> written(String topic) {
        return written(topic, false);
    }

    /** The ids in {@code topic}, as a {@code read_committed} consumer (when {@code committed}) reads them. */
    private static List<Long> written(String topic, boolean committed) {
        List<Long> ids = new ArrayList<>();
        for (ConsumerRecord<String, String> r : KAFKA.readAll(topic, committed)) {
            ids.add(Long.parseLong(r.value().replaceAll("[^0-9]", "")));
        }
        return ids;
    }

    private static boolean allRunning(JobId id) {
        return CLUSTER.cluster().getJob(id).vertices().stream()
                .allMatch(v -> v.subtaskStates().getOrDefault("RUNNING", 0) == v.parallelism());
    }

    @Test
    void partitionsAndTopicsAddedWhileTheJobRunsAreReadFromTheirFirstRecord() throws Exception {
        KAFKA.createTopic("growing", 1);
        KAFKA.createTopic("seen", 1);
        KAFKA.send("growing", 0, json(LongStream.range(1000, 1005))); // before the job: 'latest-offset' skips them
        EmbeddedCluster cluster = CLUSTER.cluster();
        List<Long> probes = new ArrayList<>();
        List<Long> expected = new ArrayList<>();
        LongStream.range(1, 21).forEach(expected::add);
        LongStream.range(100, 105).forEach(expected::add);
        LongStream.range(200, 205).forEach(expected::add);
        try (Session session = CLUSTER.session(2, "hashmap")) {
            session.execute("CREATE TABLE growing (id BIGINT)" + kafka("'topic-pattern' = 'growing.*'",
                    "scan.startup.mode", "latest-offset", "scan.topic-partition-discovery.interval", "1s"));
            session.execute("CREATE TABLE seen (id BIGINT)" + kafka("'topic' = 'seen'"));
            JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO seen SELECT id FROM growing"))
                    .jobId();

            // probes until one comes out: the first listing placed partition 0 at its end by then
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                long probe = 2000 + probes.size();
                probes.add(probe);
                KAFKA.send("growing", 0, json(LongStream.of(probe)));
                return !written("seen").isEmpty();
            });

            // records in partitions and a topic that did not exist when the job started
            KAFKA.addPartitions("growing", 3);
            KAFKA.send("growing", 1, json(LongStream.range(1, 11)));
            KAFKA.send("growing", 2, json(LongStream.range(11, 21)));
            KAFKA.createTopic("growing-more", 1);
            KAFKA.send("growing-more", 0, json(LongStream.range(100, 105)));
            KAFKA.send("growing", 0, json(LongStream.range(200, 205)));

            await().atMost(Duration.ofSeconds(60)).until(() -> written("seen").containsAll(expected));
            session.execute("STOP JOB '" + id.value() + "'");
            assertThat(cluster.jobTermination(id).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.CANCELED);
        }
        List<Long> seen = written("seen");
        assertThat(seen).as("every record once").doesNotHaveDuplicates()
                .as("nothing from before the job started").noneMatch(id -> id >= 1000 && id < 1005);
        assertThat(seen.stream().filter(id -> id < 2000).toList()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(seen.stream().filter(id -> id >= 2000).toList()).isSubsetOf(probes);
    }

    @Test
    void aJobResumedFromASavepointAtAHigherParallelismReadsEveryRecordOnce() throws Exception {
        KAFKA.createTopic("numbers", 3);
        KAFKA.createTopic("copied", 1);
        for (int partition = 0; partition < 3; partition++) {
            int p = partition;
            KAFKA.send("numbers", partition, json(LongStream.range(0, 300).filter(i -> i % 3 == p)));
        }
        EmbeddedCluster cluster = CLUSTER.cluster();
        String create = "CREATE TABLE numbers (id BIGINT)" + kafka("'topic' = 'numbers'",
                "scan.startup.mode", "earliest-offset");
        // exactly-once: the transactions of the savepoint are committed by the resumed job, whose
        // subtasks (more of them) take over those of the old ones
        String createSink = "CREATE TABLE copied (id BIGINT)" + kafka("'topic' = 'copied'",
                "sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", "copy");
        String insert = "INSERT INTO copied SELECT id FROM numbers";
        String savepoint;
        try (Session session = session(1)) {
            session.execute(create);
            session.execute(createSink);
            JobId id = ((StatementResult.JobSubmitted) session.execute(insert)).jobId();
            await().atMost(Duration.ofSeconds(60)).until(() -> allRunning(id) && written("copied", true).size() == 300);
            StatementResult.Table stopped = (StatementResult.Table) session.execute(
                    "STOP JOB '" + id.value() + "' WITH SAVEPOINT");
            savepoint = (String) stopped.rows().get(0).getField(0);
            assertThat(cluster.jobTermination(id).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.FINISHED);
        }
        for (int partition = 0; partition < 3; partition++) {
            int p = partition;
            KAFKA.send("numbers", partition, json(LongStream.range(300, 600).filter(i -> i % 3 == p)));
        }
        try (Session session = session(2)) {
            session.execute(create);
            session.execute(createSink);
            session.execute("SET 'execution.savepoint.path' = '" + savepoint + "'");
            JobId id = ((StatementResult.JobSubmitted) session.execute(insert)).jobId();
            // the timeout message shows the job's last state
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id),
                    job -> job.status() == JobStatus.RUNNING && written("copied", true).size() >= 600);
            assertThat(cluster.getJob(id).vertices().get(0).parallelism()).isEqualTo(2);
            session.execute("STOP JOB '" + id.value() + "'");
            cluster.jobTermination(id).get(60, TimeUnit.SECONDS);
        }
        assertThat(written("copied", true)).containsExactlyInAnyOrderElementsOf(
                IntStream.range(0, 600).mapToObj(i -> (long) i).toList());
    }

    private Session session(int parallelism) {
        return new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", String.valueOf(parallelism),
                "execution.checkpointing.interval", "300ms",
                "state.checkpoints.dir", "file:" + dir.resolve("checkpoints"),
                "state.savepoints.dir", "file:" + dir.resolve("savepoints"))));
    }
}
