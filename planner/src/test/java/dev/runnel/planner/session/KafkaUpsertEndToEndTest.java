package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.EndToEndSupport.materialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import dev.runnel.runtime.testing.KafkaTestBroker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Record keys through SQL against a real broker: {@code upsert-kafka} tables read as changelogs
 * (updates and tombstones by key, normalized into a full changelog) and written as upserts and
 * tombstones; the {@code kafka} connector's {@code key.format}, {@code key.fields},
 * {@code key.fields-prefix} and {@code value.fields-include}; the checks of their options.
 */
class KafkaUpsertEndToEndTest {
    @RegisterExtension
    static final KafkaTestBroker KAFKA = new KafkaTestBroker();
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    private static final String[] BOUNDED = {"scan.bounded.mode", "latest-offset"};

    private static String upsertKafka(String topic, String... more) {
        return with("'connector' = 'upsert-kafka', 'topic' = '" + topic + "', 'properties.bootstrap.servers' = '"
                + KAFKA.bootstrapServers() + "', 'key.format' = 'json', 'value.format' = 'json'", more);
    }

    private static String kafka(String topic, String... more) {
        return with("'connector' = 'kafka', 'topic' = '" + topic + "', 'properties.bootstrap.servers' = '"
                + KAFKA.bootstrapServers() + "'", more);
    }

    private static String with(String options, String... more) {
        StringBuilder with = new StringBuilder(options);
        for (int i = 0; i < more.length; i += 2) {
            with.append(", '").append(more[i]).append("' = '").append(more[i + 1]).append('\'');
        }
        return " WITH (" + with + ")";
    }

    /** The last value of each key, in key order; a key whose last record is a tombstone is absent. */
    private static Map<String, String> compacted(List<ConsumerRecord<String, String>> records) {
        Map<String, String> table = new TreeMap<>();
        for (ConsumerRecord<String, String> r : records) {
            if (r.value() == null) {
                table.remove(r.key());
            } else {
                table.put(r.key(), r.value());
            }
        }
        return table;
    }

