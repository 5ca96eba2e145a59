package dev.runnel.planner.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.TestTables;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.planner.session.SqlExecutionException;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

class ValidationErrorTest {
    private final QueryPlanner planner = new QueryPlanner(TestTables.catalog());

    private AbstractThrowableAssert<?, ? extends Throwable> assertPlanning(String sql) {
        return assertThatThrownBy(() -> planner.plan(StatementParser.parse(sql)))
                .isInstanceOf(SqlExecutionException.class);
    }

    private static String position(Throwable t) {
        SqlExecutionException e = (SqlExecutionException) t;
        return e.line() + ":" + e.column();
    }

    @Test
    void unknownTable() {
        assertPlanning("SELECT id\nFROM ordrs\nWHERE id > 1")
                .hasMessage("Object 'ordrs' not found. Did you mean 'orders'?")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:6"));
    }

    @Test
    void unknownColumn() {
        assertPlanning("SELECT id,\n       amout\nFROM orders")
                .hasMessage("Column 'amout' not found in any table. Did you mean 'amount'?")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:8"));
    }

    @Test
    void anUnknownColumnFarFromEveryColumnGetsNoSuggestion() {
        assertPlanning("SELECT shipping_address FROM orders")
                .hasMessage("Column 'shipping_address' not found in any table");
    }

    @Test
    void unknownFunction() {
        assertPlanning("SELECT\n  UPPPER(customer)\nFROM orders")
                .hasMessageStartingWith("No match found for function signature UPPPER(<CHARACTER>)")
                .hasMessageEndingWith("Did you mean 'UPPER'?")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:3"));
    }

    @Test
    void identifiersAreCaseSensitive() {
        assertPlanning("SELECT ID FROM orders")
                .hasMessage("Column 'ID' not found in any table; did you mean 'id'?")
                .satisfies(e -> assertThat(position(e)).isEqualTo("1:8"));
    }

    @Test
    void comparingANumberWithAString() {
        assertPlanning("SELECT id\nFROM orders\nWHERE amount > 'x'")
                .hasMessage("Cannot apply '>' to arguments of type '<DOUBLE> > <CHAR(1)>'. "
                        + "Use CAST to compare values of different types")
                .satisfies(e -> assertThat(position(e)).isEqualTo("3:7"));
    }

    @Test
    void wrongFunctionArgument() {
        assertPlanning("SELECT\n  UPPER(id)\nFROM orders")
                .hasMessage("Cannot apply 'UPPER' to arguments of type 'UPPER(<BIGINT>)'. "
                        + "Supported form(s): 'UPPER(<CHARACTER>)'")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:3"));
    }

    @Test
    void insertWithTooFewColumns() {
        assertPlanning("INSERT INTO big_orders\nSELECT id\nFROM orders")
                .hasMessage("Number of INSERT target columns (2) does not equal number of source items (1)")
                .satisfies(e -> assertThat(position(e)).isEqualTo("1:13"));
    }

    @Test
    void insertWithIncompatibleType() {
        assertPlanning("INSERT INTO big_orders\nSELECT id, customer\nFROM orders")
                .hasMessage("Cannot assign to target field 'amount' of type DECIMAL(12, 2) from source field 'customer' "
                        + "of type STRING")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:12"));
    }

    @Test
    void unsupportedFeaturesAreNamedWhereTheyAreWritten() {
        assertPlanning("SELECT customer, COUNT(*)\nFROM orders\nGROUP BY customer\nWINDOW w AS (ORDER BY id)")
                .hasMessage("A WINDOW clause is not supported yet")
                .satisfies(e -> assertThat(position(e)).isEqualTo("4:1"));
        assertPlanning("SELECT\n  COVAR_POP(amount, amount) FROM orders")
                .hasMessage("The aggregate function COVAR_POP is not supported yet")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:3"));
        assertPlanning("SELECT id FROM orders\nORDER BY id")
                .hasMessage("Sort on a non-time-attribute field is not supported.")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:10"));
        assertPlanning("SELECT id\nFROM orders\nORDER BY\n  amount DESC, id")
                .hasMessage("Sort on a non-time-attribute field is not supported.")
                .satisfies(e -> assertThat(position(e)).isEqualTo("4:3"));
        assertPlanning("SELECT id FROM orders\nORDER BY id OFFSET 2")
                .hasMessage("FETCH is missed, which on streaming table is not supported currently.")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:20"));
        assertPlanning("SELECT id FROM orders o WHERE EXISTS (SELECT * FROM big_orders b WHERE b.id = o.id\n"
                + "  AND b.amount > (SELECT MIN(price) FROM orders o2 WHERE o2.customer = o.customer))")
                .hasMessage("A subquery that reads a column of a query around its enclosing subquery (o.customer)"
                        + " is not supported yet")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:72"));
        assertPlanning("SELECT id,\n  (SELECT id FROM big_orders b WHERE b.id = o.id UNION ALL SELECT 1) FROM orders o")
                .hasMessage("A correlated subquery that cannot be turned into a join is not supported yet")
                .satisfies(e -> assertThat(position(e)).isEqualTo("2:3"));
        assertPlanning("SELECT SUM(amount) OVER (PARTITION BY id) FROM orders")
                .hasMessage("An OVER aggregation must be ordered by one time attribute ascending (ORDER BY rowtime)");
    }
}
