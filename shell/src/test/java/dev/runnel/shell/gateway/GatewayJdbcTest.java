package dev.runnel.shell.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.session.Session;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gateway through Runnel's JDBC driver (its classes, unshaded; {@code GatewaySqllineIT} runs the
 * shaded jar) against an embedded cluster: statements, results of every kind, prepared statements, metadata and
 * sessions as a JDBC program sees them.
 */
class GatewayJdbcTest {
    private static EmbeddedCluster cluster;
    private static GatewayServer gateway;
    private static String url;

    @BeforeAll
    static void start() {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "4")));
        Configuration configuration = new Configuration(Map.of("sql-gateway.session.idle-timeout", "3 s",
                "sql-gateway.session.check-interval", "200 ms"));
        gateway = GatewayServer.start("127.0.0.1", 0, () -> new Session(cluster, new Configuration()), configuration);
        url = gateway.jdbcUrl();
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    @Test
    void bindsLoopbackOnly() {
        assertThat(gateway.bindAddress()).isEqualTo("127.0.0.1");
        assertThat(gateway.jdbcUrl()).isEqualTo("jdbc:runnel://127.0.0.1:" + gateway.port());
    }

    @Test
    void ddlThenBoundedQueryWithEveryScalarType() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("CREATE TEMPORARY VIEW v AS SELECT * FROM (VALUES "
                    + "(1, 'a', CAST(1.50 AS DECIMAL(5, 2)), TIMESTAMP '2024-01-02 03:04:05.678', DATE '2024-01-02',"
                    + " TRUE, CAST(2.5 AS DOUBLE), ARRAY[1, 2], MAP['k', 1]),"
                    + "(2, CAST(NULL AS STRING), CAST(NULL AS DECIMAL(5, 2)), CAST(NULL AS TIMESTAMP(3)), CAST(NULL AS DATE),"
                    + " CAST(NULL AS BOOLEAN), CAST(NULL AS DOUBLE), CAST(NULL AS ARRAY<INT>), CAST(NULL AS MAP<STRING, INT>))) "
                    + "AS t(id, name, price, ts, d, flag, x, arr, m)")).isEqualTo(0);
            try (ResultSet rs = s.executeQuery("SELECT * FROM v WHERE id = 1")) {
                ResultSetMetaData md = rs.getMetaData();
                assertThat(md.getColumnCount()).isEqualTo(9);
                assertThat(md.getColumnName(1)).isEqualTo("id");
                assertThat(md.getColumnType(1)).isEqualTo(Types.INTEGER);
                assertThat(md.getColumnType(2)).isEqualTo(Types.VARCHAR);
                assertThat(md.getColumnType(3)).isEqualTo(Types.DECIMAL);
                assertThat(md.getPrecision(3)).isEqualTo(5);
                assertThat(md.getScale(3)).isEqualTo(2);
                assertThat(md.getColumnType(4)).isEqualTo(Types.TIMESTAMP);
                assertThat(md.getColumnType(8)).isEqualTo(Types.ARRAY);
                assertThat(md.getColumnType(9)).isEqualTo(Types.VARCHAR);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt("id")).isEqualTo(1);
                assertThat(rs.getString("name")).isEqualTo("a");
                assertThat(rs.getBigDecimal("price")).isEqualByComparingTo(new BigDecimal("1.50"));
                assertThat(rs.getTimestamp("ts")).isEqualTo(Timestamp.valueOf("2024-01-02 03:04:05.678"));
                assertThat(rs.getDate("d")).isEqualTo(Date.valueOf("2024-01-02"));
                assertThat(rs.getBoolean("flag")).isTrue();
                assertThat(rs.getDouble("x")).isEqualTo(2.5);
                Array arr = rs.getArray("arr");
                assertThat((Object[]) arr.getArray()).containsExactly(1, 2);
                assertThat(rs.getString("m")).isEqualTo("{\"k\":1}");
                assertThat(rs.next()).isFalse();
            }
            try (ResultSet rs = s.executeQuery("SELECT * FROM v WHERE id = 2")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("name")).isNull();
                assertThat(rs.getTimestamp("ts")).isNull();
                assertThat(rs.wasNull()).isTrue();
                assertThat(rs.next()).isFalse();
            }
        }
    }

    /**
     * The rows after a statement's first frame come from fetches, whose frames the gateway writes and
     * the driver reads itself (not Avatica): every type reads the same either way.
     */
    @Test
    void everyTypeReadsTheSameFromFetchedFramesAsFromTheFirst() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TEMPORARY VIEW every_type AS SELECT * FROM (VALUES "
                    + "(1, 'a', CAST(1.50 AS DECIMAL(5, 2)), TIMESTAMP '2024-01-02 03:04:05.678', DATE '2024-01-02',"
                    + " TIME '03:04:05', TRUE, CAST(2.5 AS DOUBLE), CAST(-1.25 AS FLOAT), CAST(-7 AS TINYINT),"
                    + " CAST(300 AS SMALLINT), CAST(1099511627776 AS BIGINT), X'0102', ARRAY[1, 2], MAP['k', 1]),"
                    + "(2, '', CAST(0 AS DECIMAL(5, 2)), CAST(NULL AS TIMESTAMP(3)), CAST(NULL AS DATE),"
                    + " CAST(NULL AS TIME), FALSE, CAST(0 AS DOUBLE), CAST(0 AS FLOAT), CAST(0 AS TINYINT),"
                    + " CAST(0 AS SMALLINT), CAST(0 AS BIGINT), X'', ARRAY[3], MAP['j', 2]),"
                    + "(3, CAST(NULL AS STRING), CAST(NULL AS DECIMAL(5, 2)), CAST(NULL AS TIMESTAMP(3)),"
                    + " CAST(NULL AS DATE), CAST(NULL AS TIME), CAST(NULL AS BOOLEAN), CAST(NULL AS DOUBLE),"
                    + " CAST(NULL AS FLOAT), CAST(NULL AS TINYINT), CAST(NULL AS SMALLINT), CAST(NULL AS BIGINT),"
                    + " CAST(NULL AS BYTES), CAST(NULL AS ARRAY<INT>), CAST(NULL AS MAP<STRING, INT>)))"
                    + " AS t(id, name, price, ts, d, tm, flag, x, f, tiny, small, big, bin, arr, m)");
            assertThat(readAll(s, 1)).isEqualTo(readAll(s, 100)).hasSize(3);
        }
    }

    /** Every value of {@code every_type} as text with its class, read {@code fetchSize} rows a frame. */
    private static List<String> readAll(Statement s, int fetchSize) throws SQLException {
        s.setFetchSize(fetchSize);
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT * FROM every_type")) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    Object value = rs.getObject(i);
                    row.append(value instanceof byte[] bytes ? Arrays.toString(bytes)
                            : value instanceof Array array ? Arrays.toString((Object[]) array.getArray())
                            : value == null ? "null" : value.getClass().getSimpleName() + ":" + value).append(" | ");
                }
                rows.add(row.toString());
            }
        }
        rows.sort(null); // the order of the rows is not the point
        return rows;
    }

    @Test
    void wrongStatementIsAnSqlExceptionWithItsPositionAndTheConnectionGoesOn() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT nope FROM (VALUES (1)) AS t(x)"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("line 1, column 8")
                    .hasMessageContaining("nope");
            try (ResultSet rs = s.executeQuery("SELECT 1 + 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(2);
            }
        }
    }

    @Test
    void preparedStatementBindsEveryParameterType() throws SQLException {
        try (Connection c = connect(); PreparedStatement p = c.prepareStatement(
                "SELECT ? AS i, ? AS b, ? AS s, ? AS d, ? AS de, ? AS ts, ? AS dt, ? AS big, CAST(? AS STRING) AS n, '?' AS q")) {
            assertThat(p.getParameterMetaData().getParameterCount()).isEqualTo(9);
            p.setInt(1, 7);
            p.setBoolean(2, true);
            p.setString(3, "it's");
            p.setDouble(4, 0.25);
            p.setBigDecimal(5, new BigDecimal("12.345"));
            p.setTimestamp(6, Timestamp.valueOf("2024-05-06 07:08:09.123"));
            p.setDate(7, Date.valueOf("2024-05-06"));
            p.setLong(8, 1L << 40);
            p.setNull(9, Types.VARCHAR);
            try (ResultSet rs = p.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt("i")).isEqualTo(7);
                assertThat(rs.getBoolean("b")).isTrue();
                assertThat(rs.getString("s")).isEqualTo("it's");
                assertThat(rs.getDouble("d")).isEqualTo(0.25);
                assertThat(rs.getBigDecimal("de")).isEqualByComparingTo("12.345");
                assertThat(rs.getTimestamp("ts")).isEqualTo(Timestamp.valueOf("2024-05-06 07:08:09.123"));
                assertThat(rs.getDate("dt")).isEqualTo(Date.valueOf("2024-05-06"));
                assertThat(rs.getLong("big")).isEqualTo(1L << 40);
                assertThat(rs.getString("n")).isNull();
                assertThat(rs.getString("q")).isEqualTo("?");
            }
            // executed again with other values
            p.setInt(1, 8);
            try (ResultSet rs = p.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt("i")).isEqualTo(8);
            }
        }
    }

    @Test
    void updatingQueryOverBoundedInputReturnsItsFinalTable() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT k, COUNT(*) AS n FROM (VALUES ('a'), ('b'), ('a')) AS t(k) GROUP BY k")) {
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(rs.getString("k") + "=" + rs.getLong("n"));
            }
            assertThat(rows).containsExactlyInAnyOrder("a=2", "b=1");
            assertThat(rs.getMetaData().getColumnCount()).isEqualTo(2);
        }
    }

    @Test
    void unboundedQueryStreamsUntilMaxRowsAndItsJobEnds() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE endless_max (x BIGINT) WITH ('connector' = 'datagen',"
                    + " 'rows-per-second' = '200', 'fields.x.kind' = 'sequence', 'fields.x.start' = '1',"
                    + " 'fields.x.end' = '100000000')");
            int before = cluster.listJobs().size();
            s.setMaxRows(50);
            s.setFetchSize(10);
            try (ResultSet rs = s.executeQuery("SELECT x FROM endless_max")) {
                int n = 0;
                while (rs.next()) {
                    n++;
                }
                assertThat(n).isEqualTo(50);
            }
            JobInfo job = cluster.listJobs().get(before);
            await().atMost(Duration.ofSeconds(20)).until(() -> cluster.getJob(job.id()).status().isTerminal());
        }
    }

    @Test
    void closingAStatementMidQueryCancelsItsJob() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE endless_close (x BIGINT) WITH ('connector' = 'datagen',"
                    + " 'rows-per-second' = '100')");
            int before = cluster.listJobs().size();
            ResultSet rs = s.executeQuery("SELECT x FROM endless_close");
            assertThat(rs.next()).isTrue();
            JobInfo job = cluster.listJobs().get(before);
            assertThat(cluster.getJob(job.id()).status()).isEqualTo(JobStatus.RUNNING);
            s.close();
            await().atMost(Duration.ofSeconds(20)).until(() -> cluster.getJob(job.id()).status() == JobStatus.CANCELED);
        }
    }

    @Test
    void cancelEndsTheQueryJobOnTheCluster() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE endless_cancel (x BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100')");
            int before = cluster.listJobs().size();
            ResultSet rs = s.executeQuery("SELECT x FROM endless_cancel");
            assertThat(rs.next()).isTrue();
            JobInfo job = cluster.listJobs().get(before);
            s.cancel();
            await().atMost(Duration.ofSeconds(20)).until(() -> cluster.getJob(job.id()).status() == JobStatus.CANCELED);
            assertThatThrownBy(() -> {
                while (rs.next()) {
                    // the rows already fetched, then the cancellation
                }
            }).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void queryTimeoutCancelsAQueryThatRunsLonger() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE endless_timeout (x BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '20')");
            int before = cluster.listJobs().size();
            s.setQueryTimeout(2);
            ResultSet rs = s.executeQuery("SELECT x FROM endless_timeout");
            JobInfo job = cluster.listJobs().get(before);
            assertThatThrownBy(() -> {
                while (rs.next()) {
                    // an unbounded result: read until the timeout cancels it
                }
            }).isInstanceOf(SQLException.class);
            await().atMost(Duration.ofSeconds(20)).until(() -> cluster.getJob(job.id()).status() == JobStatus.CANCELED);
        }
    }

    @Test
    void idleSessionOfAVanishedClientIsClosedAndItsJobCancelled() throws SQLException {
        Connection c = connect();
        Statement s = c.createStatement();
        s.execute("CREATE TABLE endless_idle (x BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '10')");
        int before = cluster.listJobs().size();
        ResultSet rs = s.executeQuery("SELECT x FROM endless_idle");
        assertThat(rs.next()).isTrue();
        JobInfo job = cluster.listJobs().get(before);
        // the client stops calling (as a killed one does): its session idles out after 3 s
        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.getJob(job.id()).status() == JobStatus.CANCELED);
        assertThatThrownBy(() -> c.createStatement().executeQuery("SELECT 1")).hasMessageContaining("not open");
    }

    @Test
    void insertReturnsTheJobId() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE sink_t (x INT) WITH ('connector' = 'blackhole')");
            assertThat(s.execute("INSERT INTO sink_t VALUES (1), (2)")).isTrue();
            try (ResultSet rs = s.getResultSet()) {
                assertThat(rs.next()).isTrue();
                String jobId = rs.getString("job_id");
                assertThat(cluster.listJobs()).anyMatch(j -> j.id().value().equals(jobId));
            }
        }
    }

    @Test
    void batchOfStatements() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.addBatch("CREATE TEMPORARY VIEW b1 AS SELECT 1 AS x");
            s.addBatch("CREATE TEMPORARY VIEW b2 AS SELECT 2 AS x");
            assertThat(s.executeBatch()).containsExactly(0, 0);
            try (ResultSet rs = s.executeQuery("SELECT x FROM b1 UNION ALL SELECT x FROM b2")) {
                int sum = 0;
                while (rs.next()) {
                    sum += rs.getInt(1);
                }
                assertThat(sum).isEqualTo(3);
            }
        }
    }

    @Test
    void temporaryObjectsStayInTheirConnection() throws SQLException {
        try (Connection a = connect(); Connection b = connect()) {
            a.createStatement().execute("CREATE TEMPORARY VIEW only_in_a AS SELECT 1 AS x");
            a.createStatement().execute("CREATE TEMPORARY TABLE table_of_a (x INT) WITH ('connector' = 'blackhole')");
            assertThat(tables(a.getMetaData())).contains("only_in_a", "table_of_a");
            assertThat(tables(b.getMetaData())).doesNotContain("only_in_a", "table_of_a");
            assertThatThrownBy(() -> b.createStatement().executeQuery("SELECT * FROM only_in_a"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("only_in_a");
        }
    }

    /** The calls DBeaver makes when it connects and opens a table, in its order: each answers. */
    @Test
    void metadataCallsInTheOrderDbeaverMakesThem() throws SQLException {
        try (Connection c = connect()) {
            c.createStatement().execute("CREATE TABLE orders (id BIGINT NOT NULL COMMENT 'the order',"
                    + " amount DECIMAL(10, 2), ts TIMESTAMP(3), doubled AS amount * 2,"
                    + " PRIMARY KEY (id) NOT ENFORCED) COMMENT 'all orders'"
                    + " WITH ('connector' = 'datagen', 'number-of-rows' = '300')");
            DatabaseMetaData md = c.getMetaData();
            assertThat(md.getDriverName()).isNotBlank();
            assertThat(rows(md.getCatalogs(), "TABLE_CAT")).contains("default_catalog");
            assertThat(rows(md.getSchemas(), "TABLE_SCHEM")).contains("default_database");
            assertThat(rows(md.getSchemas("default_catalog", "%"), "TABLE_SCHEM")).containsExactly("default_database");
            assertThat(rows(md.getTableTypes(), "TABLE_TYPE")).containsExactly("TABLE", "VIEW");
            try (ResultSet t = md.getTables("default_catalog", "default_database", "%", new String[] {"TABLE"})) {
                while (t.next() && !t.getString("TABLE_NAME").equals("orders")) {
                }
                assertThat(t.getString("TABLE_NAME")).isEqualTo("orders");
                assertThat(t.getString("TABLE_TYPE")).isEqualTo("TABLE");
                assertThat(t.getString("REMARKS")).isEqualTo("all orders");
            }
            try (ResultSet col = md.getColumns("default_catalog", "default_database", "orders", "%")) {
                assertThat(col.next()).isTrue();
                assertThat(col.getString("COLUMN_NAME")).isEqualTo("id");
                assertThat(col.getInt("DATA_TYPE")).isEqualTo(Types.BIGINT);
                assertThat(col.getInt("NULLABLE")).isEqualTo(DatabaseMetaData.columnNoNulls);
                assertThat(col.getString("REMARKS")).isEqualTo("the order");
                assertThat(col.getInt("ORDINAL_POSITION")).isEqualTo(1);
                assertThat(col.next()).isTrue();
                assertThat(col.getInt("DATA_TYPE")).isEqualTo(Types.DECIMAL);
                assertThat(col.getInt("COLUMN_SIZE")).isEqualTo(10);
                assertThat(col.getInt("DECIMAL_DIGITS")).isEqualTo(2);
                assertThat(col.next()).isTrue();
                assertThat(col.getInt("DATA_TYPE")).isEqualTo(Types.TIMESTAMP);
                assertThat(col.getInt("DECIMAL_DIGITS")).isEqualTo(3);
                assertThat(col.next()).isTrue();
                assertThat(col.getString("COLUMN_NAME")).isEqualTo("doubled");
                assertThat(col.getString("IS_GENERATEDCOLUMN")).isEqualTo("YES");
                assertThat(col.getString("COLUMN_DEF")).contains("amount");
                assertThat(col.next()).isFalse();
            }
            // Avatica's protocol has no call for keys and functions: its driver answers them empty, without error
            try (ResultSet keys = md.getPrimaryKeys("default_catalog", "default_database", "orders")) {
                assertThat(keys.next()).isTrue();
                assertThat(keys.getString("TABLE_NAME")).isEqualTo("orders");
                assertThat(keys.getString("COLUMN_NAME")).isEqualTo("id");
                assertThat(keys.getShort("KEY_SEQ")).isEqualTo((short) 1);
                assertThat(keys.getString("PK_NAME")).isNotBlank();
                assertThat(keys.next()).isFalse();
            }
            assertThat(md.getPrimaryKeys(null, null, "no_such_table").next()).isFalse();
            assertThat(md.getImportedKeys("default_catalog", "default_database", "orders").next()).isFalse();
            assertThat(md.getIndexInfo("default_catalog", "default_database", "orders", false, true).next()).isFalse();
            assertThat(md.getProcedures(null, null, "%").next()).isFalse();
            assertThat(rows(md.getTypeInfo(), "TYPE_NAME")).contains("BIGINT", "STRING", "TIMESTAMP");
            assertThat(rows(md.getFunctions(null, null, "UPP%"), "FUNCTION_NAME")).contains("UPPER");
            try (Statement s = c.createStatement()) {
                s.setMaxRows(200);
                try (ResultSet rs = s.executeQuery("SELECT * FROM orders LIMIT 200")) {
                    int n = 0;
                    while (rs.next()) {
                        n++;
                    }
                    assertThat(n).isEqualTo(200);
                    assertThat(rs.getMetaData().getColumnCount()).isEqualTo(4);
                }
            }
            assertThat(c.isValid(5)).isTrue();
            c.createStatement().execute("DROP TABLE orders");
        }
    }

    private static List<String> tables(DatabaseMetaData md) throws SQLException {
        return rows(md.getTables(null, null, "%", null), "TABLE_NAME");
    }

    private static List<String> rows(ResultSet rs, String column) throws SQLException {
        List<String> values = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                values.add(rs.getString(column));
            }
        }
        return values;
    }
}
