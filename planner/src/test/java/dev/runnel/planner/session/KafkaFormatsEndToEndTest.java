package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.EndToEndSupport.materialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.testing.KafkaTestBroker;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary formats through SQL against a real broker: {@code avro} values written by INSERT
 * that a plain consumer decodes with Avro's GenericDatumReader and the schema a Flink user would
 * write down, and that SQL reads back; {@code raw} topics of text lines and of bytes, with
 * tombstones as NULL; the errors of tables the formats cannot serve and of a malformed record.
 */
class KafkaFormatsEndToEndTest {
    @RegisterExtension
    static final KafkaTestBroker KAFKA = new KafkaTestBroker();
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    private static final String[] READ_TO_END = {"scan.startup.mode", "earliest-offset", "scan.bounded.mode",
            "latest-offset"};

    /** What Flink derives for the orders table below, written down as its users would. */
    private static final String ORDERS_SCHEMA = """
            {"type": "record", "name": "record", "namespace": "org.apache.flink.avro.generated", "fields": [
              {"name": "id", "type": "long"},
              {"name": "product", "type": ["null", "string"], "default": null},
              {"name": "amount", "type": ["null", {"type": "bytes", "logicalType": "decimal", "precision": 10,
                "scale": 2}], "default": null},
              {"name": "ts", "type": ["null", {"type": "long", "logicalType": "timestamp-millis"}], "default": null},
              {"name": "tags", "type": ["null", {"type": "array", "items": ["null", "string"]}], "default": null}
            ]}""";

    @TempDir
    Path dir;

    private static String kafka(String topic, String... more) {
        StringBuilder with = new StringBuilder("'connector' = 'kafka', 'topic' = '" + topic + "',"
                + " 'properties.bootstrap.servers' = '" + KAFKA.bootstrapServers() + "'");
        for (int i = 0; i < more.length; i += 2) {
            with.append(", '").append(more[i]).append("' = '").append(more[i + 1]).append('\'');
        }
        return " WITH (" + with + ")";
    }

