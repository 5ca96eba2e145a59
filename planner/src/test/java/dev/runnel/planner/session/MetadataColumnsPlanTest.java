package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Metadata columns in plans, without a broker: the scan produces the physical columns and then
 * each metadata key once in the connector's order, a projection casts them to the declared types;
 * the sink gets the physical columns and then the written metadata; and the errors of CREATE TABLE
 * and INSERT about metadata.
 */
class MetadataColumnsPlanTest {
    private static final String KAFKA = " WITH ('connector' = 'kafka', 'topic' = 'events',"
            + " 'properties.bootstrap.servers' = '127.0.0.1:9', 'format' = 'json', 'scan.startup.mode' = 'earliest-offset')";

    private Session session;

    @BeforeEach
    void start() {
        session = new Session(null, new Configuration(Map.of("parallelism.default", "1")));
    }

    @AfterEach
    void stop() {
        session.close();
    }

    private String explain(String sql) {
        return (String) ((StatementResult.Table) session.execute("EXPLAIN " + sql)).rows().get(0).fields()[0];
    }

    /** The optimized physical plan of {@code sql}. */
    private String physicalPlan(String sql) {
        String text = explain(sql);
        int start = text.indexOf("== Optimized Physical Plan ==\n") + "== Optimized Physical Plan ==\n".length();
        return text.substring(start, text.indexOf("\n\n", start) < 0 ? text.length() : text.indexOf("\n\n", start))
                .strip();
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertFails(String sql, String position) {
        return assertThatThrownBy(() -> session.execute(sql))
                .isInstanceOf(SqlExecutionException.class)
                .satisfies(e -> assertThat(((SqlExecutionException) e).line() + ":" + ((SqlExecutionException) e).column())
                        .as(e.getMessage()).isEqualTo(position));
    }

    @Test
    void theScanReadsEachKeyOnceAfterThePhysicalColumnsInTheConnectorsOrder() {
        session.execute("CREATE TABLE events (id INT, `offset` BIGINT METADATA VIRTUAL, name STRING,"
                + " ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp', part BIGINT METADATA FROM 'partition' VIRTUAL,"
                + " part2 AS part * 2, again INT METADATA FROM 'partition' VIRTUAL,"
                + " hs MAP<STRING, BYTES> METADATA FROM 'headers', topic STRING METADATA VIRTUAL)" + KAFKA);

        // partition is read once, for both columns; the casts are to BIGINT and to a nullable INT
        assertThat(physicalPlan("SELECT * FROM events")).isEqualTo("""
                Calc(select=[id, offset, name, timestamp AS ts, CAST(partition AS BIGINT) AS part, \
                *(CAST(partition AS BIGINT), 2) AS part2, CAST(partition AS INTEGER) AS again, headers AS hs, topic])
                +- TableSourceScan(table=[default_catalog.default_database.events], connector=[kafka], \
                fields=[id, name, topic, partition, headers, offset, timestamp])""");
        assertThat(physicalPlan("SELECT id FROM events WHERE `offset` > 10")).isEqualTo("""
                Calc(select=[id], where=[>(offset, 10)])
                +- TableSourceScan(table=[default_catalog.default_database.events], connector=[kafka], \
                fields=[id, name, topic, partition, headers, offset, timestamp])""");
    }

    @Test
    void aWatermarkOnATimestampMetadataColumnAndACastToTimestamp() {
        session.execute("CREATE TABLE events (id INT, ts TIMESTAMP(3) METADATA FROM 'timestamp',"
                + " WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)" + KAFKA);

        assertThat(physicalPlan("SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts),"
                + " INTERVAL '1' MINUTE)) GROUP BY window_start, window_end")).endsWith("""
                         +- Calc(select=[id, CAST(timestamp AS TIMESTAMP(3)) AS ts])
                            +- WatermarkAssigner(rowtime=[ts], watermark=[-(CAST(timestamp AS TIMESTAMP(3)), \
                1000:INTERVAL SECOND)])
                               +- TableSourceScan(table=[default_catalog.default_database.events], connector=[kafka], \
                fields=[id, timestamp])""");
    }

    @Test
    void aPhysicalColumnNamedAsAKeyKeepsItsNameAndTheKeyIsPrefixed() {
        session.execute("CREATE TABLE events (`timestamp` BIGINT, ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp')"
                + KAFKA);

        // the projection only renames, so the plan drops it
        assertThat(physicalPlan("SELECT * FROM events")).isEqualTo("""
                TableSourceScan(table=[default_catalog.default_database.events], connector=[kafka], \
                fields=[timestamp, $metadata$timestamp])""");
        assertThat(physicalPlan("SELECT ts FROM events")).startsWith("Calc(select=[$metadata$timestamp AS ts])");
    }

    @Test
    void anInsertWritesThePhysicalColumnsThenTheWritableMetadataAndLeavesOutVirtualColumns() {
        session.execute("CREATE TABLE events (id INT, `offset` BIGINT METADATA VIRTUAL, ts TIMESTAMP(3) METADATA FROM"
                + " 'timestamp', name STRING, hs MAP<STRING, BYTES> METADATA FROM 'headers')" + KAFKA);
        session.execute("CREATE TABLE source (id INT, name STRING, ts TIMESTAMP(3), hs MAP<STRING, BYTES>)"
                + " WITH ('connector' = 'datagen', 'number-of-rows' = '1')");

        // the query gives id, ts, name, hs: the virtual offset is not a target
        assertThat(physicalPlan("INSERT INTO events SELECT id, ts, name, hs FROM source")).isEqualTo("""
                Sink(table=[default_catalog.default_database.events], connector=[kafka], \
                fields=[id, name, headers, timestamp])
                +- Calc(select=[id, name, hs AS headers, CAST(ts AS TIMESTAMP_WITH_LOCAL_TIME_ZONE(3)) AS timestamp])
                   +- TableSourceScan(table=[default_catalog.default_database.source], connector=[datagen], \
                fields=[id, name, ts, hs])""");
        assertThat(physicalPlan("INSERT INTO events (name, id) SELECT name, id FROM source")).startsWith("""
                Sink(table=[default_catalog.default_database.events], connector=[kafka], \
                fields=[id, name, headers, timestamp])
                +- Calc(select=[id, name, null AS headers, null AS timestamp])""");
        assertFails("INSERT INTO events (id,\n `offset`) SELECT id, 1 FROM source", "2:2")
                .hasMessage("Column 'offset' of table default_catalog.default_database.events is a VIRTUAL metadata"
                        + " column: it is only read, and an INSERT cannot write it");
        assertFails("INSERT INTO events SELECT id, 1, ts, name, hs FROM source", "1:13")
                .hasMessageContaining("Number of INSERT target columns (4) does not equal number of source items (5)");
    }

    @Test
    void writingATableWithAReadOnlyMetadataColumnThatIsNotVirtualFails() {
        session.execute("CREATE TABLE events (id INT, `offset` BIGINT METADATA)" + KAFKA);

        // reading it is fine
        assertThat(physicalPlan("SELECT * FROM events")).contains("fields=[id, offset]");
        assertFails("INSERT INTO events\n  SELECT 1, CAST(2 AS BIGINT)", "1:13").hasMessage("Invalid metadata key"
                + " 'offset' in column 'offset' of table default_catalog.default_database.events: connector 'kafka'"
                + " cannot write it, and an INSERT writes every metadata column that is not VIRTUAL. Declare the"
                + " column VIRTUAL to only read it. Keys the connector writes: headers, timestamp");
    }

    @Test
    void createTableChecksTheKeyAndTheDeclaredType() {
        assertFails("CREATE TABLE events (id INT,\n  o BIGINT METADATA FROM 'ofset')" + KAFKA, "2:26")
                .hasMessage("Connector 'kafka' has no metadata key 'ofset'; available keys: headers, leader-epoch,"
                        + " offset, partition, timestamp, timestamp-type, topic");
        assertFails("CREATE TABLE events (id INT,\n  o INT METADATA FROM 'offset')" + KAFKA, "2:5")
                .hasMessage("Metadata column 'o' cannot be declared as INT: connector 'kafka' reads metadata key"
                        + " 'offset' as BIGINT NOT NULL, which is not cast implicitly to it; declare it as BIGINT NOT NULL");
        // leader-epoch may be NULL, so it cannot be declared NOT NULL
        assertFails("CREATE TABLE events (id INT, e INT NOT NULL METADATA FROM 'leader-epoch')" + KAFKA, "1:32")
                .hasMessageContaining("reads metadata key 'leader-epoch' as INT, which is not cast implicitly");
        assertFails("CREATE TABLE events (id INT, h MAP<STRING, STRING> METADATA FROM 'headers')" + KAFKA, "1:32")
                .hasMessageContaining("reads metadata key 'headers' as MAP<STRING, BYTES> NOT NULL");
        // wider types, and TIMESTAMP for TIMESTAMP_LTZ, are cast implicitly
        session.execute("CREATE TABLE ok (id INT, o DECIMAL(20, 0) METADATA FROM 'offset', p DOUBLE METADATA FROM"
                + " 'partition', t VARCHAR(10) METADATA FROM 'topic', ts TIMESTAMP(3) METADATA FROM 'timestamp')"
                + KAFKA);
    }

    @Test
    void upsertKafkaTablesReadTheSameMetadata() {
        session.execute("CREATE TABLE accounts (id INT, balance BIGINT, ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'"
                + " VIRTUAL, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'upsert-kafka', 'topic' = 'accounts',"
                + " 'properties.bootstrap.servers' = '127.0.0.1:9', 'key.format' = 'json', 'value.format' = 'json')");

        assertThat(physicalPlan("SELECT id, ts FROM accounts")).contains("ChangelogNormalize(key=[id])")
                .contains("fields=[id, balance, timestamp]");
        // the virtual column is no target
        assertThat(physicalPlan("INSERT INTO accounts SELECT 1, CAST(2 AS BIGINT)"))
                .startsWith("Sink(table=[default_catalog.default_database.accounts], connector=[upsert-kafka]");
    }
}
