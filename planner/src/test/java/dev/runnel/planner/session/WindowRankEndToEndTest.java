package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Window Top-N and window deduplication over a bounded CSV table with {@code WATERMARK FOR
 * bidtime AS bidtime}: the source ends with the maximum watermark, so every window fires. The
 * data and the first query are Flink's documentation example.
 */
class WindowRankEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;
    private String bids;

    @BeforeEach
    void writeBids() throws IOException {
        Path data = Files.createDirectories(dir.resolve("bids"));
        Files.write(data.resolve("bids.csv"), List.of(
                "2020-04-15 08:05:00,4.00,C,supplier1",
                "2020-04-15 08:06:00,4.00,A,supplier2",
                "2020-04-15 08:07:00,2.00,E,supplier1",
                "2020-04-15 08:08:00,2.00,H,supplier3",
                "2020-04-15 08:09:00,5.00,D,supplier4",
                "2020-04-15 08:11:00,2.00,B,supplier3",
                "2020-04-15 08:13:00,1.00,I,supplier1",
                "2020-04-15 08:15:00,3.00,G,supplier2",
                "2020-04-15 08:17:00,6.00,F,supplier5"));
        bids = "CREATE TABLE bids (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING, supplier_id STRING,"
                + " WATERMARK FOR bidtime AS bidtime)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + data + "', 'format' = 'csv')";
    }

    private List<Row> query(int parallelism, String backend, String sql) {
        try (Session session = CLUSTER.session(parallelism, backend)) {
            session.execute(bids);
            return fetchAll((QueryResult) session.execute(sql));
        }
    }

    private static long ts(String hhmm) {
        return LocalDateTime.parse("2020-04-15T" + hhmm).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private static BigDecimal price(String value) {
        return new BigDecimal(value);
    }

    private static final String TUMBLE = " FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))";

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void windowTopNOverAWindowAggregate(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT * FROM (SELECT *, ROW_NUMBER() OVER"
                + " (PARTITION BY window_start, window_end ORDER BY price DESC) AS rownum FROM ("
                + "SELECT window_start, window_end, supplier_id, SUM(price) AS price, COUNT(*) AS cnt" + TUMBLE
                + " GROUP BY window_start, window_end, supplier_id)) WHERE rownum <= 3");

        assertThat(rows).containsExactlyInAnyOrder(
                Row.of(ts("08:00"), ts("08:10"), "supplier1", price("6.00"), 2L, 1L),
                Row.of(ts("08:00"), ts("08:10"), "supplier4", price("5.00"), 1L, 2L),
                Row.of(ts("08:00"), ts("08:10"), "supplier2", price("4.00"), 1L, 3L),
                Row.of(ts("08:10"), ts("08:20"), "supplier5", price("6.00"), 1L, 1L),
                Row.of(ts("08:10"), ts("08:20"), "supplier2", price("3.00"), 1L, 2L),
                Row.of(ts("08:10"), ts("08:20"), "supplier3", price("2.00"), 1L, 3L));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void windowTopNOverAWindowTableFunction(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT item, price, window_end, rownum FROM (SELECT"
                + " bidtime, price, item, supplier_id, window_start, window_end, ROW_NUMBER() OVER"
                + " (PARTITION BY window_start, window_end ORDER BY price DESC, item) AS rownum" + TUMBLE
                + ") WHERE rownum <= 3");

        assertThat(rows).containsExactlyInAnyOrder(
                Row.of("D", price("5.00"), ts("08:10"), 1L),
                Row.of("A", price("4.00"), ts("08:10"), 2L),
                Row.of("C", price("4.00"), ts("08:10"), 3L),
                Row.of("F", price("6.00"), ts("08:20"), 1L),
                Row.of("G", price("3.00"), ts("08:20"), 2L),
                Row.of("B", price("2.00"), ts("08:20"), 3L));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void windowDeduplicationKeepsTheLastRowOfEachWindow(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT * FROM (SELECT bidtime, price, item, supplier_id,"
                + " window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end"
                + " ORDER BY bidtime DESC) AS rownum" + TUMBLE + ") WHERE rownum <= 1");

        assertThat(rows).containsExactlyInAnyOrder(
                Row.of(ts("08:09"), price("5.00"), "D", "supplier4", ts("08:00"), ts("08:10"), 1L),
                Row.of(ts("08:17"), price("6.00"), "F", "supplier5", ts("08:10"), ts("08:20"), 1L));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void windowDeduplicationKeepsTheFirstRowPerKeyAndWindow(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT supplier_id, item, window_start FROM (SELECT *,"
                + " ROW_NUMBER() OVER (PARTITION BY window_start, window_end, supplier_id ORDER BY bidtime) AS rn"
                + TUMBLE + ") WHERE rn = 1");

        assertThat(rows).containsExactlyInAnyOrder(
                Row.of("supplier1", "C", ts("08:00")),
                Row.of("supplier2", "A", ts("08:00")),
                Row.of("supplier3", "H", ts("08:00")),
                Row.of("supplier4", "D", ts("08:00")),
                Row.of("supplier3", "B", ts("08:10")),
                Row.of("supplier1", "I", ts("08:10")),
                Row.of("supplier2", "G", ts("08:10")),
                Row.of("supplier5", "F", ts("08:10")));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void explainShowsAnInsertOnlyWindowRankAndWindowDeduplicate(int parallelism, String backend) {
        try (Session session = CLUSTER.session(parallelism, backend)) {
            session.execute(bids);
            String rank = session.execute("EXPLAIN SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY"
                    + " window_start, window_end ORDER BY price DESC) AS rn" + TUMBLE + ") WHERE rn <= 2").toString();
            String dedup = session.execute("EXPLAIN SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY"
                    + " window_start, window_end ORDER BY bidtime) AS rn" + TUMBLE + ") WHERE rn = 1").toString();

            assertThat(rank).contains("WindowRank(rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=2]")
                    .doesNotContain("keep=");
            assertThat(dedup).contains("WindowRank(keep=[FirstRow], rankType=[ROW_NUMBER]");
        }
    }
}
