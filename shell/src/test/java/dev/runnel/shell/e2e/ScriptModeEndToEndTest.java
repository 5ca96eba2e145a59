package dev.runnel.shell.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.EmbeddedEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Script-mode options for CI on a real embedded cluster: variables, output formats and table.dml-sync. */
class ScriptModeEndToEndTest {
    @TempDir
    Path tmp;

    @Test
    void variablesFromDefineAndUnquotedSetFeedACsvQuery() {
        ShellRun run = ShellRun.of(EmbeddedEngine::start, "--define", "min=2", "--output-format", "csv", "--quiet", "-e",
                "SET var.word = 'b, c';\n"
                        + "SELECT x, y FROM (VALUES (1, 'a'), (2, '${word}'), (3, 'd')) AS t(x, y) WHERE x >= ${min};");

        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("""
                x,y
                2,"b, c"
                3,d
                """);
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void underDmlSyncTheNextStatementReadsWhatTheInsertWrote() {
        ShellRun run = ShellRun.of(EmbeddedEngine::start, "--define", "out=" + tmp.resolve("out"), "--output-format", "json",
                "-e", String.join("\n",
                        "SET 'table.dml-sync' = 'true';",
                        "CREATE TABLE sink (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = '${out}',"
                                + " 'format' = 'json');",
                        "INSERT INTO sink SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS t(id, name);",
                        "SELECT id, name FROM sink;"));

        assertThat(run.err()).isEmpty();
        assertThat(ShellEndToEndTest.maskJobIds(run.out())).isEqualTo("""
                [INFO] Session property has been set.
                [INFO] Table has been created.
                Job submitted: <job-id>
                [INFO] Complete execution of the SQL update statement.
                {"id":1,"name":"a"}
                {"id":2,"name":"b"}
                """);
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void underDmlSyncAJobFailingOnABadRecordFailsItsInsert() throws IOException {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Files.writeString(in.resolve("orders.json"), "{\"id\":1}\n{\"id\":\"x\"}\n");
        Path script = Files.writeString(tmp.resolve("load.sql"), String.join("\n",
                "SET 'table.dml-sync' = 'true';",
                "CREATE TABLE src (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '" + in + "', 'format' = 'json');",
                "CREATE TABLE snk (id BIGINT) WITH ('connector' = 'blackhole');",
                "",
                "INSERT INTO snk SELECT id FROM src;",
                "SHOW TABLES;"));

        ShellRun run = ShellRun.of(EmbeddedEngine::start, "--quiet", "-f", script.toString());

        assertThat(ShellEndToEndTest.maskJobIds(run.err())).startsWith(script + ":5: [ERROR] Job <job-id> "
                + "(insert-into_default_catalog.default_database.snk) failed: Cannot read line 2 of file "
                + in.resolve("orders.json"));
        assertThat(run.out()).as("the script stopped at the INSERT").isEmpty();
        assertThat(run.exitCode()).isEqualTo(1);
    }
}
