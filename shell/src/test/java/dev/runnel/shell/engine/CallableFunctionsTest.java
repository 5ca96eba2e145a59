package dev.runnel.shell.engine;

import dev.runnel.planner.functions.CallableFunctions;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.complete.Offered;
import dev.runnel.shell.complete.SqlCompletions;
import dev.runnel.shell.fake.FakeMetadata;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The functions Tab offers, from the operator table the validator uses; {@code |} marks the cursor. */
class CallableFunctionsTest {
    private final SqlCompletions completions = new SqlCompletions(new FakeMetadata()
            .table("orders", "order_id", "amount", "ts")
            .functions(CallableFunctions.of(new QueryPlanner(new Catalog(), new Configuration()).operatorTable())));

    private List<String> offered(String input) {
        return Offered.values(completions, input, s -> s.group().equals("function"));
    }

    @Test
    void functionsUnderTheNameTheirCallsAreWrittenWith() {
        assertThat(offered("SELECT JSON_| FROM orders")).contains("JSON_OBJECTAGG(", "JSON_ARRAYAGG(", "JSON_VALUE(")
                .noneMatch(f -> f.contains("_ON_NULL"));
        assertThat(offered("SELECT | FROM orders")).contains("UPPER(", "COUNT(", "TUMBLE(")
                .noneMatch(f -> f.startsWith("$"));
    }

    @Test
    void niladicFunctionsWithoutBrackets() {
        // CURRENT_DATABASE() and CURRENT_ROW_TIMESTAMP() take brackets in Flink; these do not
        assertThat(offered("SELECT CURRENT_| FROM orders")).contains("CURRENT_DATE", "CURRENT_TIMESTAMP",
                "CURRENT_TIME").doesNotContain("CURRENT_DATE(", "CURRENT_TIMESTAMP(", "CURRENT_TIME(");
        assertThat(offered("SELECT local| FROM orders")).containsExactly("localtime", "localtimestamp");
    }

    @Test
    void noFunctionTheValidatorRefusesAsNotSupportedYet() {
        assertThat(offered("SELECT CURRENT_W| FROM orders")).isEmpty();
        assertThat(offered("SELECT BITMAP_| FROM orders")).isEmpty();
    }

    @Test
    void noFunctionOfATypeRunnelLacks() {
        assertThat(offered("SELECT VAR| FROM orders")).containsExactly("VARIANCE(", "VAR_POP(", "VAR_SAMP(");
    }

    @Test
    void matchRecognizeFunctionsOnlyInMeasuresAndDefine() {
        assertThat(offered("SELECT P| FROM orders")).doesNotContain("PREV(").contains("POWER(");
        assertThat(offered("SELECT | FROM orders")).doesNotContain("CLASSIFIER(", "MATCH_NUMBER(", "NEXT(", "PREV(")
                .contains("FIRST_VALUE(");
        String measures = "SELECT * FROM orders MATCH_RECOGNIZE (ORDER BY ts MEASURES |";
        assertThat(offered(measures)).contains("PREV(", "CLASSIFIER(", "MATCH_NUMBER(", "FIRST(", "LAST(");
        assertThat(offered("SELECT * FROM orders MATCH_RECOGNIZE (ORDER BY ts MEASURES A.amount AS a PATTERN (A B) "
                + "DEFINE B AS B.amount > PR|")).contains("PREV(", "PROCTIME(");
        assertThat(offered("SELECT * FROM orders MATCH_RECOGNIZE (ORDER BY ts MEASURES A.amount AS a PATTERN (A B) "
                + "DEFINE B AS B.amount > 0) WHERE PR|")).contains("PROCTIME(").doesNotContain("PREV(");
    }
}
