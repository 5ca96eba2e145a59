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
