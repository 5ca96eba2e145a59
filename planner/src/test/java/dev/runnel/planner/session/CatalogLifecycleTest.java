package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.Configuration;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** CREATE/DROP/DESCRIBE CATALOG, DESCRIBE DATABASE and ALTER VIEW through a {@link Session}. */
class CatalogLifecycleTest {
    private EmbeddedCluster cluster;
    private Session session;

    @BeforeEach
    void start() {
        cluster = EmbeddedCluster.start(new Configuration());
        session = new Session(cluster, new Configuration());
    }

    @AfterEach
    void stop() {
        session.close();
        cluster.close();
    }

    private String message(String sql) {
        return ((StatementResult.Message) session.execute(sql)).text();
    }

    private List<String> pairs(String sql) {
        StatementResult.Table table = (StatementResult.Table) session.execute(sql);
        return table.rows().stream().map(r -> r.getField(0) + "=" + r.getField(1)).toList();
    }

    private List<Object> column(String sql) {
        return ((StatementResult.Table) session.execute(sql)).rows().stream().map(r -> r.getField(0)).toList();
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertFails(String sql, String position) {
        return assertThatThrownBy(() -> session.execute(sql))
                .isInstanceOf(SqlExecutionException.class)
                .satisfies(e -> assertThat(((SqlExecutionException) e).line() + ":" + ((SqlExecutionException) e).column())
                        .isEqualTo(position));
    }

    @Test
    void createUseAndDropAnInMemoryCatalog() {
        assertThat(message("CREATE CATALOG c1 WITH ('type' = 'generic_in_memory')")).isEqualTo("Catalog has been created.");
        assertThat(message("CREATE CATALOG IF NOT EXISTS c1 WITH ('type' = 'generic_in_memory')"))
                .isEqualTo("Catalog already exists.");
        assertThat(column("SHOW CATALOGS")).containsExactly("c1", "default_catalog");
        assertThat(message("USE CATALOG c1")).isEqualTo("Catalog has been changed.");
        // as in Flink, a generic_in_memory catalog's default database is 'default'
        assertThat(column("SHOW CURRENT DATABASE")).containsExactly("default");
        session.execute("CREATE TABLE t (a INT) WITH ('connector' = 'blackhole')");
        assertThat(column("SHOW TABLES")).containsExactly("t");
        assertThat(session.catalog().table(new dev.runnel.planner.catalog.ObjectIdentifier("c1", "default", "t")))
                .isPresent();

        assertFails("DROP CATALOG c1", "1:14").hasMessage("Cannot drop a catalog which is currently in use.");
        session.execute("USE CATALOG default_catalog");
        assertThat(message("DROP CATALOG c1")).isEqualTo("Catalog has been dropped.");
        assertThat(message("DROP CATALOG IF EXISTS c1")).isEqualTo("Catalog does not exist.");
        assertFails("DROP CATALOG c1", "1:14").hasMessage("Catalog c1 does not exist.");
        assertThat(column("SHOW CATALOGS")).containsExactly("default_catalog");
    }

    @Test
    void catalogOptionsAreChecked() {
        session.execute("CREATE CATALOG c2 COMMENT 'scratch' WITH ('type' = 'generic_in_memory', "
                + "'default-database' = 'db')");
        session.execute("USE CATALOG c2");
        assertThat(column("SHOW DATABASES")).containsExactly("db");
        assertThat(pairs("DESCRIBE CATALOG c2")).containsExactly("name=c2", "type=generic_in_memory",
                "comment=scratch");
        assertThat(pairs("DESC CATALOG EXTENDED c2")).containsExactly("name=c2", "type=generic_in_memory",
                "comment=scratch", "option:default-database=db");
        assertThat(((StatementResult.Table) session.execute("DESCRIBE CATALOG c2")).columns())
                .extracting(ColumnInfo::name).containsExactly("info name", "info value");

        assertFails("CREATE CATALOG h WITH ('type' = 'hive', 'hive-conf-dir' = '/etc')", "1:33")
                .hasMessage("Catalog type 'hive' is not supported: Runnel has in-memory catalogs only "
                        + "('type' = 'generic_in_memory')");
        assertFails("CREATE CATALOG h WITH ('default-database' = 'x')", "1:16")
                .hasMessageStartingWith("Catalog options do not contain an option key 'type'");
        assertFails("CREATE CATALOG h WITH ('type' = 'generic_in_memory', 'default-databse' = 'x')", "1:54")
                .hasMessage("Unsupported option 'default-databse' for catalog type 'generic_in_memory'; supported "
                        + "options: type, default-database. Did you mean 'default-database'?");
        assertFails("CREATE CATALOG c2 WITH ('type' = 'generic_in_memory')", "1:16")
                .hasMessage("Catalog c2 already exists.");
        assertFails("DESCRIBE CATALOG c3", "1:18").hasMessageContaining("c3");
        assertThat(column("SHOW CATALOGS")).containsExactly("c2", "default_catalog");
    }

    @Test
    void describeDatabase() {
        session.execute("CREATE DATABASE sales COMMENT 'orders and more' WITH ('owner' = 'ops')");
        assertThat(pairs("DESCRIBE DATABASE sales")).containsExactly("name=sales", "catalog=default_catalog",
                "comment=orders and more");
        assertThat(pairs("DESC DATABASE EXTENDED default_catalog.sales")).containsExactly("name=sales",
                "catalog=default_catalog", "comment=orders and more", "option:owner=ops");
        assertThat(pairs("DESCRIBE DATABASE default_database")).containsExactly("name=default_database",
                "catalog=default_catalog", "comment=");
        assertFails("DESCRIBE DATABASE sale", "1:19").hasMessageContaining("Did you mean 'sales'?");
    }

    @Test
    void alterViewRenamesAndReplacesTheQuery() {
        session.execute("CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'blackhole')");
        session.execute("CREATE VIEW v COMMENT 'first' AS SELECT a FROM t");
        assertThat(message("ALTER VIEW v RENAME TO w")).isEqualTo("View has been altered.");
        assertThat(column("SHOW VIEWS")).containsExactly("w");

        assertThat(message("ALTER VIEW w AS SELECT b, a + 1 AS c FROM t")).isEqualTo("View has been altered.");
        assertThat(column("DESCRIBE w")).containsExactly("b", "c");
        String ddl = (String) ((StatementResult.Table) session.execute("SHOW CREATE VIEW w")).rows().get(0).getField(0);
        assertThat(ddl).contains("COMMENT 'first'").contains("`b`, `t`.`a` + 1 AS `c`");

        session.execute("CREATE TEMPORARY VIEW tv AS SELECT a FROM t");
        session.execute("ALTER VIEW tv AS SELECT b FROM t");
        assertThat(column("DESCRIBE tv")).containsExactly("b");

        assertFails("ALTER VIEW w RENAME TO t", "1:24")
                .hasMessageContaining("a table or view of that name already exists");
        assertFails("ALTER VIEW t AS SELECT 1", "1:12").hasMessageContaining("View with identifier "
                + "'default_catalog.default_database.t' does not exist; it is a table");
        assertFails("ALTER VIEW w AS SELECT nope FROM t", "1:24").hasMessageContaining("nope");
        assertThat(column("DESCRIBE w")).containsExactly("b", "c");
    }

    @Test
    void executeBeforeAnInsertRunsTheInsert() {
        session.execute("CREATE TABLE sink (a INT) WITH ('connector' = 'blackhole')");
        StatementResult result = session.execute("EXECUTE INSERT INTO sink VALUES (1), (2)");
        assertThat(result).isInstanceOf(StatementResult.JobSubmitted.class);
        assertThat(((StatementResult.JobSubmitted) result).jobName())
                .isEqualTo("insert-into_default_catalog.default_database.sink");
        assertThat(column("SHOW JOBS")).hasSize(1);
    }
}
