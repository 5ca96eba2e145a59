package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.GroupAggregateEndToEndTest.materialize;
import static dev.runnel.planner.session.GroupAggregateEndToEndTest.r;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Mini-batch, two-phase and split distinct aggregation, and how EXPLAIN shows aggregations and their changelogs. */
class GroupAggregateOptionsEndToEndTest {
    private static final String VALUES = "(VALUES ('a', 1), ('b', 10), ('a', 4), ('a', 4), ('b', 1)) AS t(k, v)";
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    static Stream<Arguments> setups() {
        return GroupAggregateEndToEndTest.setups();
    }

    private static Session session(int parallelism, String backend, String... options) {
        return GroupAggregateEndToEndTest.session(CLUSTER.cluster(), parallelism, backend, options);
    }

    private static String explain(Session session, String sql) {
        var table = (StatementResult.Table) session.execute("EXPLAIN " + sql);
        return (String) table.rows().get(0).fields()[0];
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void miniBatchFoldsEachGroupsRowsBeforeTouchingState(int parallelism, String backend) {
        try (Session session = session(parallelism, backend, "table.exec.mini-batch.enabled", "true",
                "table.exec.mini-batch.allow-latency", "1 h", "table.exec.mini-batch.size", "1000")) {
            List<Row> rows = fetchAll((QueryResult) session.execute(
                    "SELECT k, COUNT(*) AS c, SUM(v) AS s FROM " + VALUES + " GROUP BY k"));

            // One batch, flushed at the end of the input: one insert per group and no updates.
            assertThat(rows).containsExactlyInAnyOrder(r("+I", "a", 3L, 9), r("+I", "b", 2L, 11));
        }
    }

    private static String jobGraph(Session session, String sql) {
        return explain(session, "JSON_EXECUTION_PLAN " + sql);
    }

    /**
     * With mini-batch, by default ({@code table.optimizer.agg-phase-strategy} AUTO) a group
     * aggregate pre-aggregates before the shuffle: a local phase chained to its input, a global one
     * behind the exchange; {@code ONE_PHASE} has a single aggregate. The results are the same, over
     * an insert-only input, over a retracting one, and without GROUP BY.
     */
    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void withMiniBatchAGroupAggregateRunsInTwoPhasesUnlessOnePhaseIsSet(int parallelism, String backend) {
        String rows = "(VALUES ('a', 1), ('b', 10), ('a', 4), ('a', 4), ('b', 1), ('c', 2), ('a', 7), ('c', 3))"
                + " AS t(k, v)";
        List<String> queries = List.of(
                "SELECT k, COUNT(*) AS c, SUM(v) AS s, MAX(v) AS hi, AVG(v) AS av FROM " + rows + " GROUP BY k",
                "SELECT COUNT(*) AS c, SUM(v) AS s, MIN(v) AS lo FROM " + rows,
                // over the updating result of another aggregate: retractions cross the local phase
                "SELECT c, COUNT(*) AS n, SUM(s) AS total FROM (SELECT k, COUNT(*) AS c, SUM(v) AS s FROM " + rows
                        + " GROUP BY k) GROUP BY c");
        String[] miniBatch = {"table.exec.mini-batch.enabled", "true", "table.exec.mini-batch.allow-latency", "1 h",
                "table.exec.mini-batch.size", "3"};
        for (String sql : queries) {
            List<Row> twoPhases;
            try (Session session = session(parallelism, backend, miniBatch)) {
                assertThat(jobGraph(session, sql)).as(sql).contains("LocalGroupAggregate(").contains("GlobalGroupAggregate(");
                twoPhases = materialize(fetchAll((QueryResult) session.execute(sql)));
            }
            List<Row> onePhase;
            try (Session session = session(parallelism, backend, miniBatch)) {
                session.execute("SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE'");
                assertThat(jobGraph(session, sql)).as(sql).contains("MiniBatchGroupAggregate(")
                        .doesNotContain("LocalGroupAggregate(");
                onePhase = materialize(fetchAll((QueryResult) session.execute(sql)));
            }
            assertThat(twoPhases).as(sql).isNotEmpty().containsExactlyInAnyOrderElementsOf(onePhase);
        }
    }

    @Test
    void callsWithMapViewsAndAggregatesWithoutMiniBatchKeepOnePhase() {
        String sql = "SELECT k, COUNT(DISTINCT v) AS d FROM " + VALUES + " GROUP BY k";
        try (Session session = session(2, "hashmap", "table.exec.mini-batch.enabled", "true",
                "table.exec.mini-batch.allow-latency", "1 h", "table.exec.mini-batch.size", "3")) {
            assertThat(jobGraph(session, sql)).doesNotContain("LocalGroupAggregate(");
            assertThat(materialize(fetchAll((QueryResult) session.execute(sql))))
                    .containsExactlyInAnyOrder(Row.of("a", 2L), Row.of("b", 2L));
        }
        try (Session session = session(2, "hashmap")) {
            assertThat(jobGraph(session, "SELECT k, COUNT(*) AS c FROM " + VALUES + " GROUP BY k"))
                    .doesNotContain("LocalGroupAggregate(");
        }
    }

    @Test
    void miniBatchFlushesWhenItHoldsSizeRows() {
        try (Session session = session(1, "hashmap", "table.exec.mini-batch.enabled", "true",
                "table.exec.mini-batch.allow-latency", "1 h", "table.exec.mini-batch.size", "2")) {
            List<Row> rows = fetchAll((QueryResult) session.execute(
                    "SELECT k, COUNT(*) AS c, SUM(v) AS s FROM " + VALUES + " GROUP BY k"));

            assertThat(rows).containsExactly(
                    r("+I", "a", 1L, 1), r("+I", "b", 1L, 10),
                    r("-U", "a", 1L, 1), r("+U", "a", 3L, 9),
                    r("-U", "b", 1L, 10), r("+U", "b", 2L, 11));
        }
    }

    @Test
    void miniBatchShowsInThePlan() {
        try (Session session = session(1, "hashmap", "table.exec.mini-batch.enabled", "true",
                "table.exec.mini-batch.allow-latency", "2 s", "table.exec.mini-batch.size", "500")) {
            assertThat(explain(session, "SELECT k, COUNT(*) AS c FROM " + VALUES + " GROUP BY k")).contains(
                    "MiniBatchGroupAggregate(groupBy=[k], select=[k, COUNT(*) AS c], "
                            + "miniBatch=[latency=2000ms, size=500])");
        }
    }

    @Test
    void miniBatchNeedsLatencyAndSize() {
        try (Session session = session(1, "hashmap", "table.exec.mini-batch.enabled", "true")) {
            assertThatThrownBy(() -> session.execute("SELECT k, COUNT(*) FROM " + VALUES + " GROUP BY k"))
                    .hasMessageContaining("'table.exec.mini-batch.enabled' needs a positive "
                            + "'table.exec.mini-batch.allow-latency' and 'table.exec.mini-batch.size'");
            assertThatThrownBy(() -> session.execute("SET 'table.exec.mini-batch.size' = '0'"))
                    .hasMessageContaining("Invalid value '0' for option 'table.exec.mini-batch.size'");
            assertThatThrownBy(() -> session.execute("SET 'table.optimizer.distinct-agg.split.bucket-num' = '0'"))
                    .hasMessageContaining("expected a positive number");
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void splitDistinctAggregationGivesTheSameResult(int parallelism, String backend) {
        try (Session session = session(parallelism, backend, "table.optimizer.distinct-agg.split.enabled", "true",
                "table.optimizer.distinct-agg.split.bucket-num", "4")) {
            String sql = "SELECT k, COUNT(DISTINCT v) AS d, COUNT(*) AS c, SUM(v) AS s, MAX(v) AS hi FROM "
                    + "(VALUES ('a', 1), ('a', 2), ('a', 1), ('a', 3), ('b', 7), ('b', 7)) AS t(k, v) GROUP BY k";
            String plan = explain(session, sql);
            assertThat(plan).contains("GroupAggregate(groupBy=[k], select=[k, $SUM0(d) AS d, $SUM0(c) AS c,"
                    + " SUM(s) AS s, MAX(hi) AS hi])");
            assertThat(plan).contains("GroupAggregate(groupBy=[k, $bucket], select=[k, $bucket, COUNT(DISTINCT v) AS d,"
                    + " COUNT(*) AS c, SUM(v) AS s, MAX(v) AS hi])");
            assertThat(plan).contains("$HASH_BUCKET(v, 4) AS $bucket");

            List<Row> rows = fetchAll((QueryResult) session.execute(sql));

            assertThat(materialize(rows)).containsExactlyInAnyOrder(Row.of("a", 3L, 4L, 7, 3), Row.of("b", 1L, 2L, 14, 7));
        }
    }

    @Test
    void explainShowsTheChangelogModeOfAggregations() {
        try (Session session = session(1, "hashmap")) {
            String plan = explain(session, "CHANGELOG_MODE SELECT c, COUNT(*) AS n FROM"
                    + " (SELECT k, COUNT(*) AS c FROM " + VALUES + " GROUP BY k) GROUP BY c");

            assertThat(plan).contains("GroupAggregate(groupBy=[c], select=[c, COUNT(*) AS n], changelogMode=[I,UB,UA,D])");
            assertThat(plan).contains("GroupAggregate(groupBy=[k], select=[k, COUNT(*) AS c], changelogMode=[I,UB,UA])");
            assertThat(plan).contains("Values(");
        }
    }
}
