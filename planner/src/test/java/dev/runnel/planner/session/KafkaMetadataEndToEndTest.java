package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.testing.KafkaTestBroker;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Metadata columns of {@code kafka} tables against a real broker: each record's topic, partition,
 * offset, timestamp, timestamp type, leader epoch and headers read through SQL (also under a
 * computed column and as the rowtime of a window), and the timestamp and headers of the records
 * an INSERT writes, which leaves out a VIRTUAL column.
 */
class KafkaMetadataEndToEndTest {
    @RegisterExtension
    static final KafkaTestBroker KAFKA = new KafkaTestBroker();
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    /** A minute boundary, so that windows start at it. */
    private static final long BASE = 1_700_000_040_000L;

    private static String kafka(String topic) {
        return " WITH ('connector' = 'kafka', 'topic' = '" + topic + "', 'properties.bootstrap.servers' = '"
                + KAFKA.bootstrapServers() + "', 'format' = 'json', 'scan.startup.mode' = 'earliest-offset',"
                + " 'scan.bounded.mode' = 'latest-offset')";
    }

    private static List<Header> headers(String... keysAndValues) {
        List<Header> headers = new ArrayList<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            headers.add(new RecordHeader(keysAndValues[i], keysAndValues[i + 1] == null ? null
                    : keysAndValues[i + 1].getBytes(StandardCharsets.UTF_8)));
        }
        return headers;
    }

    /** Headers as text, for assertions: a {@code MAP<STRING, BYTES>} holds {@code byte[]} values. */
    private static Map<String, String> text(Object headers) {
        Map<String, String> text = new LinkedHashMap<>();
        ((Map<?, ?>) headers).forEach((k, v) -> text.put((String) k,
                v == null ? null : new String((byte[]) v, StandardCharsets.UTF_8)));
        return text;
    }

    @Test
    void eachRowCarriesItsRecordsMetadata() throws Exception {
        KAFKA.createTopic("meta-in", 2);
        try (KafkaProducer<String, String> producer = KAFKA.producer()) {
            producer.send(new ProducerRecord<>("meta-in", 0, BASE + 1, null, "{\"id\":1}", headers("trace", "a")));
            // a key given twice keeps its last value; a header may have no value
            producer.send(new ProducerRecord<>("meta-in", 0, BASE + 2, null, "{\"id\":2}",
                    headers("trace", "b", "trace", "c", "empty", null)));
            producer.send(new ProducerRecord<>("meta-in", 1, BASE + 3, null, "{\"id\":3}", headers()));
            producer.flush();
        }
        try (Session session = CLUSTER.session(2, "hashmap")) {
            session.execute("CREATE TABLE meta_in (id INT, `topic` STRING METADATA VIRTUAL,"
                    + " part INT METADATA FROM 'partition' VIRTUAL, off BIGINT METADATA FROM 'offset' VIRTUAL,"
                    + " ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',"
                    + " tt STRING METADATA FROM 'timestamp-type' VIRTUAL,"
                    + " epoch INT METADATA FROM 'leader-epoch' VIRTUAL, hs MAP<STRING, BYTES> METADATA FROM 'headers',"
                    + " where_from AS `topic` || '/' || CAST(part AS STRING) || '@' || CAST(off AS STRING))"
                    + kafka("meta-in"));

            List<Row> rows = new ArrayList<>(query(session, "SELECT id, `topic`, part, off, ts, tt, epoch, where_from,"
                    + " hs FROM meta_in"));
            rows.sort(Comparator.comparing(r -> (Integer) r.getField(0)));
            assertThat(rows).extracting(r -> List.of(r.getField(0), r.getField(1), r.getField(2), r.getField(3),
                    r.getField(4), r.getField(5), r.getField(6), r.getField(7))).containsExactly(
                    List.of(1, "meta-in", 0, 0L, BASE + 1, "CreateTime", 0, "meta-in/0@0"),
                    List.of(2, "meta-in", 0, 1L, BASE + 2, "CreateTime", 0, "meta-in/0@1"),
                    List.of(3, "meta-in", 1, 0L, BASE + 3, "CreateTime", 0, "meta-in/1@0"));
            Map<String, String> second = new LinkedHashMap<>();
            second.put("trace", "c");
            second.put("empty", null);
            assertThat(rows).extracting(r -> text(r.getField(8)))
                    .containsExactly(Map.of("trace", "a"), second, Map.of());
        }
    }

    @Test
    void theTimestampMetadataIsTheRowtimeOfATumblingWindow() throws Exception {
        KAFKA.createTopic("clicks", 1);
        try (KafkaProducer<String, String> producer = KAFKA.producer()) {
            for (int i = 0; i < 25; i++) {
                producer.send(new ProducerRecord<>("clicks", 0, BASE + i * 1000L, null, "{\"id\":" + i + "}"));
            }
            producer.flush();
        }
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TABLE clicks (id INT, ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',"
                    + " doubled AS id * 2, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)" + kafka("clicks"));

            List<Row> rows = query(session, "SELECT window_start, COUNT(*), SUM(doubled) FROM TABLE(TUMBLE("
                    + "TABLE clicks, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end");
            assertThat(rows).extracting(r -> List.of(r.getField(0), r.getField(1), r.getField(2))).containsExactly(
                    List.of(BASE, 10L, 90), List.of(BASE + 10_000, 10L, 290), List.of(BASE + 20_000, 5L, 220));
        }
    }

    @Test
    void anInsertWritesTheRecordTimestampAndHeadersButNotAVirtualColumn() throws Exception {
        KAFKA.createTopic("meta-out", 1);
        long before = System.currentTimeMillis();
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TABLE meta_out (id INT, name STRING, ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',"
                    + " off BIGINT METADATA FROM 'offset' VIRTUAL, hs MAP<STRING, BYTES> METADATA FROM 'headers')"
                    + kafka("meta-out"));
            // the query gives id, name, ts and hs: the virtual off is no target
            JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO meta_out SELECT id, name,"
                    + " TO_TIMESTAMP_LTZ(ms, 3), CASE WHEN id < 3 THEN CAST(MAP['trace', ENCODE(name, 'UTF-8')]"
                    + " AS MAP<STRING, BYTES>) END FROM (VALUES (1, 'one', " + BASE + "), (2, 'two', " + (BASE + 5) + "),"
                    + " (3, 'three', CAST(NULL AS BIGINT))) AS v(id, name, ms)")).jobId();
            JobInfo end = CLUSTER.cluster().jobTermination(id).get(60, TimeUnit.SECONDS);
            assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);

            List<ConsumerRecord<String, String>> records = KAFKA.readAll("meta-out", false);
            assertThat(records).extracting(ConsumerRecord::value).containsExactly(
                    "{\"id\":1,\"name\":\"one\"}", "{\"id\":2,\"name\":\"two\"}", "{\"id\":3,\"name\":\"three\"}");
            assertThat(records.get(0).timestamp()).isEqualTo(BASE);
            assertThat(records.get(1).timestamp()).isEqualTo(BASE + 5);
            // without a timestamp the producer takes the time it sends the record
            assertThat(records.get(2).timestamp()).isGreaterThanOrEqualTo(before);
            assertThat(records.get(0).headers().toArray()).containsExactly(new RecordHeader("trace",
                    "one".getBytes(StandardCharsets.UTF_8)));
            assertThat(records.get(1).headers().toArray()).containsExactly(new RecordHeader("trace",
                    "two".getBytes(StandardCharsets.UTF_8)));
            assertThat(records.get(2).headers().toArray()).isEmpty();

            // and the table reads them back, the virtual column too
            List<Row> rows = query(session, "SELECT id, ts, off, hs['trace'] FROM meta_out WHERE id < 3");
            assertThat(rows).extracting(r -> List.of(r.getField(0), r.getField(1), r.getField(2),
                    new String((byte[]) r.getField(3), StandardCharsets.UTF_8))).containsExactly(
                    List.of(1, BASE, 0L, "one"), List.of(2, BASE + 5, 1L, "two"));
        }
    }
}
