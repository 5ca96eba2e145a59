package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.partFileLines;
import static dev.runnel.planner.session.EndToEndSupport.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filesystem tables named by {@code file:} URIs, as Flink scripts name them, written and read
 * back through SQL: the rows land in the directory the URI names (not in a directory called
 * {@code file:} under the working directory), and every form of the same location reads them,
 * unpartitioned, partitioned and as the table of a lookup join.
 */
class FilePathsEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private static void run(Session session, String insert) throws Exception {
        var job = (StatementResult.JobSubmitted) session.execute(insert);
        var end = CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS);
        assertThat(end.status()).as(end.failureCause()).isEqualTo(JobStatus.FINISHED);
    }

    private static String csvTable(String name, String path) {
        return "CREATE TABLE " + name + " (id BIGINT, name STRING) WITH ('connector' = 'filesystem', 'path' = '"
                + path + "', 'format' = 'csv')";
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void anInsertIntoAFileUriWritesThereAndEveryFormOfItReadsItBack(int parallelism) throws Exception {
        // A space, as Flink takes it: literally, not percent-encoded.
        Path out = dir.resolve("my out");
        try (Session session = CLUSTER.session(parallelism, "hashmap")) {
            session.execute(csvTable("sink", "file://" + out));
            run(session, "INSERT INTO sink VALUES (1, 'a'), (2, 'b'), (3, 'c')");

            assertThat(partFileLines(out)).containsExactly("1,a", "2,b", "3,c");
            assertThat(Path.of("file:")).as("a directory named after the scheme").doesNotExist();
            List<String> forms = List.of("file://" + out, "file:" + out, "file://localhost" + out, out.toString(),
                    "FILE://" + out + "/");
            for (int i = 0; i < forms.size(); i++) {
                session.execute(csvTable("read" + i, forms.get(i)));
                assertThat(query(session, "SELECT id, name FROM read" + i)).as(forms.get(i))
                        .containsExactlyInAnyOrder(Row.of(1L, "a"), Row.of(2L, "b"), Row.of(3L, "c"));
            }
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void aPartitionedTableAtAFileUriWritesItsPartitionsThere(int parallelism) throws Exception {
        Path out = dir.resolve("events");
        try (Session session = CLUSTER.session(parallelism, "hashmap")) {
            session.execute("CREATE TABLE events (id BIGINT, dt STRING) PARTITIONED BY (dt) WITH ("
                    + "'connector' = 'filesystem', 'path' = 'file://" + out + "', 'format' = 'json',"
                    + " 'sink.partition-commit.policy.kind' = 'success-file')");
            run(session, "INSERT INTO events VALUES (1, '2024-01-01'), (2, '2024-01-02'), (3, '2024-01-01')");

            assertThat(tree(out)).containsExactly("dt=2024-01-01/_SUCCESS", "dt=2024-01-01/part: {\"id\":1}",
                    "dt=2024-01-01/part: {\"id\":3}", "dt=2024-01-02/_SUCCESS", "dt=2024-01-02/part: {\"id\":2}");
            session.execute("CREATE TABLE same_events WITH ('path' = '" + out + "') LIKE events");
            assertThat(query(session, "SELECT id FROM same_events WHERE dt = '2024-01-01'"))
                    .containsExactlyInAnyOrder(Row.of(1L), Row.of(3L));
            assertThat(((StatementResult.Table) session.execute("SHOW PARTITIONS events")).rows())
                    .containsExactly(Row.of("dt=2024-01-01"), Row.of("dt=2024-01-02"));
        }
    }

    @Test
    void aLookupJoinLooksUpATableAtAFileUri() throws Exception {
        Files.write(dir.resolve("customers.csv"), List.of("1,alice", "2,bob"));
        Files.write(dir.resolve("orders.csv"), List.of("10,1", "11,2", "12,3"));
        try (Session session = CLUSTER.session(2, "rocksdb")) {
            session.execute(csvTable("customers", "file://" + dir.resolve("customers.csv")));
            session.execute("CREATE TABLE orders (id BIGINT, customer BIGINT, p AS PROCTIME()) WITH ("
                    + "'connector' = 'filesystem', 'path' = 'file:" + dir.resolve("orders.csv") + "', 'format' = 'csv')");

            assertThat(query(session, "SELECT o.id, c.name FROM orders AS o"
                    + " LEFT JOIN customers FOR SYSTEM_TIME AS OF o.p AS c ON o.customer = c.id"))
                    .containsExactlyInAnyOrder(Row.of(10L, "alice"), Row.of(11L, "bob"), Row.of(12L, null));
        }
    }

    @Test
    void createTableAsKeepsTheAbsolutePathOfARelativeOne() throws Exception {
        // Relative to the working directory (the module's), so under target/.
        String relative = "target/ctas-" + System.nanoTime();
        Path absolute = Path.of(relative).toAbsolutePath();
        try (Session session = CLUSTER.session(1, "hashmap")) {
            StatementResult result = session.execute("CREATE TABLE copy WITH ('connector' = 'filesystem', 'path' = '"
                    + relative + "', 'format' = 'csv') AS SELECT * FROM (VALUES (1, 'a')) AS v(id, name)");
            var end = CLUSTER.cluster().jobTermination(((StatementResult.JobSubmitted) result).jobId())
                    .get(60, TimeUnit.SECONDS);
            assertThat(end.status()).isEqualTo(JobStatus.FINISHED);

            assertThat(session.catalog().table("copy").orElseThrow().options()).containsEntry("path",
                    absolute.toString());
            assertThat(partFileLines(absolute)).containsExactly("1,a");
        } finally {
            deleteRecursively(absolute);
        }
    }

    /** Every visible file below {@code root}, and each part file's lines, without the part files' unique names. */
    private static List<String> tree(Path root) throws IOException {
        List<String> entries = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                String rel = root.relativize(p).toString();
                if (rel.startsWith(".")) {
                    continue;
                }
                String parent = rel.substring(0, rel.lastIndexOf('/') + 1);
                if (p.getFileName().toString().startsWith("part-")) {
                    Files.readAllLines(p).forEach(line -> entries.add(parent + "part: " + line));
                } else {
                    entries.add(rel);
                }
            }
        }
        entries.sort(null);
        return entries;
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
