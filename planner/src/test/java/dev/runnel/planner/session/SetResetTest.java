package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/** {@code SET} and {@code RESET} against the registry of known keys (no cluster needed). */
class SetResetTest {
    private final Session session = new Session(null, new Configuration(Map.of("parallelism.default", "3")));

    private String message(String sql) {
        return ((StatementResult.Message) session.execute(sql)).text();
    }

    private List<Row> rows(String sql) {
        return ((StatementResult.Table) session.execute(sql)).rows();
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertFails(String sql, int line, int column) {
        return assertThatThrownBy(() -> session.execute(sql))
                .isInstanceOfSatisfying(SqlExecutionException.class, e -> {
                    assertThat(e.line()).as("line").isEqualTo(line);
                    assertThat(e.column()).as("column").isEqualTo(column);
                });
    }

    @Test
    void unknownKeyNamesTheClosestKnownKeyAtTheKey() {
        assertFails("SET\n  'paralelism.default' = '2'", 2, 3)
                .hasMessage("Unknown configuration key 'paralelism.default'. Did you mean 'parallelism.default'?");
        assertFails("SET 'execution.checkpointing.intervall' = '10 s'", 1, 5)
                .hasMessage("Unknown configuration key 'execution.checkpointing.intervall'. "
                        + "Did you mean 'execution.checkpointing.interval'?");
        assertFails("RESET 'sql-client.verbos'", 1, 7)
                .hasMessage("Unknown configuration key 'sql-client.verbos'. Did you mean 'sql-client.verbose'?");
    }

    @Test
    void unknownKeyWithNothingCloseSaysWhereKeysAreListed() {
        assertFails("SET 'my.own.key' = 'x'", 1, 5)
                .hasMessage("Unknown configuration key 'my.own.key'. Known keys are listed in docs/configuration.md.");
        assertThat(rows("SET")).containsExactly(Row.of("parallelism.default", "3"));
    }

    @Test
    void malformedValueNamesTheKeyAndTheExpectedTypeAtTheValue() {
        assertFails("SET 'parallelism.default' = 'many'", 1, 29)
                .hasMessage("Invalid value 'many' for option 'parallelism.default': expected a value of type Integer");
        assertFails("SET 'execution.checkpointing.interval' = 'often'", 1, 42)
                .hasMessageStartingWith("Invalid value 'often' for option 'execution.checkpointing.interval': "
                        + "expected a duration");
        assertFails("SET 'sql-client.verbose' = 'yes'", 1, 28)
                .hasMessage("Invalid value 'yes' for option 'sql-client.verbose': expected a value of type Boolean");
        assertFails("SET 'state.backend.type' = 'disk'", 1, 28)
                .hasMessage("Invalid value 'disk' for option 'state.backend.type': expected one of hashmap, rocksdb");
        assertFails("SET 'execution.runtime-mode' = 'batch'", 1, 32)
                .hasMessageContaining("is not supported yet");
    }

    @Test
    void inertKeysAreAcceptedAndListed() {
        message("SET 'execution.checkpointing.interval' = '10 s'");
        message("SET 'table.exec.state.ttl' = '1 h'");
        message("SET 'state.backend.type' = 'rocksdb'");
        message("SET 'table.exec.source.idle-timeout' = '5 s'");

        assertThat(rows("SET")).containsExactly(
                Row.of("execution.checkpointing.interval", "10 s"),
                Row.of("parallelism.default", "3"),
                Row.of("state.backend.type", "rocksdb"),
                Row.of("table.exec.source.idle-timeout", "5 s"),
                Row.of("table.exec.state.ttl", "1 h"));
    }

    @Test
    void aCheckpointLocationMustNameAUsableFileSystemAtTheValue() {
        assertFails("SET 'state.checkpoints.dir' = 's3://bucket/checkpoints'", 1, 31)
                .hasMessage("Unsupported file system scheme 's3' in option 'state.checkpoints.dir':"
                        + " 's3://bucket/checkpoints'. Supported schemes: file (file:///abs/path or file:/abs/path);"
                        + " a plain path is a local file");
        assertFails("SET 'state.savepoints.dir' =\n  'hdfs://namenode:8020/savepoints'", 2, 3)
                .hasMessageStartingWith("Unsupported file system scheme 'hdfs' in option 'state.savepoints.dir':");
        assertFails("SET 'execution.savepoint.path' = 'file://savepoints/savepoint-ab12cd-0123456789ab'", 1, 34)
                .hasMessage("Found local file path with authority 'savepoints' in option 'execution.savepoint.path':"
                        + " 'file://savepoints/savepoint-ab12cd-0123456789ab'. Hint: Did you forget a slash? (correct path"
                        + " would be 'file:///savepoints/savepoint-ab12cd-0123456789ab')");
        assertFails("SET 'state.checkpoints.dir' = 'D:\\checkpoints'", 1, 31)
                .hasMessageStartingWith("Windows path in option 'state.checkpoints.dir'");
        assertThat(rows("SET")).containsExactly(Row.of("parallelism.default", "3"));
    }

    @Test
    void checkpointLocationsAreKeptAsWrittenUnlessRelative() {
        message("SET 'state.checkpoints.dir' = 'file:///tmp/checkpoints'");
        message("SET 'state.savepoints.dir' = 'target/savepoints'");
        message("SET 'execution.savepoint.path' = 'file:/tmp/savepoints/savepoint-ab12cd-0123456789ab'");

        assertThat(rows("SET")).containsExactly(
                Row.of("execution.savepoint.path", "file:/tmp/savepoints/savepoint-ab12cd-0123456789ab"),
                Row.of("parallelism.default", "3"),
                Row.of("state.checkpoints.dir", "file:///tmp/checkpoints"),
                Row.of("state.savepoints.dir", java.nio.file.Path.of("target/savepoints").toAbsolutePath().toString()));
        // Empty is the default of execution.savepoint.path: no savepoint.
        message("SET 'execution.savepoint.path' = ''");
        assertThat(rows("SET")).contains(Row.of("execution.savepoint.path", ""));
    }

    @Test
    void resetRestoresTheInitialValueOrTheDefault() {
        message("SET 'parallelism.default' = '5'");
        message("SET 'pipeline.name' = 'nightly'");

        assertThat(message("RESET 'parallelism.default'")).isEqualTo("Session property has been reset.");
        assertThat(message("RESET 'pipeline.name'")).isEqualTo("Session property has been reset.");
        assertThat(rows("SET")).containsExactly(Row.of("parallelism.default", "3"));
    }

    @Test
    void everyKnownKeyHasADescriptionAndAcceptsItsDefault() {
        for (var option : SessionOptions.known()) {
            assertThat(option.description()).as(option.key()).isNotBlank();
            if (option.defaultValue() != null && !(option.defaultValue() instanceof java.time.Duration)) {
                SessionOptions.validate(option.key(), String.valueOf(option.defaultValue()));
            }
        }
        assertThat(SessionOptions.known()).extracting(o -> o.key()).contains("parallelism.default", "pipeline.name",
                "execution.runtime-mode", "execution.checkpointing.interval", "table.exec.state.ttl",
                "table.local-time-zone", "sql-client.execution.result-mode", "sql-client.verbose",
                "taskmanager.numberOfTaskSlots", "pipeline.max-parallelism", "state.backend.type",
                "table.exec.source.idle-timeout");
    }

    @Test
    void variablesAreSessionPropertiesUnderVar() {
        message("SET 'var.dir' = '/data/in'");
        assertThat(message("SET var.threshold = '10'")).isEqualTo("Session property has been set.");
        message("SET var.`max-rows` = 5");

        assertThat(rows("SET")).containsExactly(Row.of("parallelism.default", "3"), Row.of("var.dir", "/data/in"),
                Row.of("var.max-rows", "5"), Row.of("var.threshold", "10"));
        assertThat(message("RESET var.threshold")).isEqualTo("Session property has been reset.");
        assertThat(message("RESET 'var.dir'")).isEqualTo("Session property has been reset.");
        assertThat(rows("SET")).containsExactly(Row.of("parallelism.default", "3"), Row.of("var.max-rows", "5"));
        assertFails("SET 'var.9lives' = 'x'", 1, 5).hasMessageStartingWith("Invalid variable name '9lives'");
    }

    @Test
    void theUnquotedFormSetsAndResetsAnyKnownKey() {
        message("SET pipeline.name = nightly");
        message("SET `table.dml-sync` = TRUE");
        assertThat(rows("SET")).containsExactly(Row.of("parallelism.default", "3"), Row.of("pipeline.name", "nightly"),
                Row.of("table.dml-sync", "true"));

        assertThat(message("RESET ALL")).isEqualTo("All session properties have been reset.");
        assertThat(rows("SET")).containsExactly(Row.of("parallelism.default", "3"));
        assertFails("SET pipeline.nam = 'x'", 1, 5).hasMessageContaining("Did you mean 'pipeline.name'?");
        assertFails("SET `table.dml-sync` = 'sometimes'", 1, 24)
                .hasMessage("Invalid value 'sometimes' for option 'table.dml-sync': expected a value of type Boolean");
    }
}