    private static String[] readToEnd(String... more) {
        List<String> all = new ArrayList<>(List.of(READ_TO_END));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static void run(Session session, String insert) throws Exception {
        JobId id = ((StatementResult.JobSubmitted) session.execute(insert)).jobId();
        JobInfo end = CLUSTER.cluster().jobTermination(id).get(60, TimeUnit.SECONDS);
        assertThat(end.status()).as("job end: %s", end.failureCause()).isEqualTo(JobStatus.FINISHED);
    }

    /** Every record value of one-partition {@code topic}, in order, as the bytes a plain consumer sees. */
    private static List<byte[]> values(String topic) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers());
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<byte[]> values = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(properties)) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            while (consumer.position(partition) < end) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
                    values.add(r.value());
                }
            }
        }
        return values;
    }

    private static KafkaProducer<byte[], byte[]> bytesProducer() {
        Properties properties = new Properties();
        properties.put("bootstrap.servers", KAFKA.bootstrapServers());
        properties.put("key.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer");
        properties.put("value.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer");
        return new KafkaProducer<>(properties);
    }

    @Test
    void avroValuesWrittenBySqlDecodeWithAvrosReaderAndReadBackWithSql() throws Exception {
        KAFKA.createTopic("avro-orders", 1);
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TABLE orders (id BIGINT NOT NULL, product STRING, amount DECIMAL(10, 2),"
                    + " ts TIMESTAMP(3), tags ARRAY<STRING>)" + kafka("avro-orders", readToEnd("value.format", "avro")));
            run(session, "INSERT INTO orders VALUES (1, 'apple', 1.50, TIMESTAMP '2024-01-02 03:04:05.678',"
                    + " ARRAY['red', 'ripe']), (2, CAST(NULL AS STRING), CAST(NULL AS DECIMAL(10, 2)),"
                    + " CAST(NULL AS TIMESTAMP(3)), CAST(NULL AS ARRAY<STRING>))");

            List<byte[]> values = values("avro-orders");
            assertThat(values).hasSize(2);
            GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(new Schema.Parser()
                    .parse(ORDERS_SCHEMA));
            List<GenericRecord> records = new ArrayList<>();
            for (byte[] value : values) {
                records.add(reader.read(null, DecoderFactory.get().binaryDecoder(value, null)));
            }
            records.sort(Comparator.comparing(r -> (Long) r.get("id")));
            GenericRecord first = records.get(0);
            assertThat(first.get("id")).isEqualTo(1L);
            assertThat(first.get("product").toString()).isEqualTo("apple");
            assertThat(new BigDecimal(new BigInteger(((ByteBuffer) first.get("amount")).array()), 2))
                    .isEqualTo(new BigDecimal("1.50"));
            assertThat(first.get("ts")).isEqualTo(1704164645678L);
            assertThat(first.get("tags").toString()).isEqualTo("[red, ripe]");
            assertThat(records.get(1).toString()).isEqualTo("{\"id\": 2, \"product\": null, \"amount\": null, \"ts\": null,"
                    + " \"tags\": null}");

            assertThat(materialize(fetchAll((QueryResult) session.execute(
                    "SELECT id, product, amount, CAST(ts AS STRING), tags FROM orders"))))
                    .containsExactlyInAnyOrder("+I[1, apple, 1.50, 2024-01-02 03:04:05.678, [red, ripe]]",
                            "+I[2, null, null, null, null]");
        }
    }

    @Test
    void aRawTopicOfTextLinesReadsOneRowPerRecordAndATombstoneAsNull() throws Exception {
        KAFKA.createTopic("access-log", 1);
        try (KafkaProducer<String, String> producer = KAFKA.producer()) {
            for (String line : new String[] {"GET /index.html 200", "", "POST /cart 201", null}) {
                producer.send(new ProducerRecord<>("access-log", 0, null, line));
            }
            producer.flush();
        }
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TABLE access_log (line STRING)" + kafka("access-log", readToEnd("format", "raw")));
            assertThat(materialize(fetchAll((QueryResult) session.execute(
                    "SELECT line, CHAR_LENGTH(line) FROM access_log"))))
                    .containsExactly("+I[GET /index.html 200, 19]", "+I[, 0]", "+I[POST /cart 201, 14]",
                            "+I[null, null]");
        }
    }

    @Test
    void aRawBytesColumnIsTheRecordValueAndNullATombstone() throws Exception {
        KAFKA.createTopic("payloads", 1);
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TABLE payloads (payload BYTES)" + kafka("payloads",
                    readToEnd("value.format", "raw")));
            run(session, "INSERT INTO payloads VALUES (X'00ff0a'), (CAST(NULL AS BYTES)), (X'')");
            List<String> values = new ArrayList<>();
            for (byte[] value : values("payloads")) {
                values.add(value == null ? "tombstone" : HexFormat.of().formatHex(value));
            }
            assertThat(values).containsExactlyInAnyOrder("00ff0a", "tombstone", "");
            assertThat(materialize(fetchAll((QueryResult) session.execute("SELECT payload FROM payloads"))))
                    .containsExactlyInAnyOrder("+I[[0, -1, 10]]", "+I[null]", "+I[[]]");
        }
    }

    @Test
    void tablesTheFormatsCannotServeAndMalformedRecordsFailSayingWhy() throws Exception {
        KAFKA.createTopic("bad-avro", 1);
        try (KafkaProducer<byte[], byte[]> producer = bytesProducer()) {
            producer.send(new ProducerRecord<>("bad-avro", 0, null, new byte[] {2, 2, 2, 'a'}));
            producer.send(new ProducerRecord<>("bad-avro", 0, null, "{\"id\": 2}".getBytes(StandardCharsets.UTF_8)));
            producer.flush();
        }
        try (Session session = CLUSTER.session(1, "hashmap")) {
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (a INT, b STRING)" + kafka("x", "format", "raw")))
                    .hasMessageContaining("The 'raw' format only supports single physical column. However the defined"
                            + " schema contains multiple physical columns: [`a` INT, `b` STRING]");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (d DATE)" + kafka("x", "format", "raw")))
                    .hasMessageContaining("doesn't support type DATE of column 'd'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (s STRING)" + kafka("x", "format", "raw",
                    "raw.charset", "EBCDIC-9")))
                    .hasMessageContaining("Unsupported charset 'EBCDIC-9' in option 'raw.charset'");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (ts TIMESTAMP)" + kafka("x",
                    "value.format", "avro")))
                    .hasMessageContaining("Column 'ts': Avro does not support TIMESTAMP type with precision: 6");
            assertThatThrownBy(() -> session.execute("CREATE TABLE t (v INT) WITH ('connector' = 'filesystem',"
                    + " 'path' = '" + dir + "', 'format' = 'avro')"))
                    .hasMessageContaining("The 'avro' format is not served by the filesystem connector yet");

            session.execute("CREATE TABLE bad (id INT NOT NULL, name STRING)" + kafka("bad-avro",
                    readToEnd("format", "avro")));
            assertThatThrownBy(() -> fetchAll((QueryResult) session.execute("SELECT * FROM bad")))
                    .hasStackTraceContaining("record at offset 1 of partition 0 of topic 'bad-avro'")
                    .hasStackTraceContaining("invalid Avro record");
        }
    }
}
