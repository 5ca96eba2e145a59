package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.EndToEndSupport.partFileLines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Statements run through a {@link Session} on an embedded cluster with 2 slots. */
class SessionEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private static Session session(int parallelism) {
        return new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", String.valueOf(parallelism))));
    }

    private static JobInfo awaitEnd(StatementResult.JobSubmitted job) throws Exception {
        return CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS);
    }

    @Test
    void selectOverValuesReturnsItsRows() {
        try (Session session = session(1)) {
            QueryResult result = (QueryResult) session.execute(
                    "SELECT x * 10 AS x10, UPPER(y) AS y FROM (VALUES (1, 'a'), (2, 'bb'), (3, CAST(NULL AS VARCHAR))) AS t(x, y)"
                            + " WHERE x > 1");

            assertThat(result.columns()).extracting(ColumnInfo::name).containsExactly("x10", "y");
            assertThat(result.columns().get(0).type()).isEqualTo(DataType.of(TypeRoot.INTEGER).notNull());
            assertThat(fetchAll(result)).containsExactly(Row.of(20, "BB"), Row.of(30, null));
        }
    }

    @Test
    void percentIsTheRemainderInSelectAndInComputedColumns() {
        try (Session session = session(1)) {
            session.execute("CREATE TABLE e (id BIGINT, k AS id % 7) WITH ("
                    + "'connector' = 'datagen', 'number-of-rows' = '10', 'fields.id.kind' = 'sequence',"
                    + " 'fields.id.start' = '5', 'fields.id.end' = '14')");
            QueryResult result = (QueryResult) session.execute("SELECT id, k, id % 4 AS m, -9 % 4 AS n FROM e WHERE id % 5 = 0");

            assertThat(fetchAll(result)).containsExactlyInAnyOrder(Row.of(5L, 5, 1, -1), Row.of(10L, 3, 2, -1));
        }
    }

    @Test
    void selectOverUnionAllReturnsTheRowsOfBothInputs() {
        try (Session session = session(2)) {
            QueryResult result = (QueryResult) session.execute(
                    "SELECT x FROM (VALUES (1), (2)) AS t(x) UNION ALL SELECT x + 100 FROM (VALUES (3)) AS u(x)");

            assertThat(fetchAll(result)).containsExactlyInAnyOrder(Row.of(1), Row.of(2), Row.of(103));
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void insertFromBoundedDatagenIntoJsonFiles(int parallelism) throws Exception {
        try (Session session = session(parallelism)) {
            session.execute("""
                    CREATE TABLE orders (id BIGINT, customer STRING) WITH (
                      'connector' = 'datagen', 'number-of-rows' = '20',
                      'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '20',
                      'fields.customer.length' = '3')""");
            Path out = dir.resolve("out");
            session.execute("CREATE TABLE evens (id BIGINT, tag STRING) WITH ('connector' = 'filesystem', 'path' = '"
                    + out + "', 'format' = 'json')");

            StatementResult.JobSubmitted job = (StatementResult.JobSubmitted) session.execute(
                    "INSERT INTO evens SELECT id * 10, CASE WHEN id > 10 THEN 'big' ELSE 'small' END"
                            + " FROM orders WHERE MOD(id, 2) = 0 AND CHAR_LENGTH(customer) = 3");

            assertThat(job.jobName()).isEqualTo("insert-into_default_catalog.default_database.evens");
            assertThat(awaitEnd(job).status()).isEqualTo(JobStatus.FINISHED);
            List<String> expected = new ArrayList<>();
            for (int id = 2; id <= 20; id += 2) {
                expected.add("{\"id\":" + (id * 10) + ",\"tag\":\"" + (id > 10 ? "big" : "small") + "\"}");
            }
            expected.sort(null);
            assertThat(partFileLines(out)).isEqualTo(expected);

            List<Row> jobs = ((StatementResult.Table) session.execute("SHOW JOBS")).rows();
            Row shown = jobs.stream().filter(r -> r.getField(0).equals(job.jobId().value())).findFirst().orElseThrow();
            assertThat(shown.getField(1)).isEqualTo("insert-into_default_catalog.default_database.evens");
            assertThat(shown.getField(2)).isEqualTo("FINISHED");
            assertThat(shown.getField(5)).as("records in").isEqualTo(20L);
            assertThat(shown.getField(6)).as("records out").isEqualTo(10L);
        }
    }

    @Test
    void insertFromJsonFileIntoJsonFiles() throws Exception {
        Path in = dir.resolve("in.json");
        Files.writeString(in, """
                {"id":1,"amount":150.5,"ts":"2024-01-02 03:04:05.678"}
                {"id":2,"amount":99.0,"ts":"2024-01-02 03:04:06.000"}
                {"id":3,"amount":null,"ts":null}
                {"id":4,"amount":420.25,"ts":"2024-01-03 00:00:00.001"}
                """);
        Path out = dir.resolve("big");
        try (Session session = session(1)) {
            session.execute("CREATE TABLE payments (id BIGINT, amount DOUBLE, ts TIMESTAMP(3)) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + in + "', 'format' = 'json')");
            session.execute("CREATE TABLE big_payments (id BIGINT, amount DECIMAL(10, 2), ts TIMESTAMP(3)) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'json')");

            StatementResult.JobSubmitted job = (StatementResult.JobSubmitted) session.execute(
                    "INSERT INTO big_payments SELECT id, amount, ts FROM payments WHERE amount > 100");

            assertThat(awaitEnd(job).status()).isEqualTo(JobStatus.FINISHED);
            assertThat(partFileLines(out)).containsExactly(
                    "{\"id\":1,\"amount\":150.50,\"ts\":\"2024-01-02 03:04:05.678\"}",
                    "{\"id\":4,\"amount\":420.25,\"ts\":\"2024-01-03 00:00:00.001\"}");
        }
    }

    @Test
    void stopJobCancelsARunningQuery() {
        try (Session session = session(1)) {
            session.execute("CREATE TABLE endless (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '10')");
            QueryResult result = (QueryResult) session.execute("SELECT id FROM endless");

            StatementResult stopped = session.execute("STOP JOB '" + result.jobId() + "'");

            assertThat(stopped).isEqualTo(new StatementResult.Message("Job has been stopped."));
            assertThat(CLUSTER.cluster().getJob(result.jobId()).status()).isEqualTo(JobStatus.CANCELED);
            // Its rows are not all there: whoever reads them learns that the job was stopped.
            assertThatThrownBy(() -> {
                for (int i = 0; i < 10; i++) {
                    result.fetch(Duration.ofSeconds(5));
                }
            }).isInstanceOf(SqlExecutionException.class)
                    .hasMessage("The query's job " + result.jobId() + " was cancelled (by STOP JOB, the REST API or "
                            + "the cluster stopping) before its result was complete");
        }
    }

    @Test
    void readingFromATableThatCannotBeReadPointsAtTheTable() {
        try (Session session = session(1)) {
            session.execute("CREATE TABLE orders (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1')");
            assertThatThrownBy(() -> session.execute("INSERT INTO orders\nSELECT id FROM orders"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("can only be read from, not written to")
                    .satisfies(e -> assertThat(((SqlExecutionException) e).line()).isEqualTo(1))
                    .satisfies(e -> assertThat(((SqlExecutionException) e).column()).isEqualTo(13));
        }
    }

    @Test
    void readingASinkOnlyTablePointsAtIt() throws Exception {
        try (Session session = session(2)) {
            session.execute("CREATE TABLE nowhere (id BIGINT) WITH ('connector' = 'blackhole')");
            session.execute("CREATE TABLE numbers (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1000')");

            assertThatThrownBy(() -> session.execute("SELECT id\nFROM nowhere"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("can only be written to, not read from")
                    .satisfies(e -> assertThat(((SqlExecutionException) e).line()).isEqualTo(2))
                    .satisfies(e -> assertThat(((SqlExecutionException) e).column()).isEqualTo(6));

            session.execute("SET 'pipeline.name' = 'nightly load'");
            StatementResult.JobSubmitted job = (StatementResult.JobSubmitted) session.execute(
                    "INSERT INTO nowhere SELECT id FROM numbers WHERE id IS NOT NULL");
            assertThat(job.jobName()).isEqualTo("nightly load");
            assertThat(awaitEnd(job).status()).isEqualTo(JobStatus.FINISHED);
            assertThat(CLUSTER.cluster().getJob(job.jobId()).recordsIn()).isEqualTo(1000L);
        }
    }

    @Test
    void writingNullIntoANotNullColumnFailsTheJob() throws Exception {
        try (Session session = session(1)) {
            session.execute("CREATE TABLE strict (id BIGINT NOT NULL) WITH ('connector' = 'filesystem', 'path' = '"
                    + dir.resolve("strict") + "', 'format' = 'json')");

            StatementResult.JobSubmitted job = (StatementResult.JobSubmitted) session.execute(
                    "INSERT INTO strict SELECT x FROM (VALUES (CAST(1 AS BIGINT)), (CAST(NULL AS BIGINT))) AS t(x)");

            JobInfo info = awaitEnd(job);
            assertThat(info.status()).isEqualTo(JobStatus.FAILED);
            assertThat(info.failureCause()).contains("Column 'id' of table default_catalog.default_database.strict"
                    + " is NOT NULL, however, a null value is being written into it");
        }
    }

    @Test
    void errorsLeaveTheSessionUsable() {
        try (Session session = session(1)) {
            assertThatThrownBy(() -> session.execute("SELECT nope FROM (VALUES (1)) AS t(x)"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessage("Column 'nope' not found in any table");
            assertThatThrownBy(() -> session.execute("SELEC 1"))
                    .isInstanceOf(SqlExecutionException.class)
                    .satisfies(e -> assertThat(((SqlExecutionException) e).line()).isEqualTo(1));

            QueryResult result = (QueryResult) session.execute("SELECT 1 + 1");
            assertThat(fetchAll(result)).containsExactly(Row.of(2));
        }
    }
}
