package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Top-N and deduplication queries on an embedded cluster, at parallelism 1 and 2, with their
 * exact changelogs. Rows of different partition keys may interleave when two subtasks rank
 * them, so changelogs are compared per key, each in order.
 */
class RankEndToEndTest {
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
                veg,kale,,2024-01-01 00:00:05
                fruit,fig,1,2024-01-01 00:00:06
                veg,leek,7,2024-01-01 00:00:01
                """);
    }

    private static Session session(int parallelism, String backend) {
        Session session = CLUSTER.session(parallelism, backend);
        session.execute("CREATE TABLE sales (category STRING, item STRING, amount INT, ts TIMESTAMP(3),"
                + " pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + dir.resolve("sales") + "', 'format' = 'csv')");
        return session;
    }

    private static List<Row> query(Session session, String sql) {
        return fetchAll((QueryResult) session.execute(sql));
    }

    /** The changelog of each partition key (field {@code key}), in the order of the first row of each key. */
    private static Map<Object, List<String>> byKey(List<Row> rows, int key) {
        Map<Object, List<String>> changes = new LinkedHashMap<>();
        for (Row row : rows) {
            List<String> fields = new ArrayList<>();
            for (Object field : row.fields()) {
                fields.add(String.valueOf(field));
            }
            changes.computeIfAbsent(row.getField(key), k -> new ArrayList<>())
                    .add(row.kind().shortString() + " " + String.join(" ", fields));
        }
        return changes;
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void topNWithoutRankNumberRetractsTheDisplacedRow(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT category, item, amount FROM ("
                    + " SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY amount DESC) AS rn FROM sales)"
                    + " WHERE rn <= 2");

            assertThat(byKey(rows, 0)).isEqualTo(Map.of(
                    "fruit", List.of("+I fruit apple 10", "+I fruit pear 20", "-D fruit apple 10", "+I fruit plum 15"),
                    // NULL is the smallest amount: last when descending.
                    "veg", List.of("+I veg leek 3", "+I veg kale null", "-D veg kale null", "+I veg leek 7")));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void topNWithRankNumberUpdatesTheRanksThatChange(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT * FROM ("
                    + " SELECT category, item, amount, ROW_NUMBER() OVER (PARTITION BY category ORDER BY amount DESC NULLS FIRST,"
                    + " item) AS rn FROM sales) WHERE rn < 3");

            assertThat(byKey(rows, 0)).isEqualTo(Map.of(
                    "fruit", List.of("+I fruit apple 10 1", "-U fruit apple 10 1", "+U fruit pear 20 1",
                            "+I fruit apple 10 2", "-U fruit apple 10 2", "+U fruit plum 15 2"),
                    "veg", List.of("+I veg leek 3 1", "-U veg leek 3 1", "+U veg kale null 1", "+I veg leek 3 2",
                            "-U veg leek 3 2", "+U veg leek 7 2")));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void topNWithoutPartitionRanksAllRowsInOneSubtask(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT item, amount FROM ("
                    + " SELECT *, ROW_NUMBER() OVER (ORDER BY amount ASC NULLS LAST) AS rn FROM sales) WHERE rn = 1");

            assertThat(rows).containsExactly(Row.of("apple", 10), Row.ofKind(RowKind.DELETE, "apple", 10),
                    Row.of("leek", 3), Row.ofKind(RowKind.DELETE, "leek", 3), Row.of("fig", 1));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void topNOverATopNConsumesItsRetractions(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            // The best of the two best of each category; the inner Top-N retracts rows the outer one ranked.
            List<Row> rows = query(session, "SELECT category, item, amount FROM ("
                    + " SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY item) AS r2 FROM ("
                    + "  SELECT category, item, amount FROM ("
                    + "   SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY amount DESC) AS r1 FROM sales)"
                    + "  WHERE r1 <= 2)) WHERE r2 <= 1");

            assertThat(byKey(rows, 0)).isEqualTo(Map.of(
                    // apple leaves the inner top two when plum comes, which makes pear the first by name.
                    "fruit", List.of("+I fruit apple 10", "-D fruit apple 10", "+I fruit pear 20"),
                    // leek 7 enters the inner top two by pushing kale out, then ties by name with leek 3, which came first.
                    "veg", List.of("+I veg leek 3", "-D veg leek 3", "+I veg kale null", "-D veg kale null",
                            "+I veg leek 3")));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void deduplicationKeepsTheFirstRowByProcessingTime(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT category, item FROM ("
                    + " SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY pt) AS rn FROM sales) WHERE rn = 1");

            assertThat(rows).containsExactlyInAnyOrder(Row.of("fruit", "apple"), Row.of("veg", "leek"));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void deduplicationKeepsTheLastRowByEventTime(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT category, item, rn FROM ("
                    + " SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY ts DESC) AS rn FROM sales) WHERE rn = 1");

            // The second leek is older than kale (event time 00:00:01), so kale stays.
            assertThat(byKey(rows, 0)).isEqualTo(Map.of(
                    "fruit", List.of("+I fruit apple 1", "-U fruit apple 1", "+U fruit pear 1", "-U fruit pear 1",
                            "+U fruit plum 1", "-U fruit plum 1", "+U fruit fig 1"),
                    "veg", List.of("+I veg leek 1", "-U veg leek 1", "+U veg kale 1")));
        }
    }

    @Test
    void explainShowsTheStrategyAndChangelogModes() {
        try (Session session = session(1, "hashmap")) {
            String plan = explain(session, "SELECT category, item FROM ("
                    + " SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY amount DESC) AS rn FROM sales) WHERE rn <= 2");
            assertThat(plan).contains("Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], "
                    + "rankRange=[rankStart=1, rankEnd=2], partitionBy=[category], orderBy=[amount DESC], "
                    + "select=[category, item, amount], changelogMode=[I,UB,UA,D])");

            assertThat(explain(session, "SELECT category, item FROM (SELECT *, ROW_NUMBER() OVER ("
                    + "PARTITION BY category ORDER BY pt ASC) AS rn FROM sales) WHERE rn = 1"))
                    .contains("Deduplicate(keep=[FirstRow], key=[category], order=[PROCTIME], changelogMode=[I])");
            // ts is a rowtime attribute from the table's watermark assigner on: the dedup sees
            // through the assigner and the projection that forwards ts.
            String eventTime = explain(session, "SELECT category, item FROM (SELECT *, ROW_NUMBER() OVER ("
                    + "PARTITION BY category ORDER BY ts DESC) AS rn FROM sales) WHERE rn = 1");
            assertThat(eventTime).contains(
                    "   +- LogicalProject(category=[$0], item=[$1], amount=[$2], ts=[$3], pt=[$4], "
                    + "rn=[ROW_NUMBER() OVER (PARTITION BY $0 ORDER BY $3 DESC NULLS LAST)])\n"
                    + "      +- LogicalWatermarkAssigner(rowtime=[ts], watermark=[-($3, 1000:INTERVAL SECOND)])\n");
            assertThat(eventTime).contains(
                    "+- Deduplicate(keep=[LastRow], key=[category], order=[ROWTIME], changelogMode=[I,UB,UA])\n"
                    + "   +- Calc(select=[category, item, ts], changelogMode=[I])\n"
                    + "      +- WatermarkAssigner(rowtime=[ts], watermark=[-(ts, 1000:INTERVAL SECOND)], changelogMode=[I])\n");
        }
    }

    @Test
    void aRankingFunctionWithoutRankBoundIsRefused() {
        try (Session session = session(1, "hashmap")) {
            assertThatThrownBy(() -> session.execute("SELECT item, ROW_NUMBER() OVER (ORDER BY amount) FROM sales"))
                    .hasMessageContaining("ROW_NUMBER() OVER (…) is supported only as a Top-N");
        }
    }

    private static String explain(Session session, String sql) {
        var table = (StatementResult.Table) session.execute("EXPLAIN CHANGELOG_MODE " + sql);
        return (String) table.rows().get(0).getField(0);
    }
}
