package dev.runnel.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.TestTables;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.session.QueryPlanner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
                                + " FROM orders GROUP BY customer"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void physicalPlanMatchesGoldenFile(String name, String sql) throws IOException {
        String plan = new QueryPlanner(TestTables.catalog()).plan(StatementParser.parse(sql)).explain();
        Path file = PLANS.resolve(name + ".txt");
        if (Boolean.getBoolean("runnel.regenerate")) {
            Files.createDirectories(PLANS);
            Files.writeString(file, plan, StandardCharsets.UTF_8);
        }
        assertThat(file).as("golden plan file (regenerate with -Drunnel.regenerate=true)").exists();
        assertThat(plan).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }
}
