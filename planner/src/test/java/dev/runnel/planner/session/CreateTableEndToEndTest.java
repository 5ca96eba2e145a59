package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.EndToEndSupport.partFileLines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Computed columns and CREATE TABLE ... AS SELECT running on an embedded cluster. */
class CreateTableEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private static Session session() {
        return new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", "1")));
    }

    private static final String ORDERS = """
            CREATE TABLE orders (
              id BIGINT,
              price DECIMAL(10, 2),
              qty INT,
              total AS price * qty,
              label AS 'order-' || CAST(id AS STRING),
              ts TIMESTAMP(3),
              WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
            ) WITH (
              'connector' = 'datagen', 'number-of-rows' = '5',
              'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '5',
              'fields.price.kind' = 'sequence', 'fields.price.start' = '10', 'fields.price.end' = '14',
              'fields.qty.kind' = 'sequence', 'fields.qty.start' = '1', 'fields.qty.end' = '5')""";

    private static void awaitFinished(StatementResult result) throws Exception {
        var job = (StatementResult.JobSubmitted) result;
        assertThat(CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.FINISHED);
    }

    @Test
    void queryReadsComputedColumns() {
        try (Session session = session()) {
            session.execute(ORDERS);
            QueryResult result = (QueryResult) session.execute("SELECT id, total, label FROM orders WHERE total > 30");

            assertThat(result.columns()).extracting(ColumnInfo::name).containsExactly("id", "total", "label");
            assertThat(fetchAll(result)).containsExactlyInAnyOrder(
                    Row.of(3L, new BigDecimal("36.00"), "order-3"),
                    Row.of(4L, new BigDecimal("52.00"), "order-4"),
                    Row.of(5L, new BigDecimal("70.00"), "order-5"));
        }
    }

    @Test
    void selectStarIncludesComputedColumnsInDeclaredOrder() {
        try (Session session = session()) {
            session.execute(ORDERS);
            QueryResult result = (QueryResult) session.execute("SELECT * FROM orders");

            assertThat(result.columns()).extracting(ColumnInfo::name)
                    .containsExactly("id", "price", "qty", "total", "label", "ts");
            assertThat(fetchAll(result)).hasSize(5);
        }
    }

    @Test
    void insertComputedColumnsIntoAFilesystemSink() throws Exception {
        Path out = dir.resolve("totals");
        try (Session session = session()) {
            session.execute(ORDERS);
            session.execute("CREATE TABLE totals (id BIGINT, total DECIMAL(12, 2)) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'csv')");

            awaitFinished(session.execute("INSERT INTO totals SELECT id, total FROM orders"));

            assertThat(partFileLines(out)).containsExactly("1,10.00", "2,22.00", "3,36.00", "4,52.00", "5,70.00");
        }
    }

    @Test
    void insertIntoATableWithComputedColumnsWritesOnlyThePhysicalOnes() throws Exception {
        Path out = dir.resolve("computed-sink");
        try (Session session = session()) {
            session.execute("CREATE TABLE sink (a INT, doubled AS a * 2, b STRING) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'csv')");

            awaitFinished(session.execute("INSERT INTO sink VALUES (1, 'x'), (2, 'y')"));

            assertThat(partFileLines(out)).containsExactly("1,x", "2,y");
            assertThatThrownBy(() -> session.execute("INSERT INTO sink (a, doubled) VALUES (1, 2)"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("doubled");
        }
    }

    @Test
    void createTableAsSelectCreatesTheTableAndRunsTheInsert() throws Exception {
        Path out = dir.resolve("ctas");
        try (Session session = session()) {
            session.execute(ORDERS);

            StatementResult result = session.execute("CREATE TABLE big_orders WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'json')\n"
                    + "AS SELECT id, total AS amount, UPPER(label) AS label FROM orders WHERE qty >= 4");

            var job = (StatementResult.JobSubmitted) result;
            assertThat(job.jobName()).isEqualTo("insert-into_default_catalog.default_database.big_orders");
            awaitFinished(result);
            assertThat(partFileLines(out)).containsExactly(
                    "{\"id\":4,\"amount\":52.00,\"label\":\"ORDER-4\"}",
                    "{\"id\":5,\"amount\":70.00,\"label\":\"ORDER-5\"}");
            List<Row> described = ((StatementResult.Table) session.execute("DESCRIBE big_orders")).rows();
            assertThat(described).extracting(r -> r.getField(0) + " " + r.getField(1))
                    .containsExactly("id BIGINT", "amount DECIMAL(21, 2)", "label STRING");
        }
    }

    @Test
    void createTableAsSelectWithDeclaredColumns() throws Exception {
        Path out = dir.resolve("ctas-columns");
        try (Session session = session()) {
            session.execute(ORDERS);

            awaitFinished(session.execute("CREATE TABLE t (note STRING, id INT, PRIMARY KEY (id) NOT ENFORCED) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'csv')"
                    + " AS SELECT id, qty FROM orders WHERE id < 3"));

            List<Row> described = ((StatementResult.Table) session.execute("DESCRIBE t")).rows();
            assertThat(described).extracting(r -> r.getField(0) + " " + r.getField(1) + " " + r.getField(3))
                    .containsExactly("note STRING ", "id INT PRI(id)", "qty INT ");
            assertThat(partFileLines(out)).containsExactly(",1,1", ",2,2");
        }
    }

    @Test
    void failingCreateTableAsSelectLeavesNoTable() {
        try (Session session = session()) {
            session.execute(ORDERS);

            assertThatThrownBy(() -> session.execute(
                    "CREATE TABLE bad WITH ('connector' = 'blackhole')\nAS SELECT nope FROM orders"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("nope")
                    .satisfies(e -> assertThat(((SqlExecutionException) e).line()).isEqualTo(2))
                    .satisfies(e -> assertThat(((SqlExecutionException) e).column()).isEqualTo(11));
            // datagen cannot be written to: planning the insert fails after the table was created.
            assertThatThrownBy(() -> session.execute(
                    "CREATE TABLE unreadable WITH ('connector' = 'datagen') AS SELECT id FROM orders"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("can only be read from, not written to");

            List<Row> tables = ((StatementResult.Table) session.execute("SHOW TABLES")).rows();
            assertThat(tables).containsExactly(Row.of("orders"));
        }
    }
}
