package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A changelog source (a {@code debezium-json} file) through queries and sinks: its rows keep
 * their kinds through calcs into query results and changelog sinks, and sinks that take only
 * inserts refuse it at planning time.
 */
class ChangelogEndToEndTest {
    private static final String EVENTS = """
            {"before":null,"after":{"id":1,"name":"alice","score":10},"op":"c"}
            {"before":null,"after":{"id":2,"name":"bob","score":20},"op":"r"}
            {"before":{"id":1,"name":"alice","score":10},"after":{"id":1,"name":"alicia","score":15},"op":"u"}
            {"before":{"id":2,"name":"bob","score":20},"after":null,"op":"d"}
            {"before":null,"after":{"id":3,"name":"carol","score":30},"op":"c"}
            """;

    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private Session session(int parallelism) throws IOException {
        Path in = dir.resolve("users.json");
        Files.writeString(in, EVENTS);
        Session session = new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default",
                String.valueOf(parallelism))));
        session.execute("CREATE TABLE users (id BIGINT, name STRING, score INT) WITH ('connector' = 'filesystem', "
                + "'path' = '" + in + "', 'format' = 'debezium-json')");
        return session;
    }

    private static Row row(RowKind kind, Object... values) {
        return Row.ofKind(kind, values);
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void aSelectShowsTheChangelog(int parallelism) throws IOException {
        try (Session session = session(parallelism)) {
            QueryResult result = (QueryResult) session.execute("SELECT * FROM users");
            assertThat(fetchAll(result)).containsExactly(
                    row(RowKind.INSERT, 1L, "alice", 10),
                    row(RowKind.INSERT, 2L, "bob", 20),
                    row(RowKind.UPDATE_BEFORE, 1L, "alice", 10),
                    row(RowKind.UPDATE_AFTER, 1L, "alicia", 15),
                    row(RowKind.DELETE, 2L, "bob", 20),
                    row(RowKind.INSERT, 3L, "carol", 30));
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void rowsPassingACalcKeepTheirKind(int parallelism) throws IOException {
        try (Session session = session(parallelism)) {
            QueryResult result = (QueryResult) session.execute(
                    "SELECT UPPER(name) AS name, score * 2 AS doubled FROM users WHERE id < 3");
            assertThat(fetchAll(result)).containsExactly(
                    row(RowKind.INSERT, "ALICE", 20),
                    row(RowKind.INSERT, "BOB", 40),
                    row(RowKind.UPDATE_BEFORE, "ALICE", 20),
                    row(RowKind.UPDATE_AFTER, "ALICIA", 30),
                    row(RowKind.DELETE, "BOB", 40));
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void anInsertIntoADebeziumSinkWritesTheChangelog(int parallelism) throws Exception {
        Path out = dir.resolve("out");
        try (Session session = session(parallelism)) {
            session.execute("CREATE TABLE names (id BIGINT, name STRING) WITH ('connector' = 'filesystem', "
                    + "'path' = '" + out + "', 'format' = 'debezium-json')");
            StatementResult.JobSubmitted job = (StatementResult.JobSubmitted) session.execute(
                    "INSERT INTO names SELECT id, name FROM users WHERE id <> 3");
            assertThat(CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS).status())
                    .isEqualTo(JobStatus.FINISHED);
        }
        // one reader read the one file, so one part file holds the changelog in order
        assertThat(Files.readAllLines(onlyPartFile(out))).containsExactly(
                "{\"before\":null,\"after\":{\"id\":1,\"name\":\"alice\"},\"op\":\"c\"}",
                "{\"before\":null,\"after\":{\"id\":2,\"name\":\"bob\"},\"op\":\"c\"}",
                "{\"before\":{\"id\":1,\"name\":\"alice\"},\"after\":null,\"op\":\"d\"}",
                "{\"before\":null,\"after\":{\"id\":1,\"name\":\"alicia\"},\"op\":\"c\"}",
                "{\"before\":{\"id\":2,\"name\":\"bob\"},\"after\":null,\"op\":\"d\"}");
    }

    private static Path onlyPartFile(Path directory) throws IOException {
        try (var files = Files.list(directory)) {
            List<Path> parts = files.filter(p -> p.getFileName().toString().startsWith("part-"))
                    .filter(p -> p.toFile().length() > 0).toList();
            assertThat(parts).hasSize(1);
            return parts.get(0);
        }
    }

    @Test
    void anInsertIntoAnAppendOnlySinkIsRefusedAtPlanning() throws IOException {
        Path out = dir.resolve("plain");
        try (Session session = session(1)) {
            session.execute("CREATE TABLE plain (id BIGINT, name STRING) WITH ('connector' = 'filesystem', "
                    + "'path' = '" + out + "', 'format' = 'json')");
            String scan = "TableSourceScan(table=[default_catalog.default_database.users], connector=[filesystem], "
                    + "fields=[id, name, score])";
            assertThatThrownBy(() -> session.execute("INSERT INTO plain SELECT id, UPPER(name) FROM users"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessage("Table sink 'default_catalog.default_database.plain' doesn't support consuming update "
                            + "and delete changes which is produced by node " + scan);
            // through a union, the changelog input is named; EXPLAIN plans the same way
            assertThatThrownBy(() -> session.execute("EXPLAIN INSERT INTO plain SELECT id, name FROM users "
                    + "UNION ALL SELECT 7, 'x'"))
                    .hasMessageEndingWith("which is produced by node " + scan);
            assertThat(Files.exists(out)).as("nothing ran").isFalse();
        }
    }

    @Test
    void sinksThatTakeChangelogsAcceptIt() throws IOException {
        try (Session session = session(1)) {
            session.execute("CREATE TABLE shown (id BIGINT, name STRING) WITH ('connector' = 'print')");
            session.execute("CREATE TABLE dropped (id BIGINT, name STRING) WITH ('connector' = 'blackhole')");
            for (String sink : List.of("shown", "dropped")) {
                assertThat(session.execute("EXPLAIN INSERT INTO " + sink + " SELECT id, name FROM users"))
                        .isInstanceOf(StatementResult.Table.class);
            }
        }
    }

    @Test
    void explainChangelogModeShowsTheChangelogScan() throws IOException {
        try (Session session = session(1)) {
            StatementResult.Table explained = (StatementResult.Table) session.execute(
                    "EXPLAIN CHANGELOG_MODE SELECT id, name FROM users WHERE score > 10");
            assertThat((String) explained.rows().get(0).getField(0)).contains("""
                    == Optimized Physical Plan ==
                    Calc(select=[id, name], where=[>(score, 10)], changelogMode=[I,UB,UA,D])
                    +- TableSourceScan(table=[default_catalog.default_database.users], connector=[filesystem], \
                    fields=[id, name, score], changelogMode=[I,UB,UA,D])
                    """);
        }
    }

    @Test
    void aBadEventFailsTheQueryNamingFileLineAndField() throws IOException {
        try (Session session = session(1)) {
            Path bad = dir.resolve("bad.json");
            Files.writeString(bad, EVENTS + "{\"before\":null,\"after\":{\"id\":\"four\"},\"op\":\"c\"}\n");
            session.execute("CREATE TABLE broken (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '" + bad
                    + "', 'format' = 'debezium-json')");
            QueryResult result = (QueryResult) session.execute("SELECT * FROM broken");
            assertThatThrownBy(() -> fetchAll(result)).isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("Cannot read line 6 of file " + bad + " of table "
                            + "default_catalog.default_database.broken: field 'after.id': cannot read 'four' as BIGINT");
        }
    }
}
