package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.jdbc.RunnelDriver;
import dev.runnel.shell.gateway.GatewayCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code runnel gateway} as a process of its own, in front of a session cluster (a JobManager
 * process with a TaskManager process it started): a JDBC program connects, every session runs
 * the {@code --init} file, and its query runs as a job on the cluster; the gateway's connections
 * and the shells attached to the cluster share the cluster's catalog.
 */
class GatewayProcessIT {
    private static final Duration START = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    @Test
    void gatewayOnASessionClusterServesAJdbcProgram() throws Exception {
        try (RunnelProcess jobManager = RunnelProcess.start(dir, "jobmanager", "--rpc-port", "0", "--rest-port", "0",
                "--taskmanagers", "1")) {
            String out = jobManager.awaitOut(JobManagerCommand.READY, START);
            Matcher address = Pattern.compile("RPC at (127\\.0\\.0\\.1:\\d+)").matcher(out);
            assertThat(address.find()).as(out).isTrue();
            // a shell attached to the cluster defines a table in the cluster's catalog
            Path define = Files.writeString(dir.resolve("define.sql"), "CREATE TABLE from_shell (id BIGINT)"
                    + " WITH ('connector' = 'datagen', 'number-of-rows' = '3');\n");
            try (RunnelProcess shell = RunnelProcess.start(dir, "--jobmanager", address.group(1), "-f",
                    define.toString())) {
                assertThat(shell.waitFor(START)).as(shell.err()).isZero();
            }
            Path init = Files.writeString(dir.resolve("init.sql"),
                    "CREATE TEMPORARY VIEW greeting AS SELECT 'hello' AS word;\n");
            try (RunnelProcess gateway = RunnelProcess.start(dir, "gateway", "--port", "0", "--jobmanager",
                    address.group(1), "--init", init.toString())) {
                String ready = gateway.awaitOut(GatewayCommand.READY, START);
                Matcher url = Pattern.compile("(jdbc:runnel://127\\.0\\.0\\.1:\\d+)").matcher(ready);
                assertThat(url.find()).as(ready).isTrue();
                try (Connection c = new RunnelDriver().connect(url.group(1), new Properties());
                     Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT UPPER(word) AS w FROM greeting")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString("w")).isEqualTo("HELLO");
                    assertThat(rs.next()).isFalse();
                }
                // the gateway's connections share that catalog with the shell, both ways
                try (Connection c = new RunnelDriver().connect(url.group(1), new Properties());
                     Statement s = c.createStatement()) {
                    try (ResultSet tables = c.getMetaData().getTables(null, null, "from_%", null)) {
                        assertThat(tables.next()).isTrue();
                        assertThat(tables.getString("TABLE_NAME")).isEqualTo("from_shell");
                    }
                    try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM from_shell")) {
                        assertThat(rs.next()).isTrue();
                        assertThat(rs.getLong(1)).isEqualTo(3);
                    }
                    s.execute("CREATE TABLE from_jdbc (x INT) WITH ('connector' = 'blackhole')");
                }
                try (RunnelProcess shell = RunnelProcess.start(dir, "--jobmanager", address.group(1), "-q",
                        "--output-format", "csv", "-e", "SHOW TABLES;")) {
                    assertThat(shell.waitFor(START)).as(shell.err()).isZero();
                    assertThat(shell.out().lines().map(String::strip)).contains("from_jdbc", "from_shell");
                }
            }
        }
    }

    @Test
    void withAuthAConnectionNeedsTheRightPassword() throws Exception {
        Path password = Files.writeString(dir.resolve("password"), "s3cret\n");
        try (RunnelProcess add = RunnelProcess.start(dir, "gateway", "add-user", "analyst", "--password-file",
                password.toString())) {
            assertThat(add.waitFor(START)).as(add.err()).isZero();
        }
        try (RunnelProcess gateway = RunnelProcess.start(dir, "gateway", "--port", "0", "--auth")) {
            String ready = gateway.awaitOut(GatewayCommand.READY, START);
            Matcher url = Pattern.compile("(jdbc:runnel://127\\.0\\.0\\.1:\\d+)").matcher(ready);
            assertThat(url.find()).as(ready).isTrue();
            try (Connection c = java.sql.DriverManager.getConnection(url.group(1), "analyst", "s3cret");
                 ResultSet rs = c.createStatement().executeQuery("SELECT 41 + 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(42);
            }
            assertThatThrownBy(() -> java.sql.DriverManager.getConnection(url.group(1), "analyst", "wrong"))
                    .isInstanceOf(java.sql.SQLException.class).hasMessageContaining("Authentication failed");
            assertThatThrownBy(() -> java.sql.DriverManager.getConnection(url.group(1)))
                    .isInstanceOf(java.sql.SQLException.class);
        }
    }

    @Test
    void aWideBindWithoutAuthenticationIsRefused() {
        try (RunnelProcess gateway = RunnelProcess.start(dir, "gateway", "--port", "0", "--bind", "0.0.0.0")) {
            assertThat(gateway.waitFor(START)).isNotZero();
            assertThat(gateway.err()).contains("--bind 0.0.0.0 is not a loopback address");
        }
    }
}
