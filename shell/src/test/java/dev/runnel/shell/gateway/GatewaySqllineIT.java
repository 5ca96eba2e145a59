package dev.runnel.shell.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged thin driver against a real gateway: sqlline (a third-party JDBC client from Maven
 * Central, in its own JVM with only the shaded driver jar beside it) runs a script, and the
 * catalog a connection wrote is still there for a new connection after the gateway restarts; a
 * client JVM killed mid-query leaves no job running.
 */
class GatewaySqllineIT {
    @TempDir
    Path dir;

    private GatewayLauncher start() {
        return start(Map.of());
    }

    private GatewayLauncher start(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(Map.of(GatewayLauncher.CATALOG_DIR.key(),
                dir.resolve("catalog").toString(), "taskmanager.numberOfTaskSlots", "2"));
        all.putAll(settings);
        return GatewayLauncher.start(new Configuration(all), null, "127.0.0.1", 0, null, builder -> { }, List.of());
    }

    @Test
    void sqllineRunsAScriptThroughTheShadedDriver() throws Exception {
        try (GatewayLauncher gateway = start()) {
            Path script = dir.resolve("script.sql");
            Files.writeString(script, String.join("\n",
                    "CREATE TABLE people (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = '"
                            + dir.resolve("people") + "', 'format' = 'csv');",
                    "INSERT INTO people VALUES (1, 'ada'), (2, 'grace');",
                    "CREATE TABLE keyed (k BIGINT, v STRING, PRIMARY KEY (k) NOT ENFORCED)"
                            + " WITH ('connector' = 'blackhole');",
                    "!tables",
                    "!columns people",
                    "!primarykeys keyed",
                    "") + "\n");
            String out = sqlline(gateway.server().jdbcUrl(), script);
            assertThat(out).contains("people");
            assertThat(out).contains("TABLE");
            assertThat(out).contains("'name'").contains("'STRING'");
            assertThat(out).contains("job_id");
            // the driver asks the gateway for keys (Avatica's own client would answer none)
            assertThat(out).contains("'keyed','k','1'");
            // the INSERT's job writes the files; a later script reads them
            await().atMost(Duration.ofSeconds(60)).until(() ->
                    gateway.cluster().listJobs().stream().allMatch(j -> j.status().isTerminal()));
            Path select = dir.resolve("select.sql");
            Files.writeString(select, "SELECT id, name FROM people WHERE id = 2;\n");
            assertThat(sqlline(gateway.server().jdbcUrl(), select)).contains("'2','grace'");
        }
    }

    @Test
    void aTableCreatedInOneConnectionIsListedInAnotherAndAfterARestart() throws Exception {
        Driver driver = shadedDriver();
        try (GatewayLauncher gateway = start()) {
            try (Connection a = driver.connect(gateway.server().jdbcUrl(), new Properties())) {
                a.createStatement().execute("CREATE TABLE kept (x INT) COMMENT 'from yesterday' WITH ('connector' = 'datagen')");
                try (Connection b = driver.connect(gateway.server().jdbcUrl(), new Properties())) {
                    assertThat(tables(b)).contains("kept");
                }
            }
        }
        try (GatewayLauncher restarted = start();
             Connection c = driver.connect(restarted.server().jdbcUrl(), new Properties())) {
            assertThat(tables(c)).contains("kept");
            assertThat(c.getMetaData().getDatabaseProductName()).isEqualTo("Runnel");
            assertThat(c.getMetaData().getIdentifierQuoteString()).isEqualTo("`");
            assertThat(c.getMetaData().storesUpperCaseIdentifiers()).isFalse();
        }
    }

