package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Flink's legacy group window aggregation ({@code GROUP BY TUMBLE(...)}, {@code HOP(...)},
 * {@code SESSION(...)} with {@code _START}, {@code _END} and {@code _ROWTIME}) gives the windows
 * of the windowing table functions.
 */
class GroupWindowFunctionsEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;
    private String bids;

    @BeforeEach
    void writeBids() throws IOException {
        Path data = Files.createDirectories(dir.resolve("bids"));
        Files.write(data.resolve("bids.csv"), List.of(
                "2020-04-15 08:05:00,4.00,supplier1",
                "2020-04-15 08:07:00,2.00,supplier1",
                "2020-04-15 08:09:00,5.00,supplier2",
                "2020-04-15 08:11:00,3.00,supplier2",
                "2020-04-15 08:13:00,1.00,supplier1",
                "2020-04-15 08:17:00,6.00,supplier2"));
        bids = "CREATE TABLE bids (bidtime TIMESTAMP(3), price DECIMAL(10, 2), supplier_id STRING,"
                + " WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + data + "', 'format' = 'csv')";
    }

    private List<Row> query(int parallelism, String sql) {
        try (Session session = CLUSTER.session(parallelism, "hashmap")) {
            session.execute(bids);
            return fetchAll((QueryResult) session.execute(sql));
        }
    }

    private static long ts(String hhmm) {
        return LocalDateTime.parse("2020-04-15T" + hhmm).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void tumbleStartAndEndAreTheWindowBounds(int parallelism) {
        List<Row> rows = query(parallelism, "SELECT TUMBLE_START(bidtime, INTERVAL '10' MINUTE) AS s,"
                + " TUMBLE_END(bidtime, INTERVAL '10' MINUTE) AS e, SUM(price) FROM bids"
                + " GROUP BY TUMBLE(bidtime, INTERVAL '10' MINUTE)");
        assertThat(rows).containsExactlyInAnyOrder(Row.of(ts("08:00"), ts("08:10"), new BigDecimal("11.00")),
                Row.of(ts("08:10"), ts("08:20"), new BigDecimal("10.00")));
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void hopWindowsPerKeyWithAnAlias(int parallelism) {
        List<Row> rows = query(parallelism, "SELECT b.supplier_id, HOP_END(b.bidtime, INTERVAL '5' MINUTE,"
                + " INTERVAL '10' MINUTE), COUNT(*) FROM bids AS b"
                + " GROUP BY HOP(b.bidtime, INTERVAL '5' MINUTE, INTERVAL '10' MINUTE), b.supplier_id"
                + " HAVING COUNT(*) > 1");
        assertThat(rows).containsExactlyInAnyOrder(Row.of("supplier1", ts("08:10"), 2L),
                Row.of("supplier1", ts("08:15"), 3L), Row.of("supplier2", ts("08:15"), 2L),
                Row.of("supplier2", ts("08:20"), 2L));
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void sessionsEndOneGapAfterTheirLastRow(int parallelism) {
        List<Row> rows = query(parallelism, "SELECT supplier_id, SESSION_START(bidtime, INTERVAL '3' MINUTE),"
                + " SESSION_END(bidtime, INTERVAL '3' MINUTE), COUNT(*) FROM bids"
                + " GROUP BY supplier_id, SESSION(bidtime, INTERVAL '3' MINUTE)");
        assertThat(rows).containsExactlyInAnyOrder(Row.of("supplier1", ts("08:05"), ts("08:10"), 2L),
                Row.of("supplier1", ts("08:13"), ts("08:16"), 1L),
                Row.of("supplier2", ts("08:09"), ts("08:14"), 2L),
                Row.of("supplier2", ts("08:17"), ts("08:20"), 1L));
    }

    @Test
    void aGroupWindowOverAJoinIsRefusedNamingTheTableFunctionToUse() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute(bids);
            assertThatThrownBy(() -> session.execute("SELECT COUNT(*) FROM bids a JOIN bids b ON a.price = b.price"
                    + " GROUP BY TUMBLE(a.bidtime, INTERVAL '1' MINUTE)"))
                    .hasMessageContaining("A group window function TUMBLE(...) over a join or subquery (use the TUMBLE"
                            + " window table function) is not supported yet");
        }
    }
}
