package dev.runnel.shell.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.shell.script.ScriptStatement;
import org.junit.jupiter.api.Test;

class ErrorFormatterTest {
    private static final ScriptStatement STATEMENT = new ScriptStatement(2, "SELECT x FROM t", 3, 5);

    @Test
    void dropsCalcitesStatementRelativePositionsInFavourOfScriptPositions() {
        var error = new SqlExecutionException(
                "From line 1, column 8 to line 1, column 8: Column 'x' not found in any table", 1, 8, null);
        var syntax = new SqlExecutionException("Incorrect syntax near the keyword 'FROM' at line 1, column 10.", 1, 10, null);

        assertThat(ErrorFormatter.scriptError("etl.sql", STATEMENT, error))
                .isEqualTo("etl.sql:3:12: [ERROR] Column 'x' not found in any table\n"
                        + "  SELECT x FROM t\n"
                        + "         ^");
        assertThat(ErrorFormatter.replError(STATEMENT, syntax))
                .isEqualTo("[ERROR] At line 3, column 14: Incorrect syntax near the keyword 'FROM'.\n"
                        + "  SELECT x FROM t\n"
                        + "           ^");
    }

    @Test
    void dropsTheErrorsOwnPositionInsideAMessageButKeepsOthers() {
        var error = new SqlExecutionException("Encountered \"one\" at line 1, column 13. Was expecting one of: "
                + "an identifier. See also the column defined at line 1, column 2.", 1, 13, null);

        assertThat(ErrorFormatter.scriptError("etl.sql", STATEMENT, error)).isEqualTo("etl.sql:3:17: [ERROR] "
                + "Encountered \"one\". Was expecting one of: an identifier. See also the column defined at line 1, column 2."
                + "\n  SELECT x FROM t\n  " + " ".repeat(12) + "^");
    }

    @Test
    void keepsPositionsInMessagesOfErrorsWithoutPosition() {
        var error = new SqlExecutionException("Bad record at line 3, column 2.");

        assertThat(ErrorFormatter.scriptError("etl.sql", STATEMENT, error))
                .as("the line of the statement").isEqualTo("etl.sql:3: [ERROR] Bad record at line 3, column 2.");
    }

    @Test
    void theCaretMarksTheColumnOnTheStatementsOwnLineAndKeepsTabs() {
        var statement = new ScriptStatement(1, "SELECT id,\n\tamout\nFROM orders", 4, 1);
        var error = new SqlExecutionException("Column 'amout' not found in any table", 2, 2, null);

        assertThat(ErrorFormatter.scriptError("<stdin>", statement, error))
                .isEqualTo("<stdin>:5:2: [ERROR] Column 'amout' not found in any table\n"
                        + "  \tamout\n"
                        + "  \t^");
    }

    @Test
    void keepsOnlyTheFirstLineOfAMessage() {
        var error = new SqlExecutionException("Encountered \"FORM\" at line 1, column 10.\nWas expecting one of:\n  \"FROM\"", 1, 10, null);

        assertThat(ErrorFormatter.replError(STATEMENT, error))
                .isEqualTo("[ERROR] At line 3, column 14: Encountered \"FORM\".\n  SELECT x FROM t\n           ^");
    }
}
