package dev.runnel.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.TestTables;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.planner.session.Session;
import dev.runnel.runtime.config.Configuration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Compares the optimized physical plan of each query with {@code plans/<name>.txt}. Run with
 * {@code -Drunnel.regenerate=true} to rewrite the files from the current planner (then review
 * the diff).
 */
class PlanGoldenTest {
    private static final Path PLANS = Path.of("src", "test", "resources", "plans");

    static Stream<Arguments> queries() {
        return Stream.of(
                Arguments.of("filter_project",
                        "SELECT id, amount FROM orders WHERE amount > 100"),
                Arguments.of("functions",
                        "SELECT id, UPPER(customer) AS c, amount * 1.2 AS gross,"
                                + " CASE WHEN price > 10 THEN 'high' ELSE 'low' END AS band"
                                + " FROM orders WHERE customer LIKE 'a%' AND 1 = 1"),
                Arguments.of("merged_projections",
                        "SELECT c FROM (SELECT UPPER(customer) AS c, amount FROM orders WHERE id > 10) WHERE amount < 5"),
                Arguments.of("union_all",
                        "SELECT id, CAST(amount AS DECIMAL(12, 2)) FROM orders WHERE amount > 400"
                                + " UNION ALL SELECT id, amount FROM big_orders"),
                Arguments.of("insert_into_sink",
                        "INSERT INTO big_orders SELECT id, amount FROM orders WHERE amount > 400"),
                Arguments.of("values",
                        "SELECT * FROM (VALUES (1, 'a'), (2, 'bb')) AS t(x, y)"),
                Arguments.of("sort_limit",
                        "SELECT id, amount FROM orders WHERE amount > 10 ORDER BY amount DESC, id LIMIT 3 OFFSET 1"),
                Arguments.of("limit",
                        "SELECT customer FROM orders FETCH FIRST 5 ROWS ONLY"),
                Arguments.of("grouping_sets",
                        "SELECT customer, id, COUNT(*) AS c, SUM(amount) AS s, GROUPING(customer) AS g,"
                                + " GROUPING_ID(customer, id) AS gid FROM orders GROUP BY ROLLUP (customer, id)"),
                Arguments.of("variance_and_json_aggregates",
                        "SELECT customer, STDDEV_SAMP(amount) AS sd, VAR_POP(price) AS vp, FIRST_VALUE(id) AS f,"
                                + " JSON_ARRAYAGG(id) AS ja, JSON_OBJECTAGG(customer VALUE id ABSENT ON NULL) AS jo"
                                + " FROM orders GROUP BY customer"),
                Arguments.of("in_semi_join",
                        "SELECT id, customer FROM orders WHERE id IN (SELECT id FROM big_orders WHERE amount > 10)"),
                Arguments.of("not_in_anti_join_without_keys",
                        "SELECT id FROM orders WHERE id NOT IN (SELECT id FROM big_orders)"),
                Arguments.of("multi_column_in",
                        "SELECT id FROM orders WHERE (id, price) IN (SELECT id, amount FROM big_orders)"),
                Arguments.of("correlated_exists",
                        "SELECT id FROM orders o WHERE EXISTS"
                                + " (SELECT * FROM big_orders b WHERE b.id = o.id AND b.amount > o.price)"),
                Arguments.of("uncorrelated_not_exists",
                        "SELECT id FROM orders WHERE NOT EXISTS (SELECT * FROM big_orders)"),
                Arguments.of("correlated_in_through_aggregate",
                        "SELECT id FROM orders o WHERE price IN"
                                + " (SELECT MAX(amount) FROM big_orders b WHERE b.id = o.id GROUP BY id)"),
                Arguments.of("in_under_or",
                        "SELECT id FROM orders WHERE id IN (SELECT id FROM big_orders) OR amount > 10"),
                Arguments.of("scalar_subquery",
                        "SELECT id FROM orders WHERE amount > (SELECT AVG(amount) FROM orders)"),
                Arguments.of("correlated_scalar_subquery",
                        "SELECT id, (SELECT MAX(amount) FROM big_orders b WHERE b.id = o.id) AS biggest FROM orders o"),
                Arguments.of("scalar_subquery_single_value",
                        "SELECT id, (SELECT amount FROM big_orders b WHERE b.id = 1) AS first_amount FROM orders"),
                Arguments.of("intersect",
                        "SELECT id FROM orders INTERSECT SELECT id FROM big_orders"),
                Arguments.of("except",
                        "SELECT id FROM orders EXCEPT SELECT id FROM big_orders"),
                Arguments.of("intersect_all",
                        "SELECT id FROM orders INTERSECT ALL SELECT id FROM big_orders"),
                Arguments.of("except_all",
                        "SELECT id, customer FROM orders EXCEPT ALL SELECT id, CAST(amount AS STRING) FROM big_orders"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void physicalPlanMatchesGoldenFile(String name, String sql) throws IOException {
        assertMatchesGoldenFile(name, new QueryPlanner(TestTables.catalog()).plan(StatementParser.parse(sql)).explain());
    }

    private static final String WINDOWED_CLICKS =
            " TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) c";
    private static final String WINDOWED_VIEWS =
            " TABLE(TUMBLE(TABLE views, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) v";

    /**
     * Plans over tables with time attributes: {@code clicks} and {@code views}, both
     * {@code (user_id BIGINT, url STRING, ts TIMESTAMP(3), pt AS PROCTIME())} with a watermark on {@code ts}.
     */
    static Stream<Arguments> timeQueries() {
        return Stream.of(
                Arguments.of("proctime_over_rows",
                        "SELECT user_id, COUNT(*) OVER (PARTITION BY user_id ORDER BY pt"
                                + " ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM clicks"),
                Arguments.of("proctime_over_range",
                        "SELECT url, SUM(user_id) OVER (ORDER BY pt"
                                + " RANGE BETWEEN INTERVAL '1' MINUTE PRECEDING AND CURRENT ROW) FROM clicks"),
                Arguments.of("proctime_interval_join",
                        "SELECT c.url, v.url FROM clicks c LEFT JOIN views v ON c.user_id = v.user_id"
                                + " AND c.pt BETWEEN v.pt - INTERVAL '10' SECOND AND v.pt + INTERVAL '5' SECOND"),
                Arguments.of("window_aggregate_after_window_join",
                        "SELECT window_start, window_end, COUNT(*) FROM (SELECT c.window_start, c.window_end FROM"
                                + WINDOWED_CLICKS + " JOIN " + WINDOWED_VIEWS + " ON c.user_id = v.user_id"
                                + " AND c.window_start = v.window_start AND c.window_end = v.window_end)"
                                + " GROUP BY window_start, window_end"),
                Arguments.of("window_top_n_after_window_join",
                        "SELECT * FROM (SELECT c.url, c.window_start, c.window_end, ROW_NUMBER() OVER (PARTITION BY"
                                + " c.window_start, c.window_end ORDER BY v.url DESC) AS rn FROM" + WINDOWED_CLICKS
                                + " JOIN " + WINDOWED_VIEWS + " ON c.user_id = v.user_id"
                                + " AND c.window_start = v.window_start AND c.window_end = v.window_end) WHERE rn <= 3"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("timeQueries")
    void physicalPlanWithTimeAttributesMatchesGoldenFile(String name, String sql) throws IOException {
        try (Session session = new Session(null, new Configuration())) {
            for (String table : List.of("clicks", "views")) {
                session.execute("CREATE TABLE " + table + " (user_id BIGINT, url STRING, ts TIMESTAMP(3),"
                        + " pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen')");
            }
            assertMatchesGoldenFile(name, new QueryPlanner(session.catalog()).plan(StatementParser.parse(sql)).explain());
        }
    }

    private static void assertMatchesGoldenFile(String name, String plan) throws IOException {
        Path file = PLANS.resolve(name + ".txt");
        if (Boolean.getBoolean("runnel.regenerate")) {
            Files.createDirectories(PLANS);
            Files.writeString(file, plan, StandardCharsets.UTF_8);
        }
        assertThat(file).as("golden plan file (regenerate with -Drunnel.regenerate=true)").exists();
        assertThat(plan).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }
}
