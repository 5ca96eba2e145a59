package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Kafka-to-Kafka copy with an exactly-once sink, rescaled through savepoints while records
 * keep arriving: parallelism 1, then 3 (an intermediate savepoint, more records read after it,
 * then cancelled), then 2, then 1 again, as the rescaling scheduler will do it. The readers'
 * partitions move with their offsets and the enumerator hands none out twice, and the sink's
 * restored subtasks commit the savepoint's transactions of subtasks that no longer exist and
 * abort what the cancelled attempt left, so that a {@code read_committed} consumer sees every
 * record exactly once.
 */
class KafkaRescaleEndToEndTest {
    @RegisterExtension
    static final KafkaTestBroker KAFKA = new KafkaTestBroker();
    private static final int PARTITIONS = 6;
    private static final int PER_PARTITION = 50;

    /** Four slots: the cluster of the other end-to-end tests has two, too few for parallelism 3. */
    private static EmbeddedCluster cluster;

    @TempDir
    Path dir;

    private long sent;

    @BeforeAll
    static void startCluster() {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "4")));
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    private static String kafka(String topic, String... more) {
        StringBuilder with = new StringBuilder("'connector' = 'kafka', 'topic' = '" + topic
                + "', 'properties.bootstrap.servers' = '" + KAFKA.bootstrapServers() + "', 'format' = 'json'");
        for (int i = 0; i < more.length; i += 2) {
            with.append(", '").append(more[i]).append("' = '").append(more[i + 1]).append('\'');
        }
        return " WITH (" + with + ")";
    }

    /** Sends the next {@code PARTITIONS * PER_PARTITION} ids, spread over the input's partitions. */
    private void sendMore() {
        for (int partition = 0; partition < PARTITIONS; partition++) {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < PER_PARTITION; i++) {
                values.add("{\"id\":" + (sent + (long) i * PARTITIONS + partition) + "}");
            }
            KAFKA.send("events", partition, values);
        }
        sent += (long) PARTITIONS * PER_PARTITION;
    }

    /** The ids a read_committed consumer sees in the output now (up to the first open transaction), with repeats. */
    private static List<Long> committed() {
        return ids(KAFKA.readAll("events-copy", true));
    }

    private static List<Long> ids(List<ConsumerRecord<String, String>> records) {
        return records.stream().map(r -> Long.parseLong(r.value().replaceAll("[^0-9]", ""))).toList();
    }

    private Session session(int parallelism, String checkpointInterval, String savepoint) {
        Map<String, String> config = new java.util.HashMap<>(Map.of("parallelism.default", String.valueOf(parallelism),
                "execution.checkpointing.interval", checkpointInterval,
                "state.checkpoints.dir", "file:" + dir.resolve("checkpoints"),
                "state.savepoints.dir", "file:" + dir.resolve("savepoints")));
        if (savepoint != null) {
            config.put("execution.savepoint.path", savepoint);
        }
        Session session = new Session(cluster, new Configuration(config));
        session.execute("CREATE TABLE events (id BIGINT)" + kafka("events", "scan.startup.mode", "earliest-offset"));
        session.execute("CREATE TABLE events_copy (id BIGINT)" + kafka("events-copy",
                "sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", "rescale"));
        return session;
    }

    private static JobId copy(Session session) {
        JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO events_copy SELECT id FROM events"))
                .jobId();
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).vertices().stream()
                .allMatch(v -> v.subtaskStates().getOrDefault("RUNNING", 0) == v.parallelism()));
        return id;
    }

    private static String stopWithSavepoint(Session session, JobId id) throws Exception {
        StatementResult.Table stopped = (StatementResult.Table) session.execute(
                "STOP JOB '" + id.value() + "' WITH SAVEPOINT");
        assertThat(cluster.jobTermination(id).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.FINISHED);
        return (String) stopped.rows().get(0).getField(0);
    }

    private static void awaitCommittedAtLeast(long count) {
        await().atMost(Duration.ofSeconds(60)).until(() -> committed().size() >= count);
    }

    @Test
    void aCopyRescaledFromOneToThreeToTwoToOneWritesEveryRecordOnce() throws Exception {
        KAFKA.createTopic("events", PARTITIONS);
        KAFKA.createTopic("events-copy", 3);
        sendMore();

        String savepoint1;
        try (Session session = session(1, "200ms", null)) {
            JobId id = copy(session);
            awaitCommittedAtLeast(1);
            sendMore(); // the stop comes while these are read
            savepoint1 = stopWithSavepoint(session, id);
        }
        int afterFirst = committed().size();
        sendMore();

        String savepoint2;
        try (Session session = session(3, "1h", savepoint1)) {
            JobId id = copy(session);
            assertThat(cluster.getJob(id).vertices().get(0).parallelism()).isEqualTo(3);
            sendMore();
            Thread.sleep(300);
            // not committed when taken (an intermediate savepoint notifies no one, as in Flink)
            savepoint2 = cluster.triggerSavepoint(id, dir.resolve("savepoints").toString()).join();
            sendMore(); // read into transactions that the cancellation leaves behind
            Thread.sleep(300);
            session.execute("STOP JOB '" + id.value() + "'");
            assertThat(cluster.jobTermination(id).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.CANCELED);
        }
        assertThat(committed()).as("nothing of the cancelled attempt is visible").hasSize(afterFirst);

        String savepoint3;
        try (Session session = session(2, "200ms", savepoint2)) {
            JobId id = copy(session);
            awaitCommittedAtLeast(afterFirst + 1);
            sendMore();
            savepoint3 = stopWithSavepoint(session, id);
        }
        sendMore();

        try (Session session = session(1, "200ms", savepoint3)) {
            JobId id = copy(session);
            awaitCommittedAtLeast(sent);
            session.execute("STOP JOB '" + id.value() + "'");
            cluster.jobTermination(id).get(60, TimeUnit.SECONDS);
        }
        assertThat(ids(KAFKA.readCommittedWhenSettled("events-copy"))).hasSize((int) sent)
                .containsExactlyInAnyOrderElementsOf(LongStream.range(0, sent).boxed().toList());
    }
}
