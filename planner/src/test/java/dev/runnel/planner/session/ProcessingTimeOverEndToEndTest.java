package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;

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
 * OVER aggregations ordered by a {@code PROCTIME()} attribute on an embedded cluster, at parallelism 1
 * and 2. The table is one file, read by one subtask, so each partition's rows reach the OVER operator
 * in file order whatever the timing: ROWS and unbounded frames are deterministic. A RANGE frame's
 * peers (rows of one millisecond) depend on timing, so its results are checked for what holds
 * whatever the timing.
 */
class ProcessingTimeOverEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    static Path dir;

    @BeforeAll
    static void writeTables() throws IOException {
        Path sales = Files.createDirectories(dir.resolve("sales"));
        Files.writeString(sales.resolve("part-0.csv"), """
                fruit,apple,10
                veg,leek,3
                fruit,pear,20
                fruit,plum,15
                veg,kale,5
                fruit,fig,1
                veg,bean,7
                """);
    }

    private static Session session(int parallelism, String backend) {
        Session session = CLUSTER.session(parallelism, backend);
        session.execute("CREATE TABLE sales (category STRING, item STRING, amount INT, pt AS PROCTIME())"
                + " WITH ('connector' = 'filesystem', 'path' = '" + dir.resolve("sales") + "', 'format' = 'csv')");
        return session;
    }

    private static List<Row> query(int parallelism, String backend, String sql) {
        try (Session session = session(parallelism, backend)) {
            return fetchAll((QueryResult) session.execute(sql));
        }
    }

    /** The rows as text, those whose first field is {@code partition}, in arrival order. */
    private static List<String> partition(List<Row> rows, String partition) {
        return rows.stream().filter(r -> partition.equals(r.getField(0))).map(ProcessingTimeOverEndToEndTest::text)
                .toList();
    }

    private static String text(Row row) {
        return row.kind().shortString() + " " + Arrays.stream(row.fields()).map(String::valueOf)
                .collect(Collectors.joining(" "));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void unboundedFrameAggregatesEachRowWithThoseOfItsPartitionBeforeIt(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT category, item,"
                + " COUNT(*) OVER (PARTITION BY category ORDER BY pt), SUM(amount) OVER (PARTITION BY category ORDER BY pt)"
                + " FROM sales");

        assertThat(rows).hasSize(7);
        assertThat(partition(rows, "fruit")).containsExactly("+I fruit apple 1 10", "+I fruit pear 2 30",
                "+I fruit plum 3 45", "+I fruit fig 4 46");
        assertThat(partition(rows, "veg")).containsExactly("+I veg leek 1 3", "+I veg kale 2 8", "+I veg bean 3 15");
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void rowsFrameAggregatesTheLastRowsOfEachPartition(int parallelism, String backend) {
        String w = "PARTITION BY category ORDER BY pt ROWS BETWEEN 1 PRECEDING AND CURRENT ROW";
        List<Row> rows = query(parallelism, backend, "SELECT category, item, SUM(amount) OVER (" + w + "),"
                + " MIN(amount) OVER (" + w + ") FROM sales");

        assertThat(partition(rows, "fruit")).containsExactly("+I fruit apple 10 10", "+I fruit pear 30 10",
                "+I fruit plum 35 15", "+I fruit fig 16 1");
        assertThat(partition(rows, "veg")).containsExactly("+I veg leek 3 3", "+I veg kale 8 3", "+I veg bean 12 5");
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void rowsFrameWithoutPartitionRunsOverAllRowsInArrivalOrder(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT item,"
                + " SUM(amount) OVER (ORDER BY pt ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM sales");

        assertThat(rows.stream().map(ProcessingTimeOverEndToEndTest::text)).containsExactly("+I apple 10",
                "+I leek 13", "+I pear 33", "+I plum 38", "+I kale 40", "+I fig 21", "+I bean 13");
    }

    /**
     * An hour-long RANGE frame holds every earlier row of the partition and the row's peers: a row's
     * COUNT is at least its position, its SUM is the sum of the first COUNT rows in arrival order, and
     * each partition's last row counts them all.
     */
    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void rangeFrameHoldsTheRowsOfTheIntervalAndThePeersOfTheRow(int parallelism, String backend) {
        String w = "PARTITION BY category ORDER BY pt RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW";
        List<Row> rows = query(parallelism, backend, "SELECT category, item, amount, COUNT(*) OVER (" + w + "),"
                + " SUM(amount) OVER (" + w + ") FROM sales");

        assertThat(rows).hasSize(7);
        for (String category : List.of("fruit", "veg")) {
            List<Row> ofCategory = rows.stream().filter(r -> category.equals(r.getField(0))).toList();
            List<Integer> amounts = ofCategory.stream().map(r -> (Integer) r.getField(2)).toList();
            for (int i = 0; i < ofCategory.size(); i++) {
                long count = (Long) ofCategory.get(i).getField(3);
                assertThat(count).isBetween(i + 1L, (long) ofCategory.size());
                assertThat(ofCategory.get(i).getField(4))
                        .isEqualTo(amounts.subList(0, (int) count).stream().mapToInt(Integer::intValue).sum());
            }
            assertThat(ofCategory.get(ofCategory.size() - 1).getField(3)).isEqualTo((long) ofCategory.size());
        }
    }

    @Test
    void explainShowsTheOverAggregateOrderedByTheProcessingTimeAttribute() {
        try (Session session = session(1, "hashmap")) {
            String plan = session.execute("EXPLAIN SELECT item, COUNT(*) OVER (PARTITION BY category ORDER BY pt"
                    + " RANGE BETWEEN INTERVAL '10' SECOND PRECEDING AND CURRENT ROW) FROM sales").toString();
            // The computed column is inlined, so the OVER orders by the PROCTIME() the calc below computes.
            assertThat(plan).contains("OverAggregate(partitionBy=[category], orderBy=[$2],"
                    + " window=[RANGE BETWEEN 10000 ms PRECEDING AND CURRENT ROW], select=[COUNT(*) AS w0$o0])",
                    "Calc(select=[category, item, PROCTIME() AS $2])");
        }
    }
}
