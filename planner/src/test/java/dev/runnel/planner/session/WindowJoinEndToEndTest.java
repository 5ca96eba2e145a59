package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;

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
