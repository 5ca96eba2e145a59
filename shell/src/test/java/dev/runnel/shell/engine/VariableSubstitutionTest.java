package dev.runnel.shell.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.session.SqlExecutionException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariableSubstitutionTest {
    private static final Map<String, String> VARIABLES = Map.of("dir", "/data/in", "t", "orders", "multi", "a\nb",
            "self", "${t}");

    private static String substitute(String statement) {
        return VariableSubstitution.apply(statement, VARIABLES).text();
    }

    @Test
    void replacesReferencesInCodeStringsAndQuotedIdentifiersButNotInComments() {
        assertThat(substitute("SELECT * FROM `${t}` WHERE p = '${dir}/x' AND q = \"${t}\""))
                .isEqualTo("SELECT * FROM `orders` WHERE p = '/data/in/x' AND q = \"orders\"");
        assertThat(substitute("SELECT 1 -- ${nope}\n, ${t} /* ${nope} */ FROM ${t}"))
                .isEqualTo("SELECT 1 -- ${nope}\n, orders /* ${nope} */ FROM orders");
        assertThat(substitute("SELECT '--' || '${t}' /*/ ${nope} */"))
                .as("a quote hides '--'; '/*/' does not close the comment it opens")
                .isEqualTo("SELECT '--' || 'orders' /*/ ${nope} */");
    }

    @Test
    void aDoubledDollarEscapesAReferenceAndValuesAreNotSubstitutedAgain() {
        assertThat(substitute("SELECT '$${t}', '${self}', '$$', '${', '${1x}', '$t'"))
                .isEqualTo("SELECT '${t}', '${t}', '$$', '${', '${1x}', '$t'");
    }

    @Test
    void anUndefinedVariableIsNamedAtItsPosition() {
        assertThatThrownBy(() -> substitute("SELECT ${t},\r\n  ${missing}"))
                .isInstanceOfSatisfying(SqlExecutionException.class, e -> {
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.column()).isEqualTo(3);
                })
                .hasMessage("Variable 'missing' is not defined; define it with SET 'var.missing' = '...' or "
                        + "--define missing=...");
    }

    @Test
    void errorPositionsMoveBackToTheStatementAsWritten() {
        VariableSubstitution.Substituted substituted = VariableSubstitution.apply("SELECT ${multi}, $${x},\n  nope", VARIABLES);
        assertThat(substituted.text()).isEqualTo("SELECT a\nb, ${x},\n  nope");

        RuntimeException atNope = substituted.translate(new SqlExecutionException(
                "Column 'nope' at line 3, column 3 not found", 3, 3, null));
        RuntimeException insideValue = substituted.translate(new SqlExecutionException("bad", 2, 1, null));
        RuntimeException afterEscape = substituted.translate(new SqlExecutionException("bad", 2, 4, null));

        assertThat(atNope).hasMessage("Column 'nope' at line 2, column 3 not found");
        assertThat(((SqlExecutionException) atNope).line()).isEqualTo(2);
        assertThat(((SqlExecutionException) insideValue).column()).as("the value's ${").isEqualTo(8);
        assertThat(((SqlExecutionException) afterEscape).column()).as("the escape's $$").isEqualTo(18);
        RuntimeException other = new IllegalStateException("bug");
        assertThat(substituted.translate(other)).isSameAs(other);
    }
}