    @Test
    void anUpsertTopicReadsAsATableWithUpdatesAndDeletesAndAnUpdatingQueryWritesUpsertsAndTombstones()
            throws Exception {
        KAFKA.createTopic("accounts", 2);
        KAFKA.createTopic("totals", 2);
        // the changes of 40 accounts: each written three times, every fifth deleted afterwards
        Map<Integer, String[]> expected = new TreeMap<>();
        try (KafkaProducer<String, String> producer = KAFKA.producer()) {
            for (int round = 0; round < 3; round++) {
                for (int id = 0; id < 40; id++) {
                    String owner = "o" + (id % 4);
                    int balance = id * 10 + round;
                    producer.send(new ProducerRecord<>("accounts", "{\"id\":" + id + "}",
                            "{\"id\":" + id + ",\"owner\":\"" + owner + "\",\"balance\":" + balance + "}"));
                    expected.put(id, new String[] {owner, String.valueOf(balance)});
                }
            }
            for (int id = 0; id < 40; id += 5) {
                producer.send(new ProducerRecord<>("accounts", "{\"id\":" + id + "}", null));
                expected.remove(id);
            }
            // deleting a key that holds nothing changes nothing
            producer.send(new ProducerRecord<>("accounts", "{\"id\":999}", null));
            producer.flush();
        }
        Map<String, Long> totals = new TreeMap<>();
        expected.values().forEach(v -> totals.merge(v[0], Long.parseLong(v[1]), Long::sum));

        try (Session session = CLUSTER.session(2, "rocksdb")) {
            session.execute("CREATE TABLE accounts (id INT, owner STRING, balance BIGINT, PRIMARY KEY (id) NOT ENFORCED)"
                    + upsertKafka("accounts", BOUNDED));
            session.execute("CREATE TABLE totals (owner STRING, total BIGINT, n BIGINT,"
                    + " PRIMARY KEY (owner) NOT ENFORCED)" + upsertKafka("totals"));

            assertThat(session.execute("EXPLAIN SELECT owner, SUM(balance) FROM accounts GROUP BY owner").toString())
                    .contains("ChangelogNormalize(key=[id])");
            assertThat(materialize(fetchAll((QueryResult) session.execute("SELECT id, owner, balance FROM accounts"))))
                    .containsExactlyInAnyOrderElementsOf(expected.entrySet().stream()
                            .map(e -> "+I[" + e.getKey() + ", " + e.getValue()[0] + ", " + e.getValue()[1] + "]")
                            .toList());

            JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO totals"
                    + " SELECT owner, SUM(balance), COUNT(*) FROM accounts GROUP BY owner")).jobId();
            JobInfo end = CLUSTER.cluster().jobTermination(id).get(60, TimeUnit.SECONDS);
            assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);

            Map<String, String> written = compacted(KAFKA.readAll("totals", false));
            Map<String, String> expectedWritten = new TreeMap<>();
            totals.forEach((owner, total) -> expectedWritten.put("{\"owner\":\"" + owner + "\"}",
                    "{\"owner\":\"" + owner + "\",\"total\":" + total + ",\"n\":"
                            + expected.values().stream().filter(v -> v[0].equals(owner)).count() + "}"));
            assertThat(written).isEqualTo(expectedWritten);

            // the topic the job wrote reads back as the same table
            session.execute("CREATE TABLE totals_read (owner STRING, total BIGINT, n BIGINT,"
                    + " PRIMARY KEY (owner) NOT ENFORCED)" + upsertKafka("totals", BOUNDED));
            assertThat(materialize(fetchAll((QueryResult) session.execute("SELECT owner, total FROM totals_read"))))
                    .containsExactlyInAnyOrderElementsOf(totals.entrySet().stream()
                            .map(e -> "+I[" + e.getKey() + ", " + e.getValue() + "]").toList());
        }
    }

    @Test
    void aDeletedGroupBecomesATombstoneAndABufferedSinkWritesEachKeyOnce() throws Exception {
        KAFKA.createTopic("stock", 1);
        KAFKA.createTopic("stock-by-shop", 1);
        KAFKA.createTopic("stock-buffered", 1);
        try (KafkaProducer<String, String> producer = KAFKA.producer()) {
            for (int item = 0; item < 30; item++) {
                producer.send(new ProducerRecord<>("stock", "{\"item\":" + item + "}",
                        "{\"item\":" + item + ",\"shop\":\"s" + (item % 3) + "\",\"qty\":" + item + "}"));
            }
            // every item of shop s0 goes away: its group is deleted
            for (int item = 0; item < 30; item += 3) {
                producer.send(new ProducerRecord<>("stock", "{\"item\":" + item + "}", null));
            }
            producer.flush();
        }
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TABLE stock (item INT, shop STRING, qty INT, PRIMARY KEY (item) NOT ENFORCED)"
                    + upsertKafka("stock", BOUNDED));
            session.execute("CREATE TABLE by_shop (shop STRING, qty INT, PRIMARY KEY (shop) NOT ENFORCED)"
                    + upsertKafka("stock-by-shop"));
            session.execute("CREATE TABLE buffered (shop STRING, qty INT, PRIMARY KEY (shop) NOT ENFORCED)"
                    + upsertKafka("stock-buffered", "sink.buffer-flush.max-rows", "1000",
                    "sink.buffer-flush.interval", "1h"));
            for (String sink : List.of("by_shop", "buffered")) {
                JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO " + sink
                        + " SELECT shop, SUM(qty) FROM stock GROUP BY shop")).jobId();
                JobInfo end = CLUSTER.cluster().jobTermination(id).get(60, TimeUnit.SECONDS);
                assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);
            }
        }
        Map<String, String> expected = Map.of("{\"shop\":\"s1\"}", "{\"shop\":\"s1\",\"qty\":145}",
                "{\"shop\":\"s2\"}", "{\"shop\":\"s2\",\"qty\":155}");
        List<ConsumerRecord<String, String>> unbuffered = KAFKA.readAll("stock-by-shop", false);
        assertThat(compacted(unbuffered)).isEqualTo(expected);
        ConsumerRecord<String, String> lastOfS0 = unbuffered.stream().filter(r -> r.key().contains("s0"))
                .reduce((a, b) -> b).orElseThrow();
        assertThat(lastOfS0.value()).as("the deleted group's last record is a tombstone").isNull();

        // the buffer holds only each key's last change until the end: one record per key, s0's a tombstone
        List<ConsumerRecord<String, String>> buffered = KAFKA.readAll("stock-buffered", false);
        Map<String, String> once = new LinkedHashMap<>();
        buffered.forEach(r -> once.put(r.key(), r.value()));
        assertThat(buffered).hasSize(3);
        assertThat(once).containsEntry("{\"shop\":\"s0\"}", null);
        assertThat(compacted(buffered)).isEqualTo(expected);
    }

    @Test
    void keyFieldsWithAPrefixGoToTheRecordKeyAndTheValueHoldsTheOthers() throws Exception {
        KAFKA.createTopic("keyed-orders", 3);
        try (Session session = CLUSTER.session(2, "rocksdb")) {
            session.execute("CREATE TABLE keyed_orders (k_id INT, product STRING, amount INT)" + kafka("keyed-orders",
                    "key.format", "json", "key.fields", "k_id", "key.fields-prefix", "k_",
                    "value.format", "json", "value.fields-include", "EXCEPT_KEY",
                    "scan.startup.mode", "earliest-offset", "scan.bounded.mode", "latest-offset"));
            JobId id = ((StatementResult.JobSubmitted) session.execute("INSERT INTO keyed_orders"
                    + " VALUES (1, 'apple', 10), (2, 'pear', 20), (3, 'plum', 30), (1, 'apple', 11)")).jobId();
            JobInfo end = CLUSTER.cluster().jobTermination(id).get(60, TimeUnit.SECONDS);
            assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);

            List<ConsumerRecord<String, String>> records = KAFKA.readAll("keyed-orders", false);
            List<String> seen = new ArrayList<>();
            records.forEach(r -> seen.add(r.key() + " " + r.value()));
            assertThat(seen).containsExactlyInAnyOrder("{\"id\":1} {\"product\":\"apple\",\"amount\":10}",
                    "{\"id\":2} {\"product\":\"pear\",\"amount\":20}", "{\"id\":3} {\"product\":\"plum\",\"amount\":30}",
                    "{\"id\":1} {\"product\":\"apple\",\"amount\":11}");
            // the default partitioner hashes the key: both records of key 1 are in one partition, in order
            assertThat(records.stream().filter(r -> r.key().equals("{\"id\":1}")).map(ConsumerRecord::partition)
                    .distinct()).hasSize(1);

            assertThat(materialize(fetchAll((QueryResult) session.execute(
                    "SELECT k_id, product, amount FROM keyed_orders"))))
                    .containsExactlyInAnyOrder("+I[1, apple, 10]", "+I[2, pear, 20]", "+I[3, plum, 30]",
                            "+I[1, apple, 11]");
        }
    }

    @Test
    void wrongKeyOptionsAreErrorsThatNameTheOption() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (id INT, v INT)" + upsertKafka("x")))
                    .hasMessageContaining("declares no PRIMARY KEY");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (id INT, v INT)" + kafka("x",
                    "format", "json", "key.fields", "id")))
                    .hasMessageContaining("'key.fields' but no 'key.format'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (id INT, v INT)" + kafka("x",
                    "value.format", "json", "key.format", "json")))
                    .hasMessageContaining("'key.format' but no 'key.fields'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (k_id INT, v INT)" + kafka("x",
                    "value.format", "json", "key.format", "json", "key.fields", "k_id", "key.fields-prefix", "k_")))
                    .hasMessageContaining("'value.fields-include' = 'EXCEPT_KEY'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (id INT, v INT)" + kafka("x",
                    "value.format", "json", "key.format", "json", "key.fields", "nope")))
                    .hasMessageContaining("no physical column 'nope'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (id INT, v INT)" + kafka("x",
                    "value.format", "json", "key.format", "json", "key.fields", "id", "key.csv.field-delimiter", ";")))
                    .hasMessageContaining("'key.csv.field-delimiter'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (id INT, v INT, PRIMARY KEY (id) NOT ENFORCED)"
                    + upsertKafka("x", "sink.buffer-flush.max-rows", "10")))
                    .hasMessageContaining("'sink.buffer-flush.interval'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (id INT, v INT, PRIMARY KEY (id) NOT ENFORCED)"
                    + upsertKafka("x", "key.fields", "id")))
                    .hasMessageContaining("'key.fields'");
        }
    }
}
