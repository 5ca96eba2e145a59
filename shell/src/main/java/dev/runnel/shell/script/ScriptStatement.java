package dev.runnel.shell.script;

/**
 * One statement of a script: its text (without the terminating {@code ;} and without leading
 * whitespace and comments) and where that text starts in the script.
 *
 * @param number 1-based position of the statement in the script
 * @param text the statement as the session receives it
 * @param line 1-based script line of the statement's first character
 * @param column 1-based script column of the statement's first character
 */
public record ScriptStatement(int number, String text, int line, int column) {

    /**
     * Translates a position inside {@link #text()} (1-based, as
     * {@code SqlExecutionException} reports it) into script coordinates. Only the first line
     * of the statement is shifted by the statement's start column.
     */
    public Position toScript(int statementLine, int statementColumn) {
        int scriptLine = line + statementLine - 1;
        int scriptColumn = statementLine == 1 ? column + statementColumn - 1 : statementColumn;
        return new Position(scriptLine, scriptColumn);
    }

    /** A 1-based line and column. */
    public record Position(int line, int column) {
    }
}
