package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.io.IOException;
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
 * Window aggregations over a bounded CSV table with a WATERMARK: the source ends with the
 * maximum watermark, so every window fires. Flink's documentation example (bids).
 */
class WindowAggregateEndToEndTest {
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
                "2020-04-15 08:07:00,2.00,A,supplier1",
                "2020-04-15 08:09:00,5.00,D,supplier2",
                "2020-04-15 08:11:00,3.00,B,supplier2",
                "2020-04-15 08:13:00,1.00,E,supplier1",
                "2020-04-15 08:17:00,6.00,F,supplier2"));
        bids = "CREATE TABLE bids (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING, supplier_id STRING,"
                + " WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + data + "', 'format' = 'csv')";
    }

    private static Session session(int parallelism, String backend) {
        return CLUSTER.session(parallelism, backend);
    }

    private static long ts(String hhmm) {
        return LocalDateTime.parse("2020-04-15T" + hhmm).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private List<Row> query(int parallelism, String backend, String sql) {
        try (Session session = session(parallelism, backend)) {
            session.execute(bids);
            return fetchAll((QueryResult) session.execute(sql));
        }
    }

    private static java.math.BigDecimal price(String value) {
        return new java.math.BigDecimal(value);
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void tumbleWindowAggregation(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT window_start, window_end, SUM(price) AS total_price"
                + " FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))"
                + " GROUP BY window_start, window_end");

        assertThat(rows).containsExactlyInAnyOrder(
                Row.of(ts("08:00"), ts("08:10"), price("11.00")),
                Row.of(ts("08:10"), ts("08:20"), price("10.00")));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void hopWindowAggregationByKeyWithWindowTime(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT supplier_id, window_start, window_end, window_time,"
                + " COUNT(*) AS n, MAX(price) AS top FROM TABLE(HOP(TABLE bids, DESCRIPTOR(bidtime),"
                + " INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))"
                + " GROUP BY supplier_id, window_start, window_end, window_time");

        assertThat(rows).containsExactlyInAnyOrder(
                Row.of("supplier1", ts("08:00"), ts("08:10"), ts("08:10") - 1, 2L, price("4.00")),
                Row.of("supplier1", ts("08:05"), ts("08:15"), ts("08:15") - 1, 3L, price("4.00")),
                Row.of("supplier1", ts("08:10"), ts("08:20"), ts("08:20") - 1, 1L, price("1.00")),
                Row.of("supplier2", ts("08:05"), ts("08:15"), ts("08:15") - 1, 2L, price("5.00")),
                Row.of("supplier2", ts("08:00"), ts("08:10"), ts("08:10") - 1, 1L, price("5.00")),
                Row.of("supplier2", ts("08:10"), ts("08:20"), ts("08:20") - 1, 2L, price("6.00")),
                Row.of("supplier2", ts("08:15"), ts("08:25"), ts("08:25") - 1, 1L, price("6.00")));
    }

    /** The job graph of {@code sql}, as {@code EXPLAIN JSON_EXECUTION_PLAN} shows it. */
    private String jobGraph(String sql) {
        try (Session session = session(1, "hashmap")) {
            session.execute(bids);
            var table = (StatementResult.Table) session.execute("EXPLAIN JSON_EXECUTION_PLAN " + sql);
            String text = (String) table.rows().get(0).fields()[0];
            return text.substring(text.indexOf("== Physical Execution Plan =="));
        }
    }

    @org.junit.jupiter.api.Test
    void aHopAggregateTakesEachRowOnceWithItsSliceInsteadOfOncePerWindow() {
        assertThat(jobGraph("SELECT supplier_id, window_start, COUNT(*) FROM TABLE(HOP(TABLE bids, DESCRIPTOR(bidtime),"
                + " INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) WHERE price > 1"
                + " GROUP BY supplier_id, window_start, window_end"))
                .contains("WindowTableFunction(window=[HOP(time_col=[bidtime], size=[10 min], slide=[5 min])]), slices");
        // A calc that computes with a window column needs the windows themselves.
        assertThat(jobGraph("SELECT item, w, COUNT(*) FROM (SELECT item, window_start, window_end,"
                + " window_end - INTERVAL '1' MINUTE AS w FROM TABLE(HOP(TABLE bids, DESCRIPTOR(bidtime),"
                + " INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) GROUP BY item, w, window_start, window_end"))
                .contains("WindowTableFunction(window=[HOP(time_col=[bidtime], size=[10 min], slide=[5 min])])")
                .doesNotContain("slices");
    }

    /**
     * By default ({@code table.optimizer.agg-phase-strategy} AUTO) a window aggregate over slices
     * pre-aggregates before the shuffle: a local phase chained to the window table function, a
     * global one behind the HASH exchange; {@code ONE_PHASE} has a single aggregate. The results
     * are the same.
     */
    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void aWindowAggregateRunsInTwoPhasesUnlessOnePhaseIsSet(int parallelism, String backend) {
        String sql = "SELECT supplier_id, window_start, window_end, COUNT(*) AS n, SUM(price) AS total"
                + " FROM TABLE(CUMULATE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '15' MINUTES))"
                + " GROUP BY supplier_id, window_start, window_end";
        assertThat(jobGraph(sql)).contains("LocalWindowAggregate(groupBy=[supplier_id]")
                .contains("GlobalWindowAggregate(groupBy=[supplier_id]");
        List<Row> twoPhases = query(parallelism, backend, sql);
        List<Row> onePhase;
        try (Session session = session(parallelism, backend)) {
            session.execute(bids);
            session.execute("SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE'");
            String plan = (String) ((StatementResult.Table) session.execute("EXPLAIN JSON_EXECUTION_PLAN " + sql))
                    .rows().get(0).fields()[0];
            assertThat(plan).contains("WindowAggregate(groupBy=[supplier_id]").doesNotContain("LocalWindowAggregate");
            onePhase = fetchAll((QueryResult) session.execute(sql));
        }

        assertThat(twoPhases).containsExactlyInAnyOrderElementsOf(onePhase).containsExactlyInAnyOrder(
                Row.of("supplier1", ts("08:00"), ts("08:10"), 2L, price("6.00")),
                Row.of("supplier1", ts("08:00"), ts("08:15"), 3L, price("7.00")),
                Row.of("supplier2", ts("08:00"), ts("08:10"), 1L, price("5.00")),
                Row.of("supplier2", ts("08:00"), ts("08:15"), 2L, price("8.00")),
                Row.of("supplier2", ts("08:15"), ts("08:20"), 1L, price("6.00")),
                Row.of("supplier2", ts("08:15"), ts("08:25"), 1L, price("6.00")),
                Row.of("supplier2", ts("08:15"), ts("08:30"), 1L, price("6.00")));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void aHopAggregateFilteredOnItsWindowStartKeepsItsWindows(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT window_start, window_end, COUNT(*) AS n"
                + " FROM TABLE(HOP(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))"
                + " WHERE window_start >= TIMESTAMP '2020-04-15 08:05:00'"
                + " GROUP BY window_start, window_end");

        assertThat(rows).containsExactlyInAnyOrder(
                Row.of(ts("08:05"), ts("08:15"), 5L),
                Row.of(ts("08:10"), ts("08:20"), 3L),
                Row.of(ts("08:15"), ts("08:25"), 1L));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void cumulateWindowAggregation(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT window_start, window_end, SUM(price) AS total_price"
                + " FROM TABLE(CUMULATE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES))"
                + " GROUP BY window_start, window_end");

        // Flink's documentation result for the same bids.
        assertThat(rows).containsExactlyInAnyOrder(
                Row.of(ts("08:00"), ts("08:06"), price("4.00")),
                Row.of(ts("08:00"), ts("08:08"), price("6.00")),
                Row.of(ts("08:00"), ts("08:10"), price("11.00")),
                Row.of(ts("08:10"), ts("08:12"), price("3.00")),
                Row.of(ts("08:10"), ts("08:14"), price("4.00")),
                Row.of(ts("08:10"), ts("08:16"), price("4.00")),
                Row.of(ts("08:10"), ts("08:18"), price("10.00")),
                Row.of(ts("08:10"), ts("08:20"), price("10.00")));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void sessionWindowAggregationMergesRowsCloserThanTheGap(int parallelism, String backend) {
        List<Row> rows = query(parallelism, backend, "SELECT window_start, window_end, supplier_id, SUM(price) AS total"
                + " FROM TABLE(SESSION(TABLE bids PARTITION BY supplier_id, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES))"
                + " GROUP BY window_start, window_end, supplier_id");

        // Sessions that touch merge (08:05-08:07 and 08:07-08:09), as Flink's TimeWindow.intersects says.
        assertThat(rows).containsExactlyInAnyOrder(
                Row.of(ts("08:05"), ts("08:09"), "supplier1", price("6.00")),
                Row.of(ts("08:13"), ts("08:15"), "supplier1", price("1.00")),
                Row.of(ts("08:09"), ts("08:13"), "supplier2", price("8.00")),
                Row.of(ts("08:17"), ts("08:19"), "supplier2", price("6.00")));
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void windowAggregateIntoAFilesystemSinkIsAppendOnly(int parallelism, String backend) throws Exception {
        Path out = dir.resolve("out");
        try (Session session = session(parallelism, backend)) {
            session.execute(bids);
            session.execute("CREATE TABLE totals (window_start TIMESTAMP(3), window_end TIMESTAMP(3), total DECIMAL(10, 2))"
                    + " WITH ('connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'csv')");
            var job = (StatementResult.JobSubmitted) session.execute("INSERT INTO totals"
                    + " SELECT window_start, window_end, SUM(price) FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime),"
                    + " INTERVAL '10' MINUTES)) GROUP BY window_start, window_end");
            var info = CLUSTER.cluster().jobTermination(job.jobId()).get(60, java.util.concurrent.TimeUnit.SECONDS);

            // The window operator reports its late-row counter (no row of these bids is late).
            assertThat(info.counters()).containsEntry("numLateRecordsDropped", 0L);

            assertThat(EndToEndSupport.partFileLines(out)).containsExactly(
                    "2020-04-15 08:00:00.000,2020-04-15 08:10:00.000,11.00",
                    "2020-04-15 08:10:00.000,2020-04-15 08:20:00.000,10.00");
        }
    }

    /**
     * As in Flink, a GROUP BY over a windowing function without both window_start and
     * window_end is a regular (updating) group aggregation of the function's rows.
     */
    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void aGroupByWithoutTheWindowIsAGroupAggregation(int parallelism, String backend) {
        String sql = "SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE bids,"
                + " DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start";
        try (Session session = session(parallelism, backend)) {
            session.execute(bids);
            String plan = session.explain(sql);
            assertThat(plan).contains("GroupAggregatePhysicalRel(groupBy=[window_start]")
                    .contains("WindowTableFunctionPhysicalRel(window=[TUMBLE(time_col=[bidtime], size=[10 min])])")
                    .doesNotContain("WindowAggregatePhysicalRel");

            List<Row> changelog = fetchAll((QueryResult) session.execute(sql));
            assertThat(changelog).anyMatch(row -> row.kind() == RowKind.UPDATE_AFTER);
            assertThat(GroupAggregateEndToEndTest.materialize(changelog)).containsExactlyInAnyOrder(
                    Row.of(ts("08:00"), 3L),
                    Row.of(ts("08:10"), 3L));
        }
    }

    @org.junit.jupiter.api.Test
    void aGroupByWithTheWindowIsAWindowAggregation() {
        try (Session session = session(1, "hashmap")) {
            session.execute(bids);
            String plan = session.explain("SELECT item, window_start, window_end, COUNT(*) FROM TABLE(TUMBLE(TABLE bids,"
                    + " DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY item, window_start, window_end");
            assertThat(plan).contains("WindowAggregatePhysicalRel(groupBy=[item], window=[TUMBLE(time_col=[bidtime],"
                    + " size=[10 min])], select=[item, start('w$) AS window_start, end('w$) AS window_end,"
                    + " COUNT(*) AS EXPR$3])");
        }
    }
}
