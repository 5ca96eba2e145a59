package dev.runnel.shell.script;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatementSplitterTest {

    private static List<String> texts(String script) {
        return StatementSplitter.split(script).statements().stream().map(ScriptStatement::text).toList();
    }

    @Test
    void splitsAtSemicolonsAndTrimsEachStatement() {
        assertThat(texts("SELECT 1;  SELECT 2 ;\nSELECT 3;")).containsExactly("SELECT 1", "SELECT 2", "SELECT 3");
    }

    @Test
    void keepsSemicolonsInsideStringLiteralsIncludingEscapedQuotes() {
        assertThat(texts("SELECT 'a;b', 'it''s; fine' FROM t; SELECT ';'"))
                .containsExactly("SELECT 'a;b', 'it''s; fine' FROM t", "SELECT ';'");
    }

    @Test
    void keepsSemicolonsInsideQuotedIdentifiers() {
        assertThat(texts("SELECT `a;b`, `x``;y` FROM \"t;u\"; SELECT 2;"))
                .containsExactly("SELECT `a;b`, `x``;y` FROM \"t;u\"", "SELECT 2");
    }

    @Test
    void ignoresSemicolonsInComments() {
        String script = """
                -- setup; not a statement
                SELECT 1 /* a; b */ FROM t; -- trailing; comment
                /* block;
                   comment; */ SELECT 2;
                -- only a comment at the end;
                """;
        assertThat(texts(script)).containsExactly("SELECT 1 /* a; b */ FROM t", "SELECT 2");
        assertThat(StatementSplitter.split(script).complete()).isTrue();
    }

    @Test
    void keepsMultiLineStatementsWhole() {
        String script = "CREATE TABLE t (\n  id BIGINT,\n  name STRING\n) WITH ('connector' = 'datagen');\n";
        assertThat(texts(script)).containsExactly(
                "CREATE TABLE t (\n  id BIGINT,\n  name STRING\n) WITH ('connector' = 'datagen')");
    }

    @Test
    void recordsWhereEachStatementStartsSkippingLeadingComments() {
        String script = "SELECT 1;\n\n  -- comment\n   SELECT\n 2;  SELECT 3;\r\nSELECT 4";
        List<ScriptStatement> statements = StatementSplitter.split(script).statements();
        assertThat(statements).containsExactly(
                new ScriptStatement(1, "SELECT 1", 1, 1),
                new ScriptStatement(2, "SELECT\n 2", 4, 4),
                new ScriptStatement(3, "SELECT 3", 5, 6),
                new ScriptStatement(4, "SELECT 4", 6, 1));
    }

    @Test
    void translatesStatementPositionsToScriptPositions() {
        ScriptStatement statement = new ScriptStatement(3, "SELECT x\nFROM t", 7, 5);
        assertThat(statement.toScript(1, 8)).isEqualTo(new ScriptStatement.Position(7, 12));
        assertThat(statement.toScript(2, 6)).isEqualTo(new ScriptStatement.Position(8, 6));
    }

    @Test
    void aLastStatementWithoutSemicolonIsKeptButIncomplete() {
        StatementSplitter.Split split = StatementSplitter.split("SELECT 1; SELECT\n2");
        assertThat(split.statements()).extracting(ScriptStatement::text).containsExactly("SELECT 1", "SELECT\n2");
        assertThat(split.complete()).isFalse();
    }

    @Test
    void openLiteralsAndCommentsAreIncomplete() {
        assertThat(StatementSplitter.split("SELECT 'a;").complete()).isFalse();
        assertThat(StatementSplitter.split("SELECT 1 /* ;").complete()).isFalse();
        assertThat(StatementSplitter.split("SELECT 1; /* open").complete()).isFalse();
        assertThat(StatementSplitter.split("SELECT 1; -- done").complete()).isTrue();
        assertThat(StatementSplitter.split("  \n").complete()).isTrue();
        assertThat(StatementSplitter.split("  \n").statements()).isEmpty();
    }

    @Test
    void emptyStatementsAreSkipped() {
        assertThat(texts(";;SELECT 1;;")).containsExactly("SELECT 1");
    }

    @Test
    void statementSetStaysOneStatement() {
        String script = "EXECUTE STATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nINSERT INTO b SELECT 2;\nEND;\nSELECT 3;";
        assertThat(texts(script)).containsExactly(
                "EXECUTE STATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nINSERT INTO b SELECT 2;\nEND", "SELECT 3");
        assertThat(StatementSplitter.split("EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT 1;").complete()).isFalse();
    }

    @Test
    void explainedStatementSetStaysOneStatementButBeginStatementSetDoesNot() {
        String script = "EXPLAIN CHANGELOG_MODE, ESTIMATED_COST\nSTATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nEND;\n"
                + "BEGIN STATEMENT SET;\nINSERT INTO a SELECT 1;\nEND;";
        assertThat(texts(script)).containsExactly(
                "EXPLAIN CHANGELOG_MODE, ESTIMATED_COST\nSTATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nEND",
                "BEGIN STATEMENT SET", "INSERT INTO a SELECT 1", "END");
    }
}
