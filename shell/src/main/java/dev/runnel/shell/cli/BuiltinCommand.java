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
              CREATE [TEMPORARY] TABLE [IF NOT EXISTS] t (col TYPE, ...) WITH ('connector' = '...', ...)
              CREATE TABLE t WITH (...) AS SELECT ...   CREATE TABLE t2 WITH (...) LIKE t
              CREATE TABLE t (...) PARTITIONED BY (dt) WITH ('connector' = 'filesystem', ...)
              DROP [TEMPORARY] TABLE [IF EXISTS] t   ALTER TABLE t RENAME TO t2 | SET ('k' = 'v')
              CREATE [TEMPORARY] VIEW v AS ...  DROP VIEW [IF EXISTS] v
              ALTER VIEW v AS ... | RENAME TO v2
              CREATE DATABASE db  USE db  DROP DATABASE db [CASCADE]  DESCRIBE DATABASE db
              CREATE CATALOG c WITH ('type' = 'generic_in_memory')  USE CATALOG c  DROP CATALOG c
              SHOW TABLES | VIEWS | DATABASES | CATALOGS | FUNCTIONS | JOBS | CLUSTER | PARTITIONS t
              SHOW COLUMNS FROM t  SHOW CREATE TABLE t | VIEW v  DESCRIBE t | CATALOG c
              SELECT ...                        streams rows until the query ends or Ctrl-C
              [EXECUTE] INSERT INTO t [PARTITION (dt = '...')] SELECT ...   starts a job
              EXECUTE STATEMENT SET BEGIN INSERT ...; INSERT ...; END   one job for all
              EXPLAIN [CHANGELOG_MODE, JSON_EXECUTION_PLAN] stmt        the plans
              SHOW JOBS  DESCRIBE JOB '<id>'    status, restarts, last failure, vertices, counts
              STOP JOB '<id>' [WITH SAVEPOINT [WITH DRAIN]]   SAVEPOINT '<id>'   into state.savepoints.dir
              ALTER JOB '<id>' SET ('parallelism' = '<n>')   rescales a running job from a checkpoint
              SET; SET 'key' = 'value'; RESET ['key']   e.g. SET 'parallelism.default' = '2'
              SET 'sql-client.verbose' = 'true' shows stack traces of errors
              HELP;  QUIT;  EXIT;
            Keys: Ctrl-C cancels the running query or clears the input; Ctrl-C twice at an empty
            prompt or Ctrl-D exits; Tab completes keywords, names, options and settings.
            \\? lists the shell's own commands (\\d, \\x, \\timing, \\i, \\o, \\q).""";
}
