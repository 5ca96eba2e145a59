package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.TestTables;
import dev.runnel.runtime.config.Configuration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Compares what {@code EXPLAIN} shows with {@code explain/<name>.txt}. Run with
 * {@code -Drunnel.regenerate=true} to rewrite the files from the current planner (then review
 * the diff).
 */
class ExplainGoldenTest {
    private static final Path FILES = Path.of("src", "test", "resources", "explain");

    static Stream<Arguments> statements() {
        return Stream.of(
                Arguments.of("query",
                        "EXPLAIN SELECT id, amount FROM orders WHERE amount > 100"),
                Arguments.of("plan_for_union",
                        "EXPLAIN PLAN FOR SELECT id, CAST(amount AS DECIMAL(12, 2)) FROM orders WHERE amount > 400"
                                + " UNION ALL SELECT id, amount FROM big_orders"),
                Arguments.of("insert_changelog_mode_and_cost",
                        "EXPLAIN CHANGELOG_MODE, ESTIMATED_COST\n"
                                + "INSERT INTO big_orders SELECT id, amount FROM orders WHERE amount > 400"),
                Arguments.of("insert_json_execution_plan",
                        "EXPLAIN JSON_EXECUTION_PLAN INSERT INTO big_orders SELECT id, amount FROM orders"),
                Arguments.of("query_json_execution_plan",
                        "EXPLAIN JSON_EXECUTION_PLAN SELECT UPPER(customer) FROM orders"),
                Arguments.of("anti_join_changelog_mode",
                        "EXPLAIN CHANGELOG_MODE SELECT id FROM orders o"
                                + " WHERE NOT EXISTS (SELECT * FROM big_orders b WHERE b.id = o.id)"),
                Arguments.of("statement_set",
                        "EXPLAIN CHANGELOG_MODE, JSON_EXECUTION_PLAN EXECUTE STATEMENT SET BEGIN\n"
                                + "INSERT INTO big_orders SELECT id, amount FROM orders WHERE amount > 400;\n"
                                + "INSERT INTO big_orders SELECT id, price FROM orders WHERE amount < 10;\n"
                                + "END"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statements")
    void explanationMatchesGoldenFile(String name, String sql) throws IOException {
        String text = explain(sql);
        Path file = FILES.resolve(name + ".txt");
        if (Boolean.getBoolean("runnel.regenerate")) {
            Files.createDirectories(FILES);
            Files.writeString(file, text, StandardCharsets.UTF_8);
        }
        assertThat(file).as("golden file (regenerate with -Drunnel.regenerate=true)").exists();
        assertThat(text).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void errorsInTheExplainedStatementPointIntoIt() {
        assertThatThrownBy(() -> explain("EXPLAIN CHANGELOG_MODE\nSELECT nope FROM orders"))
                .isInstanceOfSatisfying(SqlExecutionException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("Column 'nope' not found in any table");
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.column()).isEqualTo(8);
                });
        assertThatThrownBy(() -> explain("EXPLAIN STATEMENT SET BEGIN\nINSERT INTO nowhere SELECT 1;\nEND"))
                .isInstanceOfSatisfying(SqlExecutionException.class, e -> {
                    assertThat(e.getMessage()).contains("nowhere");
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.column()).isEqualTo(13);
                });
    }

    /** The text of the single {@code result} cell of {@code EXPLAIN}, run through a session. */
    static String explain(String sql) {
        try (Session session = new Session(null, new Configuration(Map.of("parallelism.default", "2")))) {
            session.catalog().createTable(TestTables.orders(), false);
            session.catalog().createTable(TestTables.bigOrders(), false);
            var table = (StatementResult.Table) session.execute(sql);
            assertThat(table.columns()).extracting(ColumnInfo::name).containsExactly("result");
            assertThat(table.rows()).hasSize(1);
            return (String) table.rows().get(0).fields()[0];
        }
    }
}
