package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.testing.KafkaBrokerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16's broker fault tests, embedded: the broker runs in a JVM of its own
 * ({@link KafkaBrokerProcess}) and is killed with {@code kill -9} while a job copies one topic
 * into another exactly once. Restarted on its port, it holds every result exactly once for a
 * {@code read_committed} consumer; left down longer than the clients' timeouts, the job fails
 * with an error that names the bootstrap servers.
 */
class KafkaBrokerFailureTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();
    private static final Duration RUN = Duration.ofSeconds(120);

    @TempDir
    Path dir;
    private KafkaBrokerProcess broker;

    @AfterEach
    void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    private String kafka(String topic, String... more) {
        StringBuilder with = new StringBuilder("'connector' = 'kafka', 'topic' = '" + topic + "',"
                + " 'properties.bootstrap.servers' = '" + broker.bootstrapServers() + "', 'format' = 'json'");
        for (int i = 0; i < more.length; i += 2) {
            with.append(", '").append(more[i]).append("' = '").append(more[i + 1]).append('\'');
        }
        return " WITH (" + with + ")";
    }

    private Session session(String... settings) {
        Map<String, String> config = new HashMap<>(Map.of("parallelism.default", "2",
                "execution.checkpointing.interval", "500ms", "restart-strategy.type", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", "10", "restart-strategy.fixed-delay.delay", "500ms",
                "state.checkpoints.dir", "file:" + dir.resolve("checkpoints")));
        for (int i = 0; i < settings.length; i += 2) {
            config.put(settings[i], settings[i + 1]);
        }
        return new Session(CLUSTER.cluster(), new Configuration(config));
    }

    /**
     * The test writes the input while the job runs (the last records only after the broker is
     * back, so the job cannot end before the kill), and the job reads it up to fixed offsets:
     * whether it rides the outage out or fails and restores its checkpoint, the output holds
     * every input record once.
     */
    @Test
    void anExactlyOnceCopyWritesEveryRecordOnceThroughABrokerKilledAndRestarted() throws Exception {
        broker = KafkaBrokerProcess.start(dir.resolve("broker"));
        int perPartition = 4000;
        broker.createTopic("names", 2);
        broker.createTopic("copied", 2);
        CountDownLatch restarted = new CountDownLatch(1);
        AtomicReference<Throwable> producerFailure = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            // idempotent (Kafka's default), so the retries through the outage write each record once
            try (KafkaProducer<String, String> p = broker.producer()) {
                for (int id = 0; id < 2 * perPartition; id++) {
                    p.send(new ProducerRecord<>("names", id % 2, null, "{\"id\": " + id + ", \"name\": \"n" + id + "\"}"));
                    if (id % 100 == 99) {
                        p.flush();
                        if (id >= 2 * perPartition - 200) {
                            restarted.await();
                        } else {
                            Thread.sleep(50); // about 2,000 records a second: the job runs for a few seconds
                        }
                    }
                }
            } catch (Throwable e) {
                producerFailure.set(e);
            }
        }, "names-producer");
        EmbeddedCluster cluster = CLUSTER.cluster();
        JobInfo end;
        try (Session session = session()) {
            session.execute("CREATE TABLE names (id BIGINT, name STRING)" + kafka("names", "scan.startup.mode",
                    "earliest-offset", "scan.bounded.mode", "specific-offsets", "scan.bounded.specific-offsets",
                    "partition:0,offset:" + perPartition + ";partition:1,offset:" + perPartition));
            session.execute("CREATE TABLE copied (id BIGINT, name STRING)" + kafka("copied",
                    "sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", "copied"));
            JobId id = ((StatementResult.JobSubmitted) session.execute(
                    "INSERT INTO copied SELECT id, UPPER(name) FROM names")).jobId();
            producer.start();
            // what a user would see: checkpoints complete and committed output appears
            await().atMost(RUN).until(() -> cluster.getJob(id), job -> job.checkpoints().completed() >= 2);
            await().atMost(RUN).until(() -> !broker.readAll("copied", true).isEmpty());

            broker.kill();
            broker.restart();
            restarted.countDown();

            end = cluster.jobTermination(id).get(RUN.toSeconds(), TimeUnit.SECONDS);
            assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);
        } finally {
            restarted.countDown();
            producer.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertThat(producerFailure.get()).isNull();
        List<String> expected = IntStream.range(0, 2 * perPartition)
                .mapToObj(i -> "{\"id\":" + i + ",\"name\":\"N" + i + "\"}").toList();
        assertThat(broker.readCommittedWhenSettled("copied").stream().map(ConsumerRecord::value).toList())
                .as("read_committed after %d restart(s) of the job", end.checkpoints().restarts())
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    /**
     * The producer's timeouts are set short ({@code properties.max.block.ms},
     * {@code properties.delivery.timeout.ms}): with the broker gone, the sink cannot deliver or
     * begin a transaction, every restart fails the same way, and the job's error says where it
     * tried.
     */
    @Test
    void aBrokerDownLongerThanTheTimeoutsFailsTheJobNamingTheBootstrapServers() throws Exception {
        broker = KafkaBrokerProcess.start(dir.resolve("broker"));
        broker.createTopic("ticks", 1);
        EmbeddedCluster cluster = CLUSTER.cluster();
        try (Session session = session("restart-strategy.fixed-delay.attempts", "2",
                "restart-strategy.fixed-delay.delay", "200ms")) {
            session.execute("CREATE TABLE gen (n BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '200')");
            session.execute("CREATE TABLE ticks (n BIGINT)" + kafka("ticks", "sink.delivery-guarantee", "exactly-once",
                    "sink.transactional-id-prefix", "ticks", "properties.max.block.ms", "2000",
                    "properties.request.timeout.ms", "1000", "properties.delivery.timeout.ms", "3000",
                    "properties.default.api.timeout.ms", "2000"));
            JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO ticks SELECT n FROM gen")).jobId();
            await().atMost(RUN).until(() -> !broker.readAll("ticks", true).isEmpty());

            broker.kill();

            JobInfo end = cluster.jobTermination(id).get(RUN.toSeconds(), TimeUnit.SECONDS);
            assertThat(end.status()).isEqualTo(JobStatus.FAILED);
            assertThat(end.checkpoints().restarts()).isEqualTo(2);
            assertThat(end.failureCause()).contains("at bootstrap servers '" + broker.bootstrapServers() + "'");
        }
    }
}
