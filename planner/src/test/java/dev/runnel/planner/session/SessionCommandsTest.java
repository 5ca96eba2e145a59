package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** DDL, SHOW, DESCRIBE, SET/RESET, STOP JOB, SAVEPOINT and ALTER JOB through a {@link Session}. */
class SessionCommandsTest {
    private EmbeddedCluster cluster;
    private Session session;

    @BeforeEach
    void start() {
        cluster = EmbeddedCluster.start(new Configuration());
        session = new Session(cluster, new Configuration(Map.of("pipeline.max-parallelism", "64")));
    }

    @AfterEach
    void stop() {
        session.close();
        cluster.close();
    }

    private String message(String sql) {
        return ((StatementResult.Message) session.execute(sql)).text();
    }

    private List<Row> rows(String sql) {
        return ((StatementResult.Table) session.execute(sql)).rows();
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertFails(String sql, String position) {
        return assertThatThrownBy(() -> session.execute(sql))
                .isInstanceOf(SqlExecutionException.class)
                .satisfies(e -> assertThat(((SqlExecutionException) e).line() + ":" + ((SqlExecutionException) e).column())
                        .isEqualTo(position));
    }

    @Test
    void createDescribeShowAndDropTables() {
        assertThat(message("""
                CREATE TABLE orders (
                  id BIGINT NOT NULL,
                  customer STRING,
                  amount DOUBLE,
                  price DECIMAL(10, 2),
                  ratio FLOAT,
                  ts TIMESTAMP(3),
                  seen TIMESTAMP_LTZ(3),
                  payload BYTES
                ) WITH ('connector' = 'datagen', 'rows-per-second' = '5')""")).isEqualTo("Table has been created.");
        assertThat(message("CREATE TABLE sink (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '/tmp/runnel-unused', 'format' = 'json')"))
                .isEqualTo("Table has been created.");

        assertThat(rows("SHOW TABLES")).containsExactly(Row.of("orders"), Row.of("sink"));
        StatementResult.Table described = (StatementResult.Table) session.execute("DESCRIBE orders");
        assertThat(described.columns()).extracting(ColumnInfo::name)
                .containsExactly("name", "type", "null", "key", "extras", "watermark");
        assertThat(described.rows()).containsExactly(
                Row.of("id", "BIGINT", false, "", "", ""),
                Row.of("customer", "STRING", true, "", "", ""),
                Row.of("amount", "DOUBLE", true, "", "", ""),
                Row.of("price", "DECIMAL(10, 2)", true, "", "", ""),
                Row.of("ratio", "FLOAT", true, "", "", ""),
                Row.of("ts", "TIMESTAMP(3)", true, "", "", ""),
                Row.of("seen", "TIMESTAMP_LTZ(3)", true, "", "", ""),
                Row.of("payload", "BYTES", true, "", "", ""));

        assertThat(message("DROP TABLE orders")).isEqualTo("Table has been dropped.");
        assertThat(message("DROP TABLE IF EXISTS orders")).isEqualTo("Table does not exist.");
        assertThat(rows("SHOW TABLES")).containsExactly(Row.of("sink"));
    }

    @Test
    void tableNameErrorsPointAtTheName() {
        message("CREATE TABLE t (id INT) WITH ('connector' = 'filesystem', 'path' = '/tmp/runnel-unused', 'format' = 'json')");

        assertFails("CREATE TABLE t (id INT) WITH ('connector' = 'filesystem', 'path' = '/tmp/runnel-unused', 'format' = 'json')", "1:14")
                .hasMessage("Table default_catalog.default_database.t already exists");
        assertThat(message("CREATE TABLE IF NOT EXISTS t (id INT) WITH ('connector' = 'filesystem', 'path' = '/tmp/runnel-unused', 'format' = 'json')"))
                .isEqualTo("Table already exists.");
        assertFails("DROP TABLE\n  nope", "2:3")
                .hasMessage("Table with identifier 'default_catalog.default_database.nope' does not exist");
        assertFails("DESCRIBE nope", "1:10")
                .hasMessage("Table with identifier 'default_catalog.default_database.nope' does not exist");
        assertFails("CREATE TABLE other_catalog.db.t (id INT) WITH ('connector' = 'filesystem', 'path' = '/tmp/runnel-unused', 'format' = 'json')", "1:14")
                .hasMessageStartingWith("Catalog 'other_catalog' does not exist");
        assertThat(message("DROP TABLE default_catalog.default_database.t")).isEqualTo("Table has been dropped.");
    }

    @Test
    void connectorOptionErrorsFailAtCreateAndPointAtTheKeyOrTheBadValue() {
        assertFails("""
                CREATE TABLE orders (id BIGINT)
                WITH (
                  'connector' = 'datagen',
                  'rows-per-secnd' = '5'
                )""", "4:3")
                .hasMessageStartingWith("Unsupported option 'rows-per-secnd' for connector 'datagen' of table "
                        + "default_catalog.default_database.orders. Did you mean 'rows-per-second'?");
        assertFails("CREATE TABLE t (id BIGINT) WITH ('connector' = 'kafkaa')", "1:48")
                .hasMessageStartingWith("Unknown connector 'kafkaa' for table default_catalog.default_database.t");
        assertFails("CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = 'fast')", "1:79")
                .hasMessageStartingWith("Invalid value 'fast' for option 'rows-per-second'");

        assertThat(rows("SHOW TABLES")).as("nothing was created").isEmpty();
    }

    @Test
    void columnErrorsPointAtTheColumn() {
        assertFails("CREATE TABLE t (\n  id INT,\n  id BIGINT\n) WITH ('connector' = 'filesystem', 'path' = '/tmp/runnel-unused', 'format' = 'json')", "3:3")
                .hasMessage("Duplicate column name 'id' in table 't'");
    }

    @Test
    void setAndResetSessionProperties() {
        assertThat(message("SET 'parallelism.default' = '2'")).isEqualTo("Session property has been set.");
        assertThat(message("SET 'pipeline.name' = 'anything'")).isEqualTo("Session property has been set.");
        assertThat(rows("SET")).containsExactly(
                Row.of("parallelism.default", "2"),
                Row.of("pipeline.max-parallelism", "64"),
                Row.of("pipeline.name", "anything"));

        assertFails("SET 'parallelism.default' = '0'", "1:29")
                .hasMessage("Invalid value '0' for option 'parallelism.default': expected a positive integer");
        assertFails("SET 'table.local-time-zone' = 'Mars/Olympus'", "1:31")
                .hasMessageStartingWith("Invalid value 'Mars/Olympus' for option 'table.local-time-zone'");

        assertThat(message("RESET 'parallelism.default'")).isEqualTo("Session property has been reset.");
        assertThat(session.configuration().contains("parallelism.default")).isFalse();
        message("SET 'pipeline.max-parallelism' = '8'");
        assertThat(message("RESET")).isEqualTo("All session properties have been reset.");
        assertThat(rows("SET")).containsExactly(Row.of("pipeline.max-parallelism", "64"));
    }

    @Test
    void stoppingAnUnknownJobFails() {
        assertFails("STOP JOB '00000000000000000000000000000000'", "1:10")
                .hasMessage("Job '00000000000000000000000000000000' does not exist");
    }

    @Test
    void savepointsOfUnknownJobsFailAtTheJobId() {
        assertFails("SAVEPOINT '00000000000000000000000000000000'", "1:11")
                .hasMessage("Job '00000000000000000000000000000000' does not exist");
        assertFails("STOP JOB '00000000000000000000000000000000' WITH SAVEPOINT", "1:10")
                .hasMessage("Job '00000000000000000000000000000000' does not exist");
    }

    @Test
    void rescalingAnUnknownJobFailsAtTheJobId() {
        // the same answer with or without a JobManager that rescales: the job is looked up first
        assertFails("ALTER JOB '00000000000000000000000000000000' SET ('parallelism' = '2')", "1:11")
                .hasMessage("Job '00000000000000000000000000000000' does not exist");
    }

    @Test
    void unsupportedStatementsAreNamed() {
        assertFails("SELECT id, COVAR_POP(id, id) FROM (VALUES (1)) AS t(id) GROUP BY id", "1:12")
                .hasMessage("The aggregate function COVAR_POP is not supported yet");
        assertFails("EXPLAIN PLAN WITH TYPE FOR SELECT 1", "1:1")
                .hasMessageStartingWith("EXPLAIN PLAN with Calcite's options (WITH TYPE, AS JSON, ...) is not supported");
        assertThat(rows("SHOW TABLES")).isEmpty();
    }
}
