package dev.runnel.shell.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.shell.ShellRun;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.shell.engine.SessionEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Script-mode options for CI on a real embedded cluster: variables, output formats and table.dml-sync. */
class ScriptModeEndToEndTest {
    @TempDir
    Path tmp;

    @Test
    void variablesFromDefineAndUnquotedSetFeedACsvQuery() {
        ShellRun run = ShellRun.of(SessionEngine::start, "--define", "min=2", "--output-format", "csv", "--quiet", "-e",
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
        ShellRun run = ShellRun.of(SessionEngine::start, "--define", "out=" + tmp.resolve("out"), "--output-format", "json",
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

        ShellRun run = ShellRun.of(SessionEngine::start, "--quiet", "-f", script.toString());

        assertThat(ShellEndToEndTest.maskJobIds(run.err())).startsWith(script + ":5: [ERROR] Job <job-id> "
                + "(insert-into_default_catalog.default_database.snk) failed: Cannot read line 2 of file "
                + in.resolve("orders.json"));
        assertThat(run.out()).as("the script stopped at the INSERT").isEmpty();
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void aJobCancelledFromOutsideMakesTheScriptFailAndSaySo() throws Exception {
        AtomicReference<SessionEngine> engine = new AtomicReference<>();
        CompletableFuture<ShellRun> running = CompletableFuture.supplyAsync(() -> ShellRun.of(configuration -> {
            engine.set(SessionEngine.start(configuration));
            return engine.get();
        }, "--quiet", "-e", String.join("\n",
                "CREATE TABLE clicks (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100');",
                "CREATE TABLE sink (id BIGINT) WITH ('connector' = 'blackhole');",
                "INSERT INTO sink SELECT id FROM clicks;")));
        JobInfo job = await().atMost(Duration.ofSeconds(60)).until(() -> engine.get() == null ? null
                : engine.get().cluster().listJobs().stream().filter(j -> j.status() == JobStatus.RUNNING).findFirst()
                        .orElse(null), j -> j != null);

        engine.get().cluster().cancelJob(job.id());

        ShellRun run = running.get(60, TimeUnit.SECONDS);
        assertThat(run.err()).isEqualTo("<command-line>:3: [ERROR] Job " + job.id() + " (" + job.name()
                + ") was cancelled before it finished (by STOP JOB or the REST API); its output is not complete\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }
}
