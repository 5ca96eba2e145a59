package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * OVER aggregations on event time on an embedded cluster, at parallelism 1 and 2. Rows of
 * different partitions may interleave, so each partition's rows are checked in order.
 */
class OverAggregateEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    static Path dir;

    @BeforeAll
    static void writeTables() throws IOException {
        Path sales = Files.createDirectories(dir.resolve("sales"));
        Files.writeString(sales.resolve("part-0.csv"), """
                fruit,apple,10,2024-01-01 00:00:01
                veg,leek,3,2024-01-01 00:00:02
                fruit,pear,20,2024-01-01 00:00:03
                fruit,plum,15,2024-01-01 00:00:04
                veg,kale,5,2024-01-01 00:00:05
                fruit,fig,1,2024-01-01 00:00:07
                veg,bean,7,2024-01-01 00:00:08
                """);
    }

    private static Session session(int parallelism, String backend) {
        Session session = CLUSTER.session(parallelism, backend);
        session.execute("CREATE TABLE sales (category STRING, item STRING, amount INT, ts TIMESTAMP(3),"
                + " pt AS PROCTIME(), WATERMARK FOR ts AS ts)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + dir.resolve("sales") + "', 'format' = 'csv')");
        return session;
    }

    /** The rows as text, those whose first field is {@code partition}, in arrival order. */
    private static List<String> partition(List<Row> rows, String partition) {
        return rows.stream().filter(r -> partition.equals(r.getField(0)))
                .map(r -> r.kind().shortString() + " " + Arrays.stream(r.fields()).map(String::valueOf)
                        .collect(Collectors.joining(" ")))
                .toList();
    }

    private static List<Row> query(Session session, String sql) {
        return fetchAll((QueryResult) session.execute(sql));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void rowsFrameAggregatesTheLastRowsOfEachPartition(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT category, item,"
                    + " SUM(amount) OVER (PARTITION BY category ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW),"
                    + " COUNT(*) OVER (PARTITION BY category ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW),"
                    + " MAX(amount) OVER (PARTITION BY category ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)"
                    + " FROM sales");

            assertThat(rows).hasSize(7);
            assertThat(partition(rows, "fruit")).containsExactly("+I fruit apple 10 1 10", "+I fruit pear 30 2 20",
                    "+I fruit plum 35 2 20", "+I fruit fig 16 2 15");
            assertThat(partition(rows, "veg")).containsExactly("+I veg leek 3 1 3", "+I veg kale 8 2 5",
                    "+I veg bean 12 2 7");
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void rangeFrameAggregatesTheRowsOfTheLastInterval(int parallelism, String backend) {
        String w = "PARTITION BY category ORDER BY ts RANGE BETWEEN INTERVAL '2' SECOND PRECEDING AND CURRENT ROW";
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT category, item,"
                    + " SUM(amount) OVER (" + w + "), AVG(amount) OVER (" + w + "), MIN(amount) OVER (" + w + ")"
                    + " FROM sales");

            assertThat(rows).hasSize(7);
            assertThat(partition(rows, "fruit")).containsExactly("+I fruit apple 10 10 10", "+I fruit pear 30 15 10",
                    "+I fruit plum 35 17 15", "+I fruit fig 1 1 1");
            assertThat(partition(rows, "veg")).containsExactly("+I veg leek 3 3 3", "+I veg kale 5 5 5",
                    "+I veg bean 7 7 7");
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void unboundedFrameWithoutPartitionRunsOverAllRowsInTimeOrder(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT item, COUNT(*) OVER (ORDER BY ts), SUM(amount) OVER (ORDER BY ts)"
                    + " FROM sales");

            assertThat(rows.stream().map(r -> r.kind().shortString() + " " + Arrays.stream(r.fields())
                    .map(String::valueOf).collect(Collectors.joining(" "))))
                    .containsExactly("+I apple 1 10", "+I leek 2 13", "+I pear 3 33", "+I plum 4 48", "+I kale 5 53",
                            "+I fig 6 54", "+I bean 7 61");
        }
    }

    @Test
    void explainShowsTheOverAggregate() {
        try (Session session = session(1, "hashmap")) {
            String plan = session.execute("EXPLAIN SELECT item, SUM(amount) OVER (PARTITION BY category ORDER BY ts"
                    + " ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM sales").toString();
            assertThat(plan).contains("OverAggregate(partitionBy=[category], orderBy=[ts],"
                    + " window=[ROWS BETWEEN 2 PRECEDING AND CURRENT ROW], select=[COUNT(amount) AS w0$o0,"
                    + " SUM(amount) AS w0$o1])");
        }
    }

    @Test
    void rejectsWhatItCannotRun() {
        try (Session session = session(1, "hashmap")) {
            assertThatThrownBy(() -> session.execute("SELECT item, SUM(amount) OVER (ORDER BY amount) FROM sales"))
                    .hasMessageContaining("must be ordered by a time attribute, but amount is none");
            assertThatThrownBy(() -> session.execute("SELECT item, SUM(amount) OVER (PARTITION BY category ORDER BY ts"
                    + " ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING) FROM sales"))
                    .hasMessageContaining("do not end at CURRENT ROW are not supported yet");
        }
    }
}
