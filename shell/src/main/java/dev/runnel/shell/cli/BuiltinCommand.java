package dev.runnel.shell.cli;

import java.util.Locale;
import java.util.Optional;

/** Statements the shell answers itself instead of sending them to the session. */
public enum BuiltinCommand {
    HELP,
    QUIT,
    EXIT;

    /** The command {@code statement} is (case-insensitive, without its {@code ;}), if any. */
    public static Optional<BuiltinCommand> of(String statement) {
        String word = statement.strip();
        if (word.endsWith(";")) {
            word = word.substring(0, word.length() - 1).stripTrailing();
        }
        for (BuiltinCommand command : values()) {
            if (command.name().equals(word.toUpperCase(Locale.ROOT))) {
                return Optional.of(command);
            }
        }
        return Optional.empty();
    }

    /** True for QUIT and EXIT. */
    public boolean exits() {
        return this != HELP;
    }

    /** What {@code HELP;} prints. */
    public static final String HELP_TEXT = """
            Statements end with ';' and may span lines.
              CREATE TABLE [IF NOT EXISTS] t (col TYPE, ...) WITH ('connector' = '...', ...)
              DROP TABLE [IF EXISTS] t          SHOW TABLES          DESCRIBE t
              SELECT ...                        streams rows until the query ends or Ctrl-C
              INSERT INTO t SELECT ...          starts a job and returns its id
              SHOW JOBS                         STOP JOB '<id>'
              SET 'key' = 'value'               e.g. SET 'parallelism.default' = '2'
              SET 'sql-client.verbose' = 'true' shows stack traces of errors
              HELP;  QUIT;  EXIT;
            Keys: Ctrl-C cancels the running query or clears the input; Ctrl-C twice at an empty
            prompt or Ctrl-D exits; Tab completes keywords and table names.""";
}
