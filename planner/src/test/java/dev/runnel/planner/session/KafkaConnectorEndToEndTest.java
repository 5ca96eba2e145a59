package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.EndToEndSupport.materialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.testing.KafkaTestBroker;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code kafka} connector through SQL against a real broker (a KRaft node in this JVM): topics
 * in JSON and CSV read up to their end, aggregated and written to another topic; offsets that a
 * checkpointed job restores after failures so that an exactly-once sink behind it sees every
 * record once; an exactly-once Kafka sink through twenty failures; malformed records and bad
 * options that say what and where.
 */
class KafkaConnectorEndToEndTest {
    @RegisterExtension
    static final KafkaTestBroker KAFKA = new KafkaTestBroker();
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private static String kafka(String topic, String format, String... more) {
        StringBuilder with = new StringBuilder("'connector' = 'kafka', 'topic' = '" + topic + "',"
                + " 'properties.bootstrap.servers' = '" + KAFKA.bootstrapServers() + "', 'format' = '" + format + "'");
        for (int i = 0; i < more.length; i += 2) {
            with.append(", '").append(more[i]).append("' = '").append(more[i + 1]).append('\'');
        }
        return " WITH (" + with + ")";
    }

    private static final DateTimeFormatter WINDOW_START = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);

    private static final String[] READ_TO_END = {"scan.startup.mode", "earliest-offset", "scan.bounded.mode",
            "latest-offset"};

    @Test
    void aScriptReadsJsonAndCsvTopicsToTheirEndAggregatesAndWritesAnotherTopic() throws Exception {
        KAFKA.createTopic("orders", 3);
        KAFKA.createTopic("refunds", 1);
        KAFKA.createTopic("big-orders", 2);
        List<String> products = List.of("apple", "pear", "plum");
        for (int partition = 0; partition < 3; partition++) {
            List<String> values = new ArrayList<>();
            for (int i = partition; i < 300; i += 3) {
                values.add("{\"id\": " + i + ", \"product\": \"" + products.get(i % 3) + "\", \"amount\": " + (i % 50)
                        + "}");
            }
            KAFKA.send("orders", partition, values);
        }
        KAFKA.send("refunds", 0, List.of("7,apple", "8,pear", "9,apple"));
        try (Session session = CLUSTER.session(2, "rocksdb")) {
            session.execute("CREATE TABLE orders (id INT, product STRING, amount INT)" + kafka("orders", "json",
                    READ_TO_END));
            session.execute("CREATE TABLE refunds (id INT, product STRING)" + kafka("refunds", "csv", READ_TO_END));
            session.execute("CREATE TABLE big_orders (id INT, product STRING, amount INT)"
                    + kafka("big-orders", "json"));

            List<String> totals = materialize(fetchAll((QueryResult) session.execute(
                    "SELECT product, COUNT(*) AS n, SUM(amount) AS total FROM orders GROUP BY product")));
            Map<String, long[]> expected = new TreeMap<>();
            for (int i = 0; i < 300; i++) {
                long[] sums = expected.computeIfAbsent(products.get(i % 3), p -> new long[2]);
                sums[0]++;
                sums[1] += i % 50;
            }
            assertThat(totals).containsExactlyInAnyOrderElementsOf(expected.entrySet().stream()
                    .map(e -> "+I[" + e.getKey() + ", " + e.getValue()[0] + ", " + e.getValue()[1] + "]").toList());
            assertThat(materialize(fetchAll((QueryResult) session.execute(
                    "SELECT r.id, o.amount FROM refunds r JOIN orders o ON r.id = o.id"))))
                    .containsExactlyInAnyOrder("+I[7, 7]", "+I[8, 8]", "+I[9, 9]");

            JobId id = ((StatementResult.JobSubmitted) session.execute(
                    "INSERT INTO big_orders SELECT id, product, amount FROM orders WHERE amount >= 45")).jobId();
            JobInfo end = CLUSTER.cluster().jobTermination(id).get(60, TimeUnit.SECONDS);
            assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);
        }
        List<String> written = KAFKA.readAll("big-orders", false).stream().map(ConsumerRecord::value).toList();
        List<String> expectedRows = IntStream.range(0, 300).filter(i -> i % 50 >= 45)
                .mapToObj(i -> "{\"id\":" + i + ",\"product\":\"" + products.get(i % 3) + "\",\"amount\":" + (i % 50) + "}")
                .toList();
        assertThat(written).containsExactlyInAnyOrderElementsOf(expectedRows);
    }

    /**
     * An unbounded read that stops at given offsets: the test writes the records while the job
     * runs, a source and a sink subtask fail after checkpoints, and the exactly-once file sink
     * behind the aggregate still holds each key's count and sum over every record once. The
     * consumer group ends up with the offsets where the read stopped.
     */
    @Test
    void aCheckpointedJobRestoresItsOffsetsSoThatEveryRecordCountsOnce() throws Exception {
        int perPartition = 1500;
        KAFKA.createTopic("events", 2);
        Path out = dir.resolve("counts");
        EmbeddedCluster cluster = CLUSTER.cluster();
        CountDownLatch failed = new CountDownLatch(1);
        AtomicReference<Throwable> producerFailure = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            try (KafkaProducer<String, String> p = KAFKA.producer()) {
                for (int i = 0; i < perPartition; i++) {
                    for (int partition = 0; partition < 2; partition++) {
                        long id = 2L * i + partition + 1;
                        p.send(new ProducerRecord<>("events", partition, null, "{\"id\": " + id + "}"));
                    }
                    if (i % 50 == 49) {
                        p.flush();
                        Thread.sleep(40); // about 2,500 records a second: the job runs for a while
                    }
                    if (i == perPartition - 51) {
                        // the job cannot end before both failures, however slow the machine (see
                        // docs/checkpoints.md on failures after a subtask finished)
                        failed.await();
                    }
                }
            } catch (Throwable e) {
                producerFailure.set(e);
            }
        });
        try (Session session = new Session(cluster, new Configuration(Map.of("parallelism.default", "2",
                "execution.checkpointing.interval", "200ms", "restart-strategy.type", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", "10", "restart-strategy.fixed-delay.delay", "50ms",
                "state.checkpoints.dir", "file:" + dir.resolve("checkpoints"))))) {
            session.execute("CREATE TABLE events (id BIGINT)" + kafka("events", "json", "properties.group.id",
                    "counting", "scan.startup.mode", "earliest-offset", "scan.bounded.mode", "specific-offsets",
                    "scan.bounded.specific-offsets", "partition:0,offset:" + perPartition + ";partition:1,offset:"
                            + perPartition));
            session.execute("CREATE TABLE counts (k BIGINT, n BIGINT, total BIGINT, PRIMARY KEY (k) NOT ENFORCED)"
                    + " WITH ('connector' = 'filesystem', 'path' = 'file://" + out + "', 'format' = 'debezium-json')");
            String insert = "INSERT INTO counts SELECT id % 10, COUNT(*), SUM(id) FROM events GROUP BY id % 10";
            JobId id = ((StatementResult.JobSubmitted) session.execute(insert)).jobId();
            producer.start();
            List<String> vertices = EndToEndSupport.vertexNames(session, insert);
            String[] victims = {vertices.get(0), vertices.get(vertices.size() - 1)};
            for (int i = 0; i < victims.length; i++) {
                int restarts = i;
                // the timeout message shows the job's last state
                await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id),
                        job -> job.checkpoints().restarts() == restarts
                                && job.checkpoints().completed() > 2L * (restarts + 1));
                assertThat(cluster.failTask(id, victims[i], i, "injected failure " + i)).isTrue();
            }
            // the last failure reaches its task through the mailbox: the rest of the input waits until it did
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).checkpoints().restarts() == 2);
            failed.countDown();
            JobInfo end = cluster.jobTermination(id).get(120, TimeUnit.SECONDS);
            assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);
            assertThat(end.checkpoints().restarts()).isEqualTo(2);
            // the group hears where the bounded read stopped, as after Flink's final checkpoint
            assertThat(KAFKA.committedOffsets("counting")).hasSize(2).allSatisfy((tp, offset) ->
                    assertThat(offset.offset()).as("committed offset of %s", tp).isEqualTo(perPartition));
        } finally {
            failed.countDown();
            producer.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertThat(producerFailure.get()).isNull();
        Map<Long, List<Long>> expected = new TreeMap<>();
        for (long id = 1; id <= 2L * perPartition; id++) {
            List<Long> sums = expected.getOrDefault(id % 10, List.of(0L, 0L));
            expected.put(id % 10, List.of(sums.get(0) + 1, sums.get(1) + id));
        }
        assertThat(CheckpointEndToEndTest.finalChangelogRows(out)).isEqualTo(expected);
    }

    /**
     * Issue 16's fault test, embedded: while the test writes a topic, a job aggregates it by key
     * and tumbling window into an exactly-once Kafka sink with checkpoints every second, and 20
     * subtasks (sources, aggregates and sinks by turns) fail. A {@code read_committed} consumer
     * then finds every window's result exactly once: none missing, none doubled.
     */
    @Test
    void anExactlyOnceSinkWritesEveryResultOnceThroughTwentyFailures() throws Exception {
        int perPartition = 15_000;
        int failures = 20;
        KAFKA.createTopic("clicks", 2);
        KAFKA.createTopic("click-counts", 2);
        EmbeddedCluster cluster = CLUSTER.cluster();
        CountDownLatch failed = new CountDownLatch(1);
        AtomicReference<Throwable> producerFailure = new AtomicReference<>();
        long start = 1_704_067_200_000L; // 2024-01-01 00:00:00 UTC
        Thread producer = new Thread(() -> {
            try (KafkaProducer<String, String> p = KAFKA.producer()) {
                for (int i = 0; i < perPartition; i++) {
                    for (int partition = 0; partition < 2; partition++) {
                        long id = 2L * i + partition;
                        p.send(new ProducerRecord<>("clicks", partition, null, "{\"id\": " + id + ", \"ts\": \""
                                + Instant.ofEpochMilli(start + id * 10).toString().replace('T', ' ').replace("Z", "")
                                + "\"}"));
                    }
                    if (i % 20 == 19 && failed.getCount() > 0) {
                        p.flush();
                        // 400 records a second until the failures are done; the last ones wait for that,
                        // so that the job cannot finish before its twentieth failure on a slow machine
                        if (i >= perPartition - 100) {
                            failed.await();
                        } else {
                            Thread.sleep(100);
                        }
                    }
                }
            } catch (Throwable e) {
                producerFailure.set(e);
            }
        });
        try (Session session = new Session(cluster, new Configuration(Map.of("parallelism.default", "2",
                "execution.checkpointing.interval", "1s", "restart-strategy.type", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", String.valueOf(failures + 5),
                "restart-strategy.fixed-delay.delay", "50ms",
                "state.checkpoints.dir", "file:" + dir.resolve("checkpoints"))))) {
            session.execute("CREATE TABLE clicks (id BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1'"
                    + " SECOND)" + kafka("clicks", "json", "scan.startup.mode", "earliest-offset", "scan.bounded.mode",
                    "specific-offsets", "scan.bounded.specific-offsets", "partition:0,offset:" + perPartition
                            + ";partition:1,offset:" + perPartition));
            session.execute("CREATE TABLE click_counts (k BIGINT, window_start TIMESTAMP(3), n BIGINT, total BIGINT)"
                    + kafka("click-counts", "json", "sink.delivery-guarantee", "exactly-once",
                    "sink.transactional-id-prefix", "click-counts"));
            String insert = "INSERT INTO click_counts SELECT id % 7, window_start, COUNT(*), SUM(id)"
                    + " FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' SECOND))"
                    + " GROUP BY id % 7, window_start, window_end";
            JobId id = ((StatementResult.JobSubmitted) session.execute(insert)).jobId();
            producer.start();
            List<String> vertices = EndToEndSupport.vertexNames(session, insert);
            for (int i = 0; i < failures; i++) {
                int restarts = i;
                await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id),
                        job -> job.checkpoints().restarts() == restarts && job.checkpoints().completed() > restarts);
                long before = cluster.getJob(id).checkpoints().completed();
                // at least one checkpoint completes in each attempt, so that each restores a newer one
                await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id),
                        job -> job.checkpoints().completed() > before);
                assertThat(cluster.failTask(id, vertices.get(i % vertices.size()), i % 2, "injected failure " + i))
                        .isTrue();
            }
            // the last failure reaches its task through the mailbox: the rest of the input waits until it did
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).checkpoints().restarts() == failures);
            failed.countDown();
            JobInfo end = cluster.jobTermination(id).get(120, TimeUnit.SECONDS);
            assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);
            assertThat(end.checkpoints().restarts()).isEqualTo(failures);
        } finally {
            failed.countDown();
            producer.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertThat(producerFailure.get()).isNull();
        Map<String, long[]> expected = new TreeMap<>();
        for (long id = 0; id < 2L * perPartition; id++) {
            // TIMESTAMP(3) as the json format writes it, with its milliseconds
            String window = WINDOW_START.format(Instant.ofEpochMilli(start + id * 10 / 1000 * 1000));
            long[] sums = expected.computeIfAbsent("\"k\":" + id % 7 + ",\"window_start\":\"" + window, w -> new long[2]);
            sums[0]++;
            sums[1] += id;
        }
        List<String> expectedRows = expected.entrySet().stream().map(e -> "{" + e.getKey() + "\",\"n\":"
                + e.getValue()[0] + ",\"total\":" + e.getValue()[1] + "}").toList();
        assertThat(KAFKA.readCommittedWhenSettled("click-counts").stream().map(ConsumerRecord::value).toList())
                .containsExactlyInAnyOrderElementsOf(expectedRows);
    }

    @Test
    void exactlyOnceNeedsATransactionalIdPrefixAndCheckpoints() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (v INT)" + kafka("x", "json",
                    "sink.delivery-guarantee", "exactly-once")))
                    .hasMessageContaining("'sink.transactional-id-prefix'");
            session.execute("CREATE TABLE src (v INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1')");
            session.execute("CREATE TABLE t (v INT)" + kafka("x", "json", "sink.delivery-guarantee", "exactly-once",
                    "sink.transactional-id-prefix", "t"));
            assertThatThrownBy(() -> session.execute("INSERT INTO t SELECT v FROM src"))
                    .hasMessageContaining("'execution.checkpointing.interval'")
                    .hasMessageContaining("exactly-once");
        }
    }

    @Test
    void aMalformedRecordFailsTheQueryNamingTopicPartitionAndOffsetUnlessErrorsAreIgnored() throws Exception {
        KAFKA.createTopic("readings", 1);
        KAFKA.send("readings", 0, List.of("{\"v\": 1}", "{\"v\": 2}", "{\"v\": oops}", "{\"v\": 4}"));
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TABLE strict_readings (v INT)" + kafka("readings", "json", READ_TO_END));
            assertThatThrownBy(() -> fetchAll((QueryResult) session.execute("SELECT v FROM strict_readings")))
                    .hasStackTraceContaining("record at offset 2 of partition 0 of topic 'readings'");

            session.execute("CREATE TABLE lenient_readings (v INT)" + kafka("readings", "json", "scan.startup.mode",
                    "earliest-offset", "scan.bounded.mode", "latest-offset", "json.ignore-parse-errors", "true"));
            session.execute("CREATE TABLE sink (v INT) WITH ('connector' = 'blackhole')");
            assertThat(materialize(fetchAll((QueryResult) session.execute("SELECT v FROM lenient_readings"))))
                    .containsExactlyInAnyOrder("+I[1]", "+I[2]", "+I[4]");
            JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO sink SELECT v FROM lenient_readings"))
                    .jobId();
            JobInfo end = CLUSTER.cluster().jobTermination(id).get(60, TimeUnit.SECONDS);
            assertThat(end.counters()).containsEntry("numRecordsInErrors", 1L);
        }
    }

    @Test
    void badOptionsAreRefusedAtCreateTableNamingTheOption() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (v INT)" + kafka("x", "json",
                    "topic-pattern", "x.*", "scan.startup.mode", "earliest-offset")))
                    .hasMessageContaining("sets both 'topic' and 'topic-pattern'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (v INT)" + kafka("x", "json",
                    "scan.startup.mod", "earliest-offset")))
                    .hasMessageContaining("Unsupported option 'scan.startup.mod'")
                    .hasMessageContaining("Did you mean 'scan.startup.mode'?");
            // a table only written to needs no consumer group; one that is read from its group's offsets does
            session.execute("CREATE TABLE no_group (v INT)" + kafka("x", "json"));
            assertThatThrownBy(() -> session.execute("SELECT v FROM no_group"))
                    .hasMessageContaining("sets no 'properties.group.id'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (v INT)" + kafka("x", "json",
                    "scan.startup.mode", "timestamp")))
                    .hasMessageContaining("'scan.startup.timestamp-millis'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (v INT)" + kafka("x", "json",
                    "scan.startup.mode", "earliest-offset", "scan.bounded.mode", "specific-offsets",
                    "scan.bounded.specific-offsets", "partition:0;offset:3")))
                    .hasMessageContaining("'scan.bounded.specific-offsets'")
                    .hasMessageContaining("partition:<n>,offset:<n>");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (v INT)" + kafka("x", "json",
                    "scan.startup.mode", "earliest-offset", "sink.delivery-guarantee", "exactly-twice")))
                    .hasMessageContaining("'sink.delivery-guarantee'")
                    .hasMessageContaining("none, at-least-once, exactly-once");
            // any client property passes through
            session.execute("CREATE TABLE t (v INT)" + kafka("x", "json", "scan.startup.mode", "earliest-offset",
                    "properties.client.dns.lookup", "use_all_dns_ips", "properties.max.poll.records", "100"));
        }
    }

    @Test
    void aBrokerThatCannotBeReachedFailsTheJobNamingTheBootstrapServers() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String servers = "127.0.0.1:" + port;
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TABLE nowhere (v INT) WITH ('connector' = 'kafka', 'topic' = 'x',"
                    + " 'properties.bootstrap.servers' = '" + servers + "', 'format' = 'json',"
                    + " 'scan.startup.mode' = 'earliest-offset', 'properties.default.api.timeout.ms' = '1000')");
            assertThatThrownBy(() -> fetchAll((QueryResult) session.execute("SELECT v FROM nowhere")))
                    .hasStackTraceContaining("could not reach the Kafka brokers at bootstrap servers '" + servers + "'")
                    .hasStackTraceContaining("properties.default.api.timeout.ms");
        }
    }
}
