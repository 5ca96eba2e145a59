package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Window joins of two bounded CSV tables with {@code WATERMARK FOR ts AS ts}, each windowed by
 * a 5-minute TUMBLE: rows meet when they share the window and the id. The sources end with the
 * maximum watermark, so every window fires.
 */
class WindowJoinEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;
    private List<String> ddl;

    @BeforeEach
    void writeTables() throws IOException {
        ddl = List.of(
                table("l", "2020-04-15 08:01:00,1,L1", "2020-04-15 08:02:00,2,L2", "2020-04-15 08:03:00,3,L3",
                        "2020-04-15 08:06:00,1,L4", "2020-04-15 08:12:00,4,L5"),
                table("r", "2020-04-15 08:04:00,1,R1", "2020-04-15 08:04:30,1,R2", "2020-04-15 08:02:00,2,R3",
                        "2020-04-15 08:07:00,5,R4", "2020-04-15 08:13:00,4,R5", "2020-04-15 08:16:00,4,R6"));
    }

    private String table(String name, String... lines) throws IOException {
        Path data = Files.createDirectories(dir.resolve(name));
        Files.write(data.resolve(name + ".csv"), List.of(lines));
        return "CREATE TABLE " + name + " (ts TIMESTAMP(3), id INT, v STRING, WATERMARK FOR ts AS ts)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + data + "', 'format' = 'csv')";
    }

    private Session session(int parallelism, String backend) {
        Session session = CLUSTER.session(parallelism, backend);
        ddl.forEach(session::execute);
        return session;
    }

    private List<Row> query(int parallelism, String backend, String sql) {
        try (Session session = session(parallelism, backend)) {
            return fetchAll((QueryResult) session.execute(sql));
        }
    }

    private static String join(String type) {
        return "SELECT L.v, R.v, L.window_start, L.window_end FROM"
                + " (SELECT * FROM TABLE(TUMBLE(TABLE l, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) L " + type
                + " (SELECT * FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) R"
                + " ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end";
    }

    private static long ts(String hhmm) {
        return LocalDateTime.parse("2020-04-15T" + hhmm).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void innerWindowJoin(int parallelism, String backend) {
        assertThat(query(parallelism, backend, join("JOIN"))).containsExactlyInAnyOrder(
                Row.of("L1", "R1", ts("08:00"), ts("08:05")),
                Row.of("L1", "R2", ts("08:00"), ts("08:05")),
                Row.of("L2", "R3", ts("08:00"), ts("08:05")),
                Row.of("L5", "R5", ts("08:10"), ts("08:15")));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void fullOuterWindowJoin(int parallelism, String backend) {
        assertThat(query(parallelism, backend, join("FULL JOIN"))).containsExactlyInAnyOrder(
                Row.of("L1", "R1", ts("08:00"), ts("08:05")),
                Row.of("L1", "R2", ts("08:00"), ts("08:05")),
                Row.of("L2", "R3", ts("08:00"), ts("08:05")),
                Row.of("L3", null, ts("08:00"), ts("08:05")),
                Row.of("L4", null, ts("08:05"), ts("08:10")),
                Row.of(null, "R4", null, null),
                Row.of("L5", "R5", ts("08:10"), ts("08:15")),
                Row.of(null, "R6", null, null));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void leftWindowJoinOfAWindowAggregate(int parallelism, String backend) {
        String sql = "SELECT L.id, L.cnt, R.cnt, L.window_end FROM"
                + " (SELECT window_start, window_end, id, COUNT(*) AS cnt FROM"
                + " TABLE(TUMBLE(TABLE l, DESCRIPTOR(ts), INTERVAL '5' MINUTES)) GROUP BY window_start, window_end, id) L"
                + " LEFT JOIN (SELECT window_start, window_end, id, COUNT(*) AS cnt FROM"
                + " TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '5' MINUTES)) GROUP BY window_start, window_end, id) R"
                + " ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end";
        assertThat(query(parallelism, backend, sql)).containsExactlyInAnyOrder(
                Row.of(1, 1L, 2L, ts("08:05")),
                Row.of(2, 1L, 1L, ts("08:05")),
                Row.of(3, 1L, null, ts("08:05")),
                Row.of(1, 1L, null, ts("08:10")),
                Row.of(4, 1L, 1L, ts("08:15")));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void rightWindowJoinWithoutKeysJoinsWholeWindows(int parallelism, String backend) {
        String sql = "SELECT L.v, R.v FROM"
                + " (SELECT * FROM TABLE(TUMBLE(TABLE l, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) L RIGHT JOIN"
                + " (SELECT * FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) R"
                + " ON L.window_start = R.window_start AND L.window_end = R.window_end";
        assertThat(query(parallelism, backend, sql)).containsExactlyInAnyOrder(
                Row.of("L1", "R1"), Row.of("L1", "R2"), Row.of("L1", "R3"),
                Row.of("L2", "R1"), Row.of("L2", "R2"), Row.of("L2", "R3"),
                Row.of("L3", "R1"), Row.of("L3", "R2"), Row.of("L3", "R3"),
                Row.of("L4", "R4"), Row.of("L5", "R5"), Row.of(null, "R6"));
    }

    private static String windowed(String table) {
        return "(SELECT * FROM TABLE(TUMBLE(TABLE " + table + ", DESCRIPTOR(ts), INTERVAL '5' MINUTES)))";
    }

    /** The window join's output as a view: its left window bounds and {@code window_time}, and the right ones. */
    private static String joinedView(String type) {
        return "CREATE VIEW j AS SELECT L.id, L.v AS lv, R.v AS rv, L.window_start, L.window_end, L.window_time,"
                + " R.window_start AS rws, R.window_end AS rwe FROM " + windowed("l") + " L " + type + " "
                + windowed("r") + " R ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end";
    }

    private List<Row> queryJoined(int parallelism, String backend, String type, String sql) {
        try (Session session = session(parallelism, backend)) {
            session.execute(joinedView(type));
            return fetchAll((QueryResult) session.execute(sql));
        }
    }

    /** Each window's result is inserted once, when its window fires: a window aggregate, as in Flink. */
    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void aWindowAggregateFollowsAWindowJoin(int parallelism, String backend) {
        assertThat(queryJoined(parallelism, backend, "JOIN", "SELECT window_start, window_end, COUNT(*), MAX(lv)"
                + " FROM j GROUP BY window_start, window_end")).containsExactlyInAnyOrder(
                Row.of(ts("08:00"), ts("08:05"), 3L, "L2"),
                Row.of(ts("08:10"), ts("08:15"), 1L, "L5"));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void theWindowsOfBothSidesOfAnInnerWindowJoinMayBeMixed(int parallelism, String backend) {
        assertThat(queryJoined(parallelism, backend, "JOIN", "SELECT rws, window_end, id, COUNT(*)"
                + " FROM j GROUP BY rws, window_end, id")).containsExactlyInAnyOrder(
                Row.of(ts("08:00"), ts("08:05"), 1, 2L),
                Row.of(ts("08:00"), ts("08:05"), 2, 1L),
                Row.of(ts("08:10"), ts("08:15"), 4, 1L));
    }

    /** The windows of the side an outer join never pads are window columns; the padded side's are not. */
    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void aWindowAggregateFollowsAnOuterWindowJoinOnItsPreservedSide(int parallelism, String backend) {
        assertThat(queryJoined(parallelism, backend, "LEFT JOIN", "SELECT window_start, window_end, COUNT(*),"
                + " COUNT(rv) FROM j GROUP BY window_start, window_end")).containsExactlyInAnyOrder(
                Row.of(ts("08:00"), ts("08:05"), 4L, 3L),
                Row.of(ts("08:05"), ts("08:10"), 1L, 0L),
                Row.of(ts("08:10"), ts("08:15"), 1L, 1L));
        try (Session session = session(1, "hashmap")) {
            session.execute(joinedView("LEFT JOIN"));
            String plan = session.execute("EXPLAIN SELECT rws, rwe, COUNT(*) FROM j GROUP BY rws, rwe").toString();
            assertThat(plan).contains("GroupAggregate(").doesNotContain("WindowAggregate(");
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void aWindowTopNFollowsAWindowJoin(int parallelism, String backend) {
        assertThat(queryJoined(parallelism, backend, "JOIN", "SELECT lv, rv, window_end FROM (SELECT *,"
                + " ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY rv DESC) AS rn FROM j)"
                + " WHERE rn <= 1")).containsExactlyInAnyOrder(
                Row.of("L2", "R3", ts("08:05")),
                Row.of("L5", "R5", ts("08:15")));
    }

    /** The window join's window_time stays a rowtime attribute: windows of it cascade, as in Flink. */
    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void theWindowTimeOfAWindowJoinIsARowtimeAttribute(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            session.execute(joinedView("JOIN"));
            session.execute("CREATE VIEW jt AS SELECT id, window_time AS wt FROM j");
            assertThat(fetchAll((QueryResult) session.execute("SELECT window_start, window_end, COUNT(*) FROM TABLE("
                    + "TUMBLE(TABLE jt, DESCRIPTOR(wt), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end")))
                    .containsExactlyInAnyOrder(Row.of(ts("08:00"), ts("08:10"), 3L), Row.of(ts("08:10"), ts("08:20"), 1L));
        }
    }

    @Test
    void explainShowsAWindowAggregateOverTheWindowJoin() {
        try (Session session = session(2, "hashmap")) {
            session.execute(joinedView("JOIN"));
            String plan = session.execute("EXPLAIN CHANGELOG_MODE SELECT window_start, window_end, COUNT(*) FROM j"
                    + " GROUP BY window_start, window_end").toString();
            assertThat(plan).contains("WindowAggregate(window=[TUMBLE(time_col=[ts], size=[5 min])]",
                    "WindowJoin(leftWindow=[win_start=[window_start], win_end=[window_end]]").doesNotContain("GroupAggregate");
        }
    }

    /** Flink has no processing-time window join: the window join waits for the watermark. */
    @Test
    void aWindowJoinOnProcessingTimeIsRefusedAtTheJoin() {
        try (Session session = session(1, "hashmap")) {
            session.execute("CREATE TABLE pl (id INT, p AS PROCTIME()) WITH ('connector' = 'datagen')");
            String sql = "SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE pl, DESCRIPTOR(p), INTERVAL '5' MINUTES))) L"
                    + "\n JOIN (SELECT * FROM TABLE(TUMBLE(TABLE pl, DESCRIPTOR(p), INTERVAL '5' MINUTES))) R"
                    + " ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end";
            assertThatThrownBy(() -> session.execute(sql)).isInstanceOfSatisfying(SqlExecutionException.class, e -> {
                assertThat(e.getMessage()).isEqualTo("Processing time Window Join is not supported yet.");
                assertThat(e.line()).isEqualTo(2);
                assertThat(e.column()).isEqualTo(2);
            });
        }
    }

    @Test
    void explainShowsAnAppendOnlyWindowJoin() {
        try (Session session = session(2, "hashmap")) {
            var table = (StatementResult.Table) session.execute("EXPLAIN CHANGELOG_MODE " + join("LEFT JOIN"));
            String plan = (String) table.rows().get(0).fields()[0];
            assertThat(plan).contains("WindowJoin(leftWindow=[win_start=[window_start], win_end=[window_end]]",
                    "joinType=[LeftOuterJoin]", "changelogMode=[I]");
            assertThat(plan).doesNotContain("Join(joinType=");
        }
    }
}
