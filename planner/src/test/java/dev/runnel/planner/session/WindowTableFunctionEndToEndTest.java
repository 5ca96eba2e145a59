package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Windowing table functions on their own, over a bounded CSV table with a WATERMARK. */
class WindowTableFunctionEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;
    private String bids;

    @BeforeEach
    void writeBids() throws IOException {
        Path data = Files.createDirectories(dir.resolve("bids"));
        Files.write(data.resolve("bids.csv"), List.of(
                "2024-01-01 10:02:00,A,4",
                "2024-01-01 10:07:00,B,2",
                "2024-01-01 10:13:00,A,5"));
        bids = "CREATE TABLE bids (bidtime TIMESTAMP(3), item STRING, price INT,"
                + " WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + data + "', 'format' = 'csv')";
    }

    private static Session session(int parallelism) {
        return new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", String.valueOf(parallelism))));
    }

    private static long ts(String text) {
        return LocalDateTime.parse(text.replace(' ', 'T')).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private List<Row> query(int parallelism, String sql) {
        try (Session session = session(parallelism)) {
            session.execute(bids);
            return fetchAll((QueryResult) session.execute(sql));
        }
    }

    /** A bid row with its window: item, price, window_start, window_end, window_time. */
    private static Row windowed(String item, int price, String start, String end) {
        return Row.of(item, price, ts("2024-01-01 " + start), ts("2024-01-01 " + end), ts("2024-01-01 " + end) - 1);
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void tumbleAppendsTheWindowOfEachRow(int parallelism) {
        List<Row> rows = query(parallelism, "SELECT item, price, window_start, window_end, window_time"
                + " FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))");

        assertThat(rows).containsExactlyInAnyOrder(
                windowed("A", 4, "10:00", "10:10"),
                windowed("B", 2, "10:00", "10:10"),
                windowed("A", 5, "10:10", "10:20"));
    }

    @Test
    void selectStarHasTheInputColumnsThenTheWindowColumns() {
        try (Session session = session(1)) {
            session.execute(bids);
            QueryResult result = (QueryResult) session.execute(
                    "SELECT * FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) WHERE price > 4");

            assertThat(result.columns()).extracting(c -> c.name() + " " + c.type()).containsExactly(
                    "bidtime TIMESTAMP(3)", "item STRING", "price INT", "window_start TIMESTAMP(3) NOT NULL",
                    "window_end TIMESTAMP(3) NOT NULL", "window_time TIMESTAMP(3) NOT NULL");
            assertThat(fetchAll(result)).containsExactly(Row.of(ts("2024-01-01 10:13"), "A", 5,
                    ts("2024-01-01 10:10"), ts("2024-01-01 10:20"), ts("2024-01-01 10:20") - 1));
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void hopEmitsEachRowOncePerWindow(int parallelism) {
        List<Row> rows = query(parallelism, "SELECT item, price, window_start, window_end, window_time FROM TABLE("
                + "HOP(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))");

        assertThat(rows).containsExactlyInAnyOrder(
                windowed("A", 4, "09:55", "10:05"), windowed("A", 4, "10:00", "10:10"),
                windowed("B", 2, "10:00", "10:10"), windowed("B", 2, "10:05", "10:15"),
                windowed("A", 5, "10:05", "10:15"), windowed("A", 5, "10:10", "10:20"));
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void cumulateWithNamedArgumentsEmitsEachGrowingWindow(int parallelism) {
        List<Row> rows = query(parallelism, "SELECT item, price, window_start, window_end, window_time FROM TABLE("
                + "CUMULATE(DATA => TABLE bids, TIMECOL => DESCRIPTOR(bidtime), STEP => INTERVAL '5' MINUTES,"
                + " SIZE => INTERVAL '10' MINUTES))");

        assertThat(rows).containsExactlyInAnyOrder(
                windowed("A", 4, "10:00", "10:05"), windowed("A", 4, "10:00", "10:10"),
                windowed("B", 2, "10:00", "10:10"),
                windowed("A", 5, "10:10", "10:15"), windowed("A", 5, "10:10", "10:20"));
    }

    @Test
    void tumbleWithAnOffsetShiftsTheWindows() {
        List<Row> rows = query(1, "SELECT item, price, window_start, window_end, window_time FROM TABLE(TUMBLE("
                + "TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES, INTERVAL '5' MINUTES))");

        assertThat(rows).containsExactly(
                windowed("A", 4, "09:55", "10:05"),
                windowed("B", 2, "10:05", "10:15"),
                windowed("A", 5, "10:05", "10:15"));
    }

    @Test
    void explainShowsTheWindow() {
        try (Session session = session(1)) {
            session.execute(bids);
            String plan = session.explain("SELECT * FROM TABLE("
                    + "HOP(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '1' HOUR))");

            assertThat(plan).contains("WindowTableFunctionPhysicalRel(window=[HOP(time_col=[bidtime], size=[1 h], slide=[5 min])])");
        }
    }

    @Test
    void theTimeColumnMustBeATimeAttribute() {
        try (Session session = session(1)) {
            session.execute(bids);
            session.execute("CREATE TABLE plain (ts TIMESTAMP(3), n INT) WITH ('connector' = 'datagen')");

            assertThatThrownBy(() -> session.execute(
                    "SELECT * FROM TABLE(TUMBLE(TABLE plain, DESCRIPTOR(ts), INTERVAL '1' MINUTE))"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("requires the time column to be a time attribute (a column with a WATERMARK),"
                            + " but ts is not one");
            assertThatThrownBy(() -> session.execute(
                    "SELECT * FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(price), INTERVAL '1' MINUTE))"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("TIMESTAMP(3) or TIMESTAMP_LTZ(3), but price is INTEGER");
            assertThatThrownBy(() -> session.execute(
                    "SELECT * FROM TABLE(HOP(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '3' MINUTES, INTERVAL '10' MINUTES))"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("must be an integral multiple of its slide");
            assertThatThrownBy(() -> session.execute(
                    "SELECT * FROM TABLE(SESSION(TABLE bids PARTITION BY item, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES))"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("The SESSION window table function outside a window aggregation")
                    .hasMessageContaining("is not supported yet");
        }
    }

    /** Time attributes as Flink's: a computed rowtime column and an inner window's window_time are, expressions are not. */
    @Test
    void timeAttributesAreSeenThroughWatermarkAssignersViewsAndInnerWindows() {
        try (Session session = session(1)) {
            session.execute(bids);
            session.execute("CREATE VIEW windowed AS SELECT item, price, window_start AS ws, window_time AS wt"
                    + " FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES))");

            List<Row> rows = fetchAll((QueryResult) session.execute("SELECT item, window_start, window_end"
                    + " FROM TABLE(TUMBLE(TABLE windowed, DESCRIPTOR(wt), INTERVAL '10' MINUTES)) WHERE price > 2"));
            assertThat(rows).containsExactlyInAnyOrder(
                    Row.of("A", ts("2024-01-01 10:00:00"), ts("2024-01-01 10:10:00")),
                    Row.of("A", ts("2024-01-01 10:10:00"), ts("2024-01-01 10:20:00")));

            assertThatThrownBy(() -> session.execute(
                    "SELECT * FROM TABLE(TUMBLE(TABLE windowed, DESCRIPTOR(ws), INTERVAL '10' MINUTES))"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("but ws is not one");
            session.execute("CREATE VIEW shifted AS SELECT item, bidtime + INTERVAL '1' MINUTE AS later FROM bids");
            assertThatThrownBy(() -> session.execute(
                    "SELECT * FROM TABLE(TUMBLE(TABLE shifted, DESCRIPTOR(later), INTERVAL '10' MINUTES))"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("but later is not one");
        }
    }

    @Test
    void aComputedRowtimeColumnIsATimeAttribute() {
        try (Session session = session(1)) {
            session.execute(bids.replace("bids (bidtime TIMESTAMP(3), item STRING, price INT,"
                    + " WATERMARK FOR bidtime", "computed (bidtime TIMESTAMP(3), item STRING, price INT,"
                    + " ts AS bidtime + INTERVAL '1' MINUTE, WATERMARK FOR ts"));
            List<Row> rows = fetchAll((QueryResult) session.execute("SELECT item, window_start FROM TABLE(TUMBLE("
                    + "TABLE computed, DESCRIPTOR(ts), INTERVAL '10' MINUTES))"));
            assertThat(rows).containsExactlyInAnyOrder(
                    Row.of("A", ts("2024-01-01 10:00:00")),
                    Row.of("B", ts("2024-01-01 10:00:00")),
                    Row.of("A", ts("2024-01-01 10:10:00")));
        }
    }
}
