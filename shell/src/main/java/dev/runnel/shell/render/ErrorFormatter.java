package dev.runnel.shell.render;

import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.rpc.ClusterConnectionException;
import dev.runnel.shell.script.ScriptStatement;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.regex.Pattern;

/**
 * Turns a failed statement into the {@code [ERROR] …} message the shell prints: one line that
 * says what and where, followed, when the error has a position, by the offending line of the
 * statement with a caret under the place.
 */
public final class ErrorFormatter {
    private ErrorFormatter() {
    }

    /**
     * {@code script.sql:9:8: [ERROR] message} (the position translated to script coordinates),
     * followed by the caret lines; {@code script.sql:9: [ERROR] message} with the statement's
     * first line when the error has no position.
     *
     * @param source the script's name: its file, {@code <stdin>} or {@code <command-line>}
     */
    public static String scriptError(String source, ScriptStatement statement, RuntimeException error) {
        if (error instanceof SqlExecutionException sql && sql.hasPosition()) {
            ScriptStatement.Position at = statement.toScript(sql.line(), Math.max(1, sql.column()));
            return source + ":" + at.line() + ":" + at.column() + ": [ERROR] "
                    + withoutPosition(message(error), sql.line(), sql.column())
                    + caret(statement.text(), sql.line(), sql.column());
        }
        return source + ":" + statement.line() + ": [ERROR] " + message(error);
    }

    /** The REPL's form: {@code [ERROR] At line 1, column 8: message} (position in the input). */
    public static String replError(ScriptStatement statement, RuntimeException error) {
        StringBuilder sb = new StringBuilder("[ERROR] ");
        if (error instanceof SqlExecutionException sql && sql.hasPosition()) {
            ScriptStatement.Position at = statement.toScript(sql.line(), Math.max(1, sql.column()));
            sb.append("At line ").append(at.line()).append(", column ").append(at.column()).append(": ");
            sb.append(withoutPosition(message(error), sql.line(), sql.column()));
            return sb.append(caret(statement.text(), sql.line(), sql.column())).toString();
        }
        return sb.append(message(error)).toString();
    }

    /**
     * The statement's line that holds the error and a caret under the error's column, each
     * indented by two spaces and preceded by a line break, as psql shows them; empty when the
     * position lies outside the statement. Tabs are kept so that the caret stays aligned.
     */
    static String caret(String statementText, int line, int column) {
        String[] lines = statementText.split("\n", -1);
        if (line < 1 || line > lines.length) {
            return "";
        }
        String text = lines[line - 1].stripTrailing();
        StringBuilder pad = new StringBuilder();
        for (int i = 0; i < Math.min(Math.max(column, 1) - 1, text.length()); i++) {
            pad.append(text.charAt(i) == '\t' ? '\t' : ' ');
        }
        return "\n  " + text + "\n  " + pad + "^";
    }

    /**
     * What went wrong in words: the message of a {@link SqlExecutionException} or of a
     * {@link ClusterConnectionException} (a JobManager out of reach); for anything
     * else (a bug), its type too, since its message alone may say little.
     */
    public static String message(Throwable error) {
        String text = error.getMessage();
        if ((error instanceof SqlExecutionException || error instanceof ClusterConnectionException)
                && text != null && !text.isBlank()) {
            return firstLine(text);
        }
        return "Unexpected error: " + error.getClass().getName() + (text == null ? "" : ": " + firstLine(text));
    }

    /** The stack trace, for {@code --verbose}. */
    public static String stackTrace(Throwable error) {
        StringWriter sw = new StringWriter();
        error.printStackTrace(new PrintWriter(sw));
        return sw.toString().stripTrailing();
    }

    /*
     * Calcite's messages carry the error's position relative to the statement ("From line 1,
     * column 8 to line 1, column 10: ...", "Encountered "x" at line 1, column 8."). The shell
     * prints the position in the user's coordinates in front, so those would only contradict
     * it. Only the error's own position is removed; other positions in a message stay.
     */
    static String withoutPosition(String message, int line, int column) {
        String text = LEADING_RANGE.matcher(message).replaceFirst("");
        text = text.replace(" at line " + line + ", column " + column, "");
        return text.isBlank() ? message : text;
    }

    private static final Pattern LEADING_RANGE =
            Pattern.compile("^From line \\d+, column \\d+ to line \\d+, column \\d+: ");

    /* One line, as promised; a multi-line message keeps only its first line unless verbose. */
    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end).stripTrailing();
    }
}
