package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.Values;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Filesystem tables PARTITIONED BY columns, written and read back through SQL on an embedded cluster. */
class PartitionedFileSystemEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private static Session session(int parallelism) {
        return new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", String.valueOf(parallelism))));
    }

    private static void awaitFinished(StatementResult result) throws Exception {
        var job = (StatementResult.JobSubmitted) result;
        assertThat(CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.FINISHED);
    }

    private String createEvents(Path out, String extraOptions) {
        return "CREATE TABLE events (id BIGINT, name STRING, dt STRING, hr INT) PARTITIONED BY (dt, hr) WITH ("
                + "'connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'csv'" + extraOptions + ")";
    }

    private static final String EIGHT_EVENTS = "INSERT INTO events SELECT id, name, dt, hr FROM (VALUES "
            + "(1, 'a', '2024-01-01', 10), (2, 'b', '2024-01-01', 11), (3, 'c', '2024-01-02', 10), "
            + "(4, 'd', '2024-01-01', 10), (5, 'e', '2024-01-02', 10), (6, 'f', CAST(NULL AS STRING), 10), "
            + "(7, 'g', '2024-01-01', CAST(NULL AS INT)), (8, 'h', '2024-01-01', 11)) AS v(id, name, dt, hr)";

    /** Every file below {@code root} without the part files' unique names, and each part file's lines. */
    private static List<String> tree(Path root) throws IOException {
        List<String> entries = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                String rel = root.relativize(p).toString();
                if (rel.startsWith(".")) {
                    continue;
                }
                String dirName = rel.contains("/") ? rel.substring(0, rel.lastIndexOf('/') + 1) : "";
                if (p.getFileName().toString().startsWith("part-")) {
                    for (String line : Files.readAllLines(p)) {
                        entries.add(dirName + "part: " + line);
                    }
                } else {
                    entries.add(rel);
                }
            }
        }
        entries.sort(null);
        return entries;
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void insertWritesPartitionDirectoriesAndSelectReadsThemBack(int parallelism) throws Exception {
        Path out = dir.resolve("events");
        try (Session session = session(parallelism)) {
            session.execute(createEvents(out, ", 'sink.partition-commit.policy.kind' = 'success-file'"));
            awaitFinished(session.execute(EIGHT_EVENTS));

            // partition columns are in the directory names only, as in Flink
            assertThat(tree(out)).containsExactly(
                    "dt=2024-01-01/hr=10/_SUCCESS", "dt=2024-01-01/hr=10/part: 1,a", "dt=2024-01-01/hr=10/part: 4,d",
                    "dt=2024-01-01/hr=11/_SUCCESS", "dt=2024-01-01/hr=11/part: 2,b", "dt=2024-01-01/hr=11/part: 8,h",
                    "dt=2024-01-01/hr=__DEFAULT_PARTITION__/_SUCCESS",
                    "dt=2024-01-01/hr=__DEFAULT_PARTITION__/part: 7,g",
                    "dt=2024-01-02/hr=10/_SUCCESS", "dt=2024-01-02/hr=10/part: 3,c", "dt=2024-01-02/hr=10/part: 5,e",
                    "dt=__DEFAULT_PARTITION__/hr=10/_SUCCESS", "dt=__DEFAULT_PARTITION__/hr=10/part: 6,f");

            QueryResult all = (QueryResult) session.execute("SELECT * FROM events");
            assertThat(all.columns()).extracting(ColumnInfo::name).containsExactly("id", "name", "dt", "hr");
            assertThat(fetchAll(all)).containsExactlyInAnyOrder(
                    Row.of(1L, "a", "2024-01-01", 10), Row.of(2L, "b", "2024-01-01", 11),
                    Row.of(3L, "c", "2024-01-02", 10), Row.of(4L, "d", "2024-01-01", 10),
                    Row.of(5L, "e", "2024-01-02", 10), Row.of(6L, "f", null, 10),
                    Row.of(7L, "g", "2024-01-01", null), Row.of(8L, "h", "2024-01-01", 11));
            QueryResult filtered = (QueryResult) session.execute(
                    "SELECT id, hr + 1 AS next_hr FROM events WHERE dt = '2024-01-01' AND hr > 10");
            assertThat(fetchAll(filtered)).containsExactlyInAnyOrder(Row.of(2L, 12), Row.of(8L, 12));
        }
    }

    @Test
    void partitionColumnsOfOtherTypesAndInAnyPositionRoundTrip() throws Exception {
        Path out = dir.resolve("typed");
        try (Session session = session(1)) {
            session.execute("CREATE TABLE typed (d DATE, v DOUBLE, flag BOOLEAN, amount DECIMAL(6, 2)) "
                    + "PARTITIONED BY (d, flag) WITH ('connector' = 'filesystem', 'path' = '" + out + "', "
                    + "'format' = 'json')");
            awaitFinished(session.execute("INSERT INTO typed VALUES (DATE '2024-02-29', 1.5, TRUE, 3.25), "
                    + "(DATE '2024-03-01', 2.5, FALSE, 4.5)"));

            assertThat(tree(out)).containsExactly("d=2024-02-29/flag=true/part: {\"v\":1.5,\"amount\":3.25}",
                    "d=2024-03-01/flag=false/part: {\"v\":2.5,\"amount\":4.50}");
            assertThat(fetchAll((QueryResult) session.execute("SELECT d, flag, amount FROM typed WHERE v > 2")))
                    .containsExactly(Row.of(Values.parseDate("2024-03-01"), false, new java.math.BigDecimal("4.50")));
        }
    }

    @Test
    void aDirectoryValueThatIsNotOfTheColumnsTypeFailsTheQueryNamingIt() throws Exception {
        Path out = dir.resolve("bad");
        Files.createDirectories(out.resolve("hr=ten"));
        Files.writeString(out.resolve("hr=ten/data.csv"), "1\n");
        try (Session session = session(1)) {
            session.execute("CREATE TABLE bad (id INT, hr INT) PARTITIONED BY (hr) WITH ('connector' = 'filesystem', "
                    + "'path' = '" + out + "', 'format' = 'csv')");
            QueryResult result = (QueryResult) session.execute("SELECT * FROM bad");
            assertThatThrownBy(() -> fetchAll(result)).hasMessageContaining("Partition directory 'hr=ten' has a value "
                    + "that is not a INT");
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void staticPartitionsAndShowPartitions(int parallelism) throws Exception {
        Path out = dir.resolve("static");
        try (Session session = session(parallelism)) {
            session.execute(createEvents(out, ""));
            // every partition column static: the query gives id and name
            awaitFinished(session.execute("INSERT INTO events PARTITION (dt = '2024-01-01', hr = 10) "
                    + "VALUES (1, 'a'), (2, 'b')"));
            // dt static, hr dynamic: the query gives id, name and hr, in table order
            awaitFinished(session.execute("INSERT INTO events PARTITION (dt = '2024-01-02') "
                    + "SELECT id, name, hr FROM (VALUES (3, 'c', 7), (4, 'd', 8)) AS v(id, name, hr)"));
            // a column list names the query's columns; the static ones come from the clause
            awaitFinished(session.execute("EXECUTE INSERT INTO events PARTITION (hr = 9) (name, dt, id) "
                    + "VALUES ('e', '2024-01-03', 5)"));

            assertThat(tree(out)).containsExactly("dt=2024-01-01/hr=10/part: 1,a", "dt=2024-01-01/hr=10/part: 2,b",
                    "dt=2024-01-02/hr=7/part: 3,c", "dt=2024-01-02/hr=8/part: 4,d", "dt=2024-01-03/hr=9/part: 5,e");
            StatementResult.Table partitions = (StatementResult.Table) session.execute("SHOW PARTITIONS events");
            assertThat(partitions.columns()).extracting(ColumnInfo::name).containsExactly("partition name");
            assertThat(partitions.rows()).extracting(r -> r.getField(0)).containsExactly("dt=2024-01-01/hr=10",
                    "dt=2024-01-02/hr=7", "dt=2024-01-02/hr=8", "dt=2024-01-03/hr=9");
            assertThat(((StatementResult.Table) session.execute(
                    "SHOW PARTITIONS events PARTITION (dt = '2024-01-02')")).rows()).extracting(r -> r.getField(0))
                    .containsExactly("dt=2024-01-02/hr=7", "dt=2024-01-02/hr=8");
            assertThat(((StatementResult.Table) session.execute("SHOW PARTITIONS events PARTITION (hr = 9)")).rows())
                    .extracting(r -> r.getField(0)).containsExactly("dt=2024-01-03/hr=9");
        }
    }

    @Test
    void staticPartitionErrorsNameTheColumn() {
        try (Session session = session(1)) {
            session.execute(createEvents(dir.resolve("errors"), ""));
            session.execute("CREATE TABLE flat (id BIGINT) WITH ('connector' = 'blackhole')");
            assertThatThrownBy(() -> session.execute("INSERT INTO events PARTITION (name = 'x') VALUES (1, 'a', 2)"))
                    .isInstanceOf(SqlExecutionException.class).hasMessage("Static partition column 'name' is not a "
                            + "partition column of table default_catalog.default_database.events; its partition "
                            + "columns are [dt, hr]");
            assertThatThrownBy(() -> session.execute("INSERT INTO events PARTITION (hr = 1, hr = 2) VALUES (1, 'a', 'b')"))
                    .hasMessage("Duplicate static partition column 'hr'");
            assertThatThrownBy(() -> session.execute("INSERT INTO events PARTITION (hr = 1) (id, hr) VALUES (1, 2)"))
                    .hasMessage("Column 'hr' has a static value in the PARTITION clause and cannot also be in the "
                            + "column list");
            assertThatThrownBy(() -> session.execute("INSERT INTO flat PARTITION (id = 1) VALUES (1)"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessage("Table default_catalog.default_database.flat is not partitioned, so it takes no "
                            + "PARTITION clause");
            assertThatThrownBy(() -> session.execute("SHOW PARTITIONS flat"))
                    .hasMessage("Table default_catalog.default_database.flat is not partitioned");
            assertThatThrownBy(() -> session.execute("SHOW PARTITIONS events PARTITION (id = 1)"))
                    .hasMessageStartingWith("Column 'id' is not a partition column");
            assertThat(((StatementResult.Table) session.execute("SHOW PARTITIONS events")).rows()).isEmpty();
        }
    }
}
