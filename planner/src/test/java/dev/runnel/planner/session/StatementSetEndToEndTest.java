package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.partFileLines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Statement sets run through a {@link Session} on an embedded cluster with 2 slots. */
class StatementSetEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private Session sessionWithTables(Path small, Path big) {
        Session session = new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", "2")));
        session.execute("""
                CREATE TABLE numbers (id BIGINT) WITH (
                  'connector' = 'datagen', 'number-of-rows' = '100',
                  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '100')""");
        session.execute("CREATE TABLE small (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '" + small
                + "', 'format' = 'csv')");
        session.execute("CREATE TABLE big (id BIGINT, tag STRING) WITH ('connector' = 'filesystem', 'path' = '" + big
                + "', 'format' = 'csv')");
        return session;
    }

    @Test
    void executeStatementSetRunsOneJobThatReadsTheSourceOnce() throws Exception {
        Path small = dir.resolve("small");
        Path big = dir.resolve("big");
        try (Session session = sessionWithTables(small, big)) {
            var job = (StatementResult.JobSubmitted) session.execute("""
                    EXECUTE STATEMENT SET BEGIN
                      INSERT INTO small SELECT id FROM numbers WHERE id <= 10;
                      INSERT INTO big SELECT id, 'big' FROM numbers WHERE id > 90;
                    END""");

            assertThat(job.jobName()).isEqualTo(
                    "insert-into_default_catalog.default_database.small,default_catalog.default_database.big");
            JobInfo end = CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS);
            assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
            assertThat(partFileLines(small)).containsExactlyElementsOf(numbers(1, 10, ""));
            assertThat(partFileLines(big)).containsExactlyElementsOf(numbers(91, 100, ",big"));

            var jobs = (StatementResult.Table) session.execute("SHOW JOBS");
            List<Row> ours = jobs.rows().stream().filter(r -> r.fields()[0].equals(job.jobId().value())).toList();
            assertThat(ours).hasSize(1);
            // records in: the source's rows, counted once although two branches read them
            assertThat(ours.get(0).fields()[5]).isEqualTo(100L);
            assertThat(ours.get(0).fields()[6]).isEqualTo(20L);
        }
    }

    @Test
    void beginStatementSetCollectsInsertsUntilEnd() throws Exception {
        Path small = dir.resolve("small");
        Path big = dir.resolve("big");
        try (Session session = sessionWithTables(small, big)) {
            assertThat(session.execute("BEGIN STATEMENT SET"))
                    .isEqualTo(new StatementResult.Message("Begin a statement set."));
            assertThat(session.inStatementSet()).isTrue();
            assertThat(session.execute("INSERT INTO small SELECT id FROM numbers WHERE id = 1"))
                    .isEqualTo(new StatementResult.Message("Add SQL update statement to the statement set."));
            assertThat(session.execute("INSERT INTO big SELECT id, 'x' FROM numbers WHERE id = 2"))
                    .isEqualTo(new StatementResult.Message("Add SQL update statement to the statement set."));
            assertThat(CLUSTER.cluster().listJobs()).noneMatch(j -> j.name().contains("small"));

            var job = (StatementResult.JobSubmitted) session.execute("END");

            assertThat(session.inStatementSet()).isFalse();
            assertThat(CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS).status())
                    .isEqualTo(JobStatus.FINISHED);
            assertThat(partFileLines(small)).containsExactly("1");
            assertThat(partFileLines(big)).containsExactly("2,x");
        }
    }

    @Test
    void insideAStatementSetOnlyInsertsAreAllowedAndErrorsPointAtTheStatement() {
        try (Session session = sessionWithTables(dir.resolve("s"), dir.resolve("b"))) {
            session.execute("BEGIN STATEMENT SET");

            assertThatThrownBy(() -> session.execute("SELECT * FROM numbers"))
                    .hasMessage("Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' "
                            + "statement to submit Statement Set.");
            assertThatThrownBy(() -> session.execute("INSERT INTO small\nSELECT nope FROM numbers"))
                    .isInstanceOfSatisfying(SqlExecutionException.class, e -> {
                        assertThat(e.line()).isEqualTo(2);
                        assertThat(e.column()).isEqualTo(8);
                    });
            assertThat(session.inStatementSet()).isTrue();
            assertThat(session.execute("END"))
                    .isEqualTo(new StatementResult.Message("No statement in the statement set, skip submit."));
        }
    }

    @Test
    void aTableReadTwiceInOneQueryGivesEveryRowTwice() {
        try (Session session = sessionWithTables(dir.resolve("s"), dir.resolve("b"))) {
            var result = (QueryResult) session.execute(
                    "SELECT id FROM numbers WHERE id <= 3 UNION ALL SELECT id * 10 FROM numbers WHERE id <= 2");
            List<Object> ids = new ArrayList<>();
            while (true) {
                var chunk = result.fetch(java.time.Duration.ofSeconds(10));
                chunk.rows().forEach(r -> ids.add(r.fields()[0]));
                if (chunk.endOfResult()) {
                    break;
                }
            }
            assertThat(ids).containsExactlyInAnyOrder(1L, 2L, 3L, 10L, 20L);
        }
    }

    @Test
    void endWithoutBeginIsAnError() {
        try (Session session = new Session(CLUSTER.cluster(), new Configuration())) {
            assertThatThrownBy(() -> session.execute("END"))
                    .hasMessage("No Statement Set to submit. 'END' statement should be used after "
                            + "'BEGIN STATEMENT SET'.");
        }
    }

    @Test
    void insertOverwriteIsRejectedAtTheTableNamingTheConnector() {
        try (Session session = sessionWithTables(dir.resolve("s"), dir.resolve("b"))) {
            assertThatThrownBy(() -> session.execute("INSERT OVERWRITE\n  small SELECT id FROM numbers"))
                    .isInstanceOfSatisfying(SqlExecutionException.class, e -> {
                        assertThat(e.getMessage()).isEqualTo("INSERT OVERWRITE is not supported by table "
                                + "'default_catalog.default_database.small': connector 'filesystem' cannot overwrite "
                                + "in streaming mode (the only execution.runtime-mode Runnel runs); use INSERT INTO");
                        assertThat(e.line()).isEqualTo(2);
                        assertThat(e.column()).isEqualTo(3);
                    });
            assertThatThrownBy(() -> session.execute("EXPLAIN INSERT OVERWRITE small SELECT id FROM numbers"))
                    .hasMessageStartingWith("INSERT OVERWRITE is not supported by table");
            assertThatThrownBy(() -> session.execute(
                    "EXECUTE STATEMENT SET BEGIN INSERT OVERWRITE small SELECT id FROM numbers; END"))
                    .hasMessageStartingWith("INSERT OVERWRITE is not supported by table");
        }
    }

    private static List<String> numbers(long from, long to, String suffix) {
        return LongStream.rangeClosed(from, to).mapToObj(i -> i + suffix).sorted().toList();
    }

}
