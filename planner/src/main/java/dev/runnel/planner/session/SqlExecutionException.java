package dev.runnel.planner.session;

/**
 * A statement could not be parsed, validated, planned or run. The message says what went
 * wrong in words a SQL user understands; {@link #line()} and {@link #column()} say where in
 * the statement text (1-based), or are 0 when the error has no position.
 */
public class SqlExecutionException extends RuntimeException {
    private final int line;
    private final int column;

    public SqlExecutionException(String message, int line, int column, Throwable cause) {
        super(message, cause);
        this.line = line;
        this.column = column;
    }

    public SqlExecutionException(String message, Throwable cause) {
        this(message, 0, 0, cause);
    }

    public SqlExecutionException(String message) {
        this(message, 0, 0, null);
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public boolean hasPosition() {
        return line > 0;
    }
}