    /** The shaded driver reads fetched frames with its relocated protobuf (FetchDecoder behind WireNames). */
    @Test
    void theShadedDriverReadsAResultOfManyFrames() throws Exception {
        Driver driver = shadedDriver();
        try (GatewayLauncher gateway = start();
             Connection c = driver.connect(gateway.server().jdbcUrl(), new Properties());
             java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE TABLE many_frames (id BIGINT, name STRING) WITH ('connector' = 'datagen',"
                    + " 'rows-per-second' = '1000000000', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1',"
                    + " 'fields.id.end' = '5000', 'fields.name.length' = '3')");
            s.setFetchSize(100);
            long sum = 0;
            int rows = 0;
            try (ResultSet rs = s.executeQuery("SELECT id, name FROM many_frames")) {
                while (rs.next()) {
                    sum += rs.getLong(1);
                    assertThat(rs.getString(2)).hasSize(3);
                    rows++;
                }
            }
            assertThat(rows).isEqualTo(5000);
            assertThat(sum).isEqualTo(5000L * 5001 / 2);
        }
    }

    /**
     * A client JVM killed with SIGKILL in the middle of an unbounded query never says goodbye:
     * its session idles out on the gateway, which cancels the query's job.
     */
    @Test
    void aClientKilledMidQueryLeavesNoJobRunning() throws Exception {
        try (GatewayLauncher gateway = start(Map.of(GatewayOptions.SESSION_IDLE_TIMEOUT.key(), "2 s",
                GatewayOptions.SESSION_CHECK_INTERVAL.key(), "500 ms"))) {
            Path script = Files.writeString(dir.resolve("endless.sql"), String.join("\n",
                    "CREATE TEMPORARY TABLE endless (id BIGINT)",
                    "  WITH ('connector' = 'datagen', 'rows-per-second' = '5');",
                    "SELECT id FROM endless;", ""));
            Process client = startSqlline(gateway.server().jdbcUrl(), script,
                    Files.createTempFile(dir, "killed", ".out"));
            try {
                await().atMost(Duration.ofSeconds(60)).until(() -> gateway.cluster()
                        .listJobs().stream().anyMatch(j -> j.status() == JobStatus.RUNNING));
                client.destroyForcibly(); // SIGKILL, by the process's own handle
                assertThat(client.waitFor(30, TimeUnit.SECONDS)).isTrue();
                await().atMost(Duration.ofSeconds(60)).until(() -> gateway.cluster()
                        .listJobs().stream().allMatch(j -> j.status() == JobStatus.CANCELED));
            } finally {
                client.destroyForcibly();
            }
        }
    }

    private static List<String> tables(Connection c) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
            while (rs.next()) {
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        return names;
    }

    /** RunnelDriver from the shaded jar alone, in a class loader that sees nothing of this test's class path. */
    private static Driver shadedDriver() throws Exception {
        java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {jar().toUri().toURL()},
                ClassLoader.getPlatformClassLoader());
        return (Driver) Class.forName("dev.runnel.jdbc.RunnelDriver", true, loader).getDeclaredConstructor()
                .newInstance();
    }

    private static Path jar() {
        Path jar = Path.of(System.getProperty("runnel.jdbc.jar"));
        assertThat(jar).exists();
        return jar;
    }

    private String sqlline(String url, Path script) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "sqlline", ".out");
        Process process = startSqlline(url, script, out);
        try {
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("sqlline ends").isTrue();
            String text = Files.readString(out, StandardCharsets.UTF_8);
            assertThat(process.exitValue()).as(text).isZero();
            return text;
        } finally {
            process.destroyForcibly();
        }
    }

    /** sqlline in a JVM of its own with the shaded driver, running {@code script} against {@code url} into {@code out}. */
    private static Process startSqlline(String url, Path script, Path out) throws IOException {
        List<String> classPath = new ArrayList<>();
        try (var files = Files.list(Path.of(System.getProperty("runnel.sqlline.dir")))) {
            files.forEach(f -> classPath.add(f.toString()));
        }
        classPath.add(jar().toString());
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-cp", String.join(File.pathSeparator, classPath), "sqlline.SqlLine",
                "-u", url, "-n", "analyst", "-p", "unused", "--outputformat=csv", "--silent=true", "-f",
                script.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        process.getOutputStream().close();
        return process;
    }
}
