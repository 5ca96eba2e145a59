package dev.runnel.shell.gateway;

/**
 * One JDBC statement of a {@link GatewaySession}: the statement it prepared, if any, and the output
 * of its latest execution. Guarded by its session's lock.
 */
final class GatewayStatement {
    final int id;
    /** The prepared statement's text and markers; null for a plain statement. */
    StatementParameters prepared;
    /** {@code setMaxRows} when the statement was prepared; 0 or less for no limit. */
    long maxRows;
    private StatementOutput output;

    GatewayStatement(int id) {
        this.id = id;
    }

    StatementOutput output() {
        return output;
    }

    /** Makes {@code next} the statement's output, ending the previous one (a re-execution). */
    void output(StatementOutput next) {
        closeOutput();
        output = next;
    }

    void closeOutput() {
        if (output != null) {
            StatementOutput previous = output;
            output = null;
            previous.close();
        }
    }
}
