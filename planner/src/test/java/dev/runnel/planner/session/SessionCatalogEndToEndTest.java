package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.EndToEndSupport.partFileLines;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Queries through views and database-qualified tables, run on an embedded cluster. */
class SessionCatalogEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private static Session session() {
        return new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", "1")));
    }

    private static void awaitFinished(StatementResult.JobSubmitted job) throws Exception {
        assertThat(CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.FINISHED);
    }

    @Test
    void selectFromAViewOverAViewInAnotherDatabase() throws Exception {
        Path in = dir.resolve("orders.json");
        Files.writeString(in, """
                {"id":1,"amount":150.5,"customer":"ann"}
                {"id":2,"amount":99.0,"customer":"bob"}
                {"id":3,"amount":null,"customer":"cy"}
                {"id":4,"amount":420.25,"customer":"dee"}
                """);
        try (Session session = session()) {
            session.execute("CREATE DATABASE shop");
            session.execute("CREATE TABLE shop.orders (id BIGINT, amount DOUBLE, customer STRING) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + in + "', 'format' = 'json')");
            session.execute("USE shop");
            session.execute("CREATE VIEW priced (order_id, amt, who) AS SELECT id, amount, customer FROM orders "
                    + "WHERE amount IS NOT NULL");
            session.execute("USE default_database");
            session.execute("CREATE TEMPORARY VIEW big AS SELECT order_id, UPPER(who) AS who FROM shop.priced "
                    + "WHERE amt > 100");

            QueryResult result = (QueryResult) session.execute("SELECT who, order_id * 10 AS x FROM big WHERE order_id > 1");

            assertThat(result.columns()).extracting(ColumnInfo::name).containsExactly("who", "x");
            assertThat(fetchAll(result)).containsExactly(Row.of("DEE", 40L));
        }
    }

    @Test
    void insertIntoADatabaseQualifiedTableFromAView() throws Exception {
        Path out = dir.resolve("out");
        try (Session session = session()) {
            session.execute("CREATE DATABASE sink_db");
            session.execute("CREATE TABLE default_catalog.sink_db.evens (id BIGINT, tag STRING) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'json')");
            session.execute("CREATE TABLE numbers (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '6', "
                    + "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '6')");
            session.execute("CREATE VIEW evens_v AS SELECT id, 'even' AS tag FROM numbers WHERE MOD(id, 2) = 0");

            StatementResult.JobSubmitted job = (StatementResult.JobSubmitted) session.execute(
                    "INSERT INTO sink_db.evens SELECT * FROM evens_v");

            assertThat(job.jobName()).isEqualTo("insert-into_default_catalog.sink_db.evens");
            awaitFinished(job);
            assertThat(partFileLines(out)).containsExactly(
                    "{\"id\":2,\"tag\":\"even\"}", "{\"id\":4,\"tag\":\"even\"}", "{\"id\":6,\"tag\":\"even\"}");
        }
    }

    @Test
    void aRenamedTableIsQueriedUnderItsNewName() throws Exception {
        try (Session session = session()) {
            session.execute("CREATE TABLE n (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '3', "
                    + "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3')");
            session.execute("ALTER TABLE n RENAME TO m");
            session.execute("ALTER TABLE m SET ('fields.id.end' = '2', 'number-of-rows' = '2')");

            QueryResult result = (QueryResult) session.execute("SELECT id FROM m");

            assertThat(fetchAll(result)).containsExactly(Row.of(1L), Row.of(2L));
        }
    }
}
