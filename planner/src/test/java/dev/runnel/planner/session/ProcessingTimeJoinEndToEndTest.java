package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Processing-time interval joins of two bounded CSV tables with {@code PROCTIME()} columns, at
 * parallelism 1 and 2. Rows meet by their arrival times at the join, so the tests use bounds whose
 * outcome does not depend on timing: an hour around each row (every row of the same key meets, and
 * none expires before the inputs end), or an interval that lies wholly in a row's past (it can match
 * nothing still to come and is padded at once).
 */
class ProcessingTimeJoinEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    static Path dir;

    @BeforeAll
    static void writeTables() throws IOException {
        Files.writeString(Files.createDirectories(dir.resolve("orders")).resolve("part-0.csv"), """
                1,apple
                2,pear
                3,plum
                """);
        Files.writeString(Files.createDirectories(dir.resolve("shipments")).resolve("part-0.csv"), """
                1,truck
                3,ship
                3,train
                4,bike
                """);
    }

    private static Session session(int parallelism, String backend) {
        Session session = CLUSTER.session(parallelism, backend);
        session.execute("CREATE TABLE orders (id INT, item STRING, op AS PROCTIME()) WITH ('connector' = 'filesystem',"
                + " 'path' = '" + dir.resolve("orders") + "', 'format' = 'csv')");
        session.execute("CREATE TABLE shipments (order_id INT, how STRING, sp AS PROCTIME()) WITH ("
                + " 'connector' = 'filesystem', 'path' = '" + dir.resolve("shipments") + "', 'format' = 'csv')");
        return session;
    }

    private static List<Row> query(int parallelism, String backend, String sql) {
        try (Session session = session(parallelism, backend)) {
            return fetchAll((QueryResult) session.execute(sql));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void rowsOfTheSameKeyWithinTheBoundsMeet(int parallelism, String backend) {
        assertThat(query(parallelism, backend, "SELECT o.item, s.how FROM orders o JOIN shipments s ON o.id = s.order_id"
                + " AND o.op BETWEEN s.sp - INTERVAL '1' HOUR AND s.sp + INTERVAL '1' HOUR"))
                .containsExactlyInAnyOrder(Row.of("apple", "truck"), Row.of("plum", "ship"), Row.of("plum", "train"));
    }

    /** No row expires before the inputs end, so no outer row is padded: Flink pads them only when the hour is over. */
    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void outerRowsWaitForTheirTimer(int parallelism, String backend) {
        assertThat(query(parallelism, backend, "SELECT o.item, s.how FROM orders o FULL JOIN shipments s"
                + " ON o.id = s.order_id AND o.op >= s.sp - INTERVAL '1' HOUR AND o.op < s.sp + INTERVAL '1' HOUR"))
                .containsExactlyInAnyOrder(Row.of("apple", "truck"), Row.of("plum", "ship"), Row.of("plum", "train"));
    }

    /** A left row may only meet right rows that arrived an hour or more before it: none can come, so it is padded at once. */
    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void aRowThatCanMeetNothingStillToComeIsPaddedAtOnce(int parallelism, String backend) {
        assertThat(query(parallelism, backend, "SELECT o.item, s.how FROM orders o LEFT JOIN shipments s"
                + " ON o.id = s.order_id AND o.op BETWEEN s.sp + INTERVAL '1' HOUR AND s.sp + INTERVAL '2' HOUR"))
                .containsExactlyInAnyOrder(Row.of("apple", null), Row.of("pear", null), Row.of("plum", null));
    }

    @Test
    void explainShowsAProcessingTimeIntervalJoin() {
        try (Session session = session(2, "hashmap")) {
            String plan = session.execute("EXPLAIN CHANGELOG_MODE SELECT o.item, s.how FROM orders o RIGHT JOIN"
                    + " shipments s ON o.id = s.order_id AND o.op BETWEEN s.sp - INTERVAL '1' SECOND AND s.sp").toString();
            assertThat(plan).contains("IntervalJoin(joinType=[RightOuterJoin], windowBounds=[isRowTime=false,"
                    + " leftLowerBound=-1000, leftUpperBound=0, leftTimeIndex=2, rightTimeIndex=2]", "changelogMode=[I]");
        }
    }

    /** Bounds between a processing-time and an event-time attribute are a regular join's condition, as in Flink. */
    @Test
    void boundsBetweenAProcessingTimeAndAnEventTimeAttributeStayARegularJoin() {
        try (Session session = session(2, "hashmap")) {
            session.execute("CREATE TABLE events (id INT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts)"
                    + " WITH ('connector' = 'datagen')");
            String plan = session.execute("EXPLAIN SELECT o.item, e.ts FROM orders o JOIN events e"
                    + " ON o.id = e.id AND o.op BETWEEN e.ts - INTERVAL '1' SECOND AND e.ts").toString();
            assertThat(plan).contains("Join(joinType=[InnerJoin]").doesNotContain("IntervalJoin");
        }
    }
}
