package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Databases, catalogs, views, ALTER TABLE and the catalog SHOW forms through a {@link Session}. */
class SessionCatalogTest {
    private static final String SOURCE = "WITH ('connector' = 'datagen', 'number-of-rows' = '5')";

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

    private List<Row> rows(String sql) {
        return ((StatementResult.Table) session.execute(sql)).rows();
    }

    private List<String> column(String sql) {
        return rows(sql).stream().map(r -> (String) r.getField(0)).toList();
    }

    private String header(String sql) {
        return ((StatementResult.Table) session.execute(sql)).columns().get(0).name();
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertFails(String sql, String position) {
        return assertThatThrownBy(() -> session.execute(sql))
                .isInstanceOf(SqlExecutionException.class)
                .satisfies(e -> assertThat(((SqlExecutionException) e).line() + ":" + ((SqlExecutionException) e).column())
                        .isEqualTo(position));
    }

    /** Everything SHOW can tell about the catalog, to compare before and after a failing statement. */
    private String snapshot() {
        StringBuilder sb = new StringBuilder();
        sb.append(column("SHOW CURRENT CATALOG")).append(column("SHOW CURRENT DATABASE"));
        for (String db : column("SHOW DATABASES")) {
            sb.append(db).append(column("SHOW TABLES FROM " + db)).append(';');
            for (String t : column("SHOW TABLES FROM " + db)) {
                sb.append(rows("DESCRIBE " + db + "." + t)).append(session.catalog().table(
                        new ObjectIdentifier("default_catalog", db, t)));
            }
        }
        return sb.append(column("SHOW VIEWS")).toString();
    }

    @Test
    void startsWithTheDefaultCatalogAndDatabase() {
        assertThat(header("SHOW CATALOGS")).isEqualTo("catalog name");
        assertThat(column("SHOW CATALOGS")).containsExactly("default_catalog");
        assertThat(header("SHOW DATABASES")).isEqualTo("database name");
        assertThat(column("SHOW DATABASES")).containsExactly("default_database");
        assertThat(header("SHOW CURRENT CATALOG")).isEqualTo("current catalog name");
        assertThat(column("SHOW CURRENT CATALOG")).containsExactly("default_catalog");
        assertThat(header("SHOW CURRENT DATABASE")).isEqualTo("current database name");
        assertThat(column("SHOW CURRENT DATABASE")).containsExactly("default_database");
        assertThat(header("SHOW VIEWS")).isEqualTo("view name");
        assertThat(column("SHOW VIEWS")).isEmpty();
    }

    @Test
    void createUseAndDropDatabases() {
        assertThat(message("CREATE DATABASE db1 COMMENT 'first' WITH ('owner' = 'me')"))
                .isEqualTo("Database has been created.");
        assertThat(message("CREATE DATABASE IF NOT EXISTS db1")).isEqualTo("Database already exists.");
        assertThat(message("CREATE DATABASE default_catalog.db2")).isEqualTo("Database has been created.");
        assertThat(column("SHOW DATABASES")).containsExactly("db1", "db2", "default_database");
        assertThat(session.catalog().databaseDescription("default_catalog", "db1").orElseThrow().comment())
                .isEqualTo("first");

        assertThat(message("USE db1")).isEqualTo("Database has been changed.");
        assertThat(column("SHOW CURRENT DATABASE")).containsExactly("db1");
        message("CREATE TABLE t (id BIGINT) " + SOURCE);
        assertThat(column("SHOW TABLES")).containsExactly("t");
        assertThat(column("SHOW TABLES FROM default_database")).isEmpty();
        assertThat(column("SHOW TABLES IN default_catalog.db1")).containsExactly("t");

        assertThat(message("USE CATALOG default_catalog")).isEqualTo("Catalog has been changed.");
        assertThat(column("SHOW CURRENT DATABASE")).containsExactly("default_database");
        assertThat(message("USE default_catalog.db2")).isEqualTo("Database has been changed.");
        assertThat(column("SHOW CURRENT DATABASE")).containsExactly("db2");
        assertFails("DROP DATABASE db2", "1:15").hasMessage("Cannot drop a database which is currently in use.");
        message("USE default_database");

        assertFails("DROP DATABASE db1", "1:15")
                .hasMessageStartingWith("Database db1 in catalog default_catalog is not empty.");
        assertThat(column("SHOW TABLES FROM db1")).containsExactly("t");
        assertThat(message("DROP DATABASE db1 RESTRICT".replace(" RESTRICT", " CASCADE")))
                .isEqualTo("Database has been dropped.");
        assertThat(message("DROP DATABASE db2 RESTRICT")).isEqualTo("Database has been dropped.");
        assertThat(message("DROP DATABASE IF EXISTS db2")).isEqualTo("Database does not exist.");
        assertThat(column("SHOW DATABASES")).containsExactly("default_database");
    }

    @Test
    void databaseAndCatalogErrorsPointAtTheNameAndSuggest() {
        message("CREATE DATABASE sales");

        assertFails("CREATE DATABASE sales", "1:17")
                .hasMessage("Database sales already exists in Catalog default_catalog.");
        assertFails("USE\n  sale", "2:3")
                .hasMessage("Database 'sale' does not exist in catalog 'default_catalog'. Did you mean 'sales'?");
        assertFails("DROP DATABASE salez", "1:15")
                .hasMessage("Database 'salez' does not exist in catalog 'default_catalog'. Did you mean 'sales'?");
        assertFails("USE CATALOG default_catalg", "1:13")
                .hasMessage("Catalog 'default_catalg' does not exist. Did you mean 'default_catalog'?");
        assertFails("USE default_catalg.sales", "1:5")
                .hasMessage("Catalog 'default_catalg' does not exist. Did you mean 'default_catalog'?");
        assertFails("SHOW TABLES FROM nowhere", "1:18")
                .hasMessage("Database 'nowhere' does not exist in catalog 'default_catalog'");
        assertFails("CREATE DATABASE a.b.c", "1:17").hasMessageContaining("too many parts");
        assertThat(column("SHOW CURRENT DATABASE")).containsExactly("default_database");
    }

    @Test
    void tablesCreatedAfterUseLiveInThatDatabaseAndSayWhere() {
        message("CREATE DATABASE shop");
        message("USE shop");
        message("CREATE TABLE orders (id BIGINT, qty INT, doubled AS qty * 2) " + SOURCE);
        message("CREATE TABLE orders_copy LIKE orders");

        assertThat(column("SHOW TABLES")).containsExactly("orders", "orders_copy");
        assertThat(column("SHOW TABLES FROM default_database")).isEmpty();
        assertThat((String) rows("SHOW CREATE TABLE orders").get(0).getField(0))
                .startsWith("CREATE TABLE `default_catalog`.`shop`.`orders` (");
        assertThat((String) rows("SHOW CREATE TABLE default_catalog.shop.orders_copy").get(0).getField(0))
                .startsWith("CREATE TABLE `default_catalog`.`shop`.`orders_copy` (")
                .contains("`doubled` AS `qty` * 2");
    }

    @Test
    void qualifiedTableNamesResolveAgainstTheCurrentDatabase() {
        message("CREATE DATABASE db1");
        message("CREATE TABLE db1.t (id BIGINT) " + SOURCE);
        assertThat(column("SHOW TABLES")).isEmpty();
        assertThat(rows("DESCRIBE db1.t")).hasSize(1);
        assertThat(rows("DESCRIBE default_catalog.db1.t")).hasSize(1);
        assertFails("DESCRIBE t", "1:10")
                .hasMessage("Table with identifier 'default_catalog.default_database.t' does not exist");
        assertFails("DESCRIBE db2.t", "1:10").hasMessage(
                "Database 'db2' does not exist in catalog 'default_catalog'. Did you mean 'db1'?");

        message("USE db1");
        assertThat(rows("DESCRIBE t")).hasSize(1);
        assertThat(session.catalog().table(
                new ObjectIdentifier("default_catalog", "db1", "t")).orElseThrow()
                .qualifiedName()).isEqualTo("default_catalog.db1.t");
        assertThat(message("DROP TABLE t")).isEqualTo("Table has been dropped.");
        assertThat(column("SHOW TABLES")).isEmpty();
    }

    @Test
    void showTablesListsTablesAndViewsFilteredByLike() {
        message("CREATE TABLE orders (id BIGINT) " + SOURCE);
        message("CREATE TABLE order_items (id BIGINT) " + SOURCE);
        message("CREATE TABLE customers (id BIGINT) " + SOURCE);
        message("CREATE VIEW orders_v AS SELECT id FROM orders");

        assertThat(header("SHOW TABLES")).isEqualTo("table name");
        assertThat(column("SHOW TABLES")).containsExactly("customers", "order_items", "orders", "orders_v");
        assertThat(column("SHOW TABLES LIKE 'order%'")).containsExactly("order_items", "orders", "orders_v");
        assertThat(column("SHOW TABLES LIKE 'orders_'")).isEmpty();
        assertThat(column("SHOW TABLES LIKE 'orders__'")).containsExactly("orders_v");
        assertThat(column("SHOW TABLES NOT LIKE 'order%'")).containsExactly("customers");
        assertThat(column("SHOW TABLES LIKE 'ORDERS'")).as("case-sensitive").isEmpty();
        assertThat(column("SHOW TABLES FROM default_database LIKE 'c%'")).containsExactly("customers");
        assertThat(column("SHOW VIEWS")).containsExactly("orders_v");
    }

    @Test
    void showColumnsShowsDescribesRowsFilteredByLike() {
        message("CREATE TABLE t (id BIGINT NOT NULL, name STRING, user_id INT) " + SOURCE);

        StatementResult.Table all = (StatementResult.Table) session.execute("SHOW COLUMNS FROM t");
        StatementResult.Table described = (StatementResult.Table) session.execute("DESCRIBE t");
        assertThat(all.columns()).isEqualTo(described.columns());
        assertThat(all.rows()).isEqualTo(described.rows());
        assertThat(column("SHOW COLUMNS IN t LIKE '%id'")).containsExactly("id", "user_id");
        assertThat(column("SHOW COLUMNS FROM t NOT LIKE '%id'")).containsExactly("name");
        assertFails("SHOW COLUMNS FROM tt", "1:19").hasMessage(
                "Table with identifier 'default_catalog.default_database.tt' does not exist. Did you mean 't'?");
    }

    @Test
    void showFunctionsListsTheOperatorTablesFunctionsSorted() {
        assertThat(header("SHOW FUNCTIONS")).isEqualTo("function name");
        List<String> names = column("SHOW FUNCTIONS");
        assertThat(names).contains("ABS", "CHAR_LENGTH", "CONCAT_WS", "MD5", "UPPER", "JSON_OBJECTAGG", "CURRENT_DATE")
                .doesNotContain("+", "AND");
        assertThat(names).as("internal names, and functions of a type Runnel has not")
                .doesNotContain("JSON_OBJECTAGG_NULL_ON_NULL", "JSON_ARRAYAGG_ABSENT_ON_NULL", "VARIANTNULL", "$SUM0");
        assertThat(names).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void createViewValidatesAndStoresItsColumns() {
        message("CREATE TABLE orders (id BIGINT NOT NULL, amount DOUBLE, customer STRING) " + SOURCE);

        assertThat(message("CREATE VIEW big (order_id, amt) COMMENT 'big orders' AS "
                + "SELECT id, amount FROM orders WHERE amount > 10")).isEqualTo("View has been created.");
        assertThat(message("CREATE VIEW IF NOT EXISTS big AS SELECT 1")).isEqualTo("View already exists.");
        assertThat(rows("DESCRIBE big")).containsExactly(
                Row.of("order_id", "BIGINT", false, "", "", ""),
                Row.of("amt", "DOUBLE", true, "", "", ""));
        assertThat(column("SHOW VIEWS")).containsExactly("big");

        StatementResult.Table shown = (StatementResult.Table) session.execute("SHOW CREATE VIEW big");
        assertThat(shown.columns()).extracting(ColumnInfo::name).containsExactly("result");
        assertThat((String) shown.rows().get(0).getField(0)).isEqualTo("""
                CREATE VIEW `default_catalog`.`default_database`.`big` (
                  `order_id`,
                  `amt`
                )
                COMMENT 'big orders'
                AS SELECT `orders`.`id`, `orders`.`amount`
                FROM `default_catalog`.`default_database`.`orders` AS `orders`
                WHERE `orders`.`amount` > 10
                """);
    }

    @Test
    void viewErrorsPointAtTheirPlaceAndChangeNothing() {
        message("CREATE TABLE orders (id BIGINT, amount DOUBLE) " + SOURCE);
        message("CREATE VIEW v AS SELECT id FROM orders");
        String before = snapshot();

        assertFails("CREATE VIEW v2 AS\nSELECT idd FROM orders", "2:8")
                .hasMessageContaining("Column 'idd' not found");
        assertFails("CREATE VIEW v2 AS SELECT id FROM orderz", "1:34")
                .hasMessageContaining("orderz");
        assertFails("CREATE VIEW orders AS SELECT 1 AS x", "1:13")
                .hasMessage("Cannot create view 'default_catalog.default_database.orders': a table of that name already exists");
        assertFails("CREATE VIEW v AS SELECT 1 AS x", "1:13")
                .hasMessage("View 'default_catalog.default_database.v' already exists");
        assertFails("CREATE VIEW v2 (a, b) AS SELECT id FROM orders", "1:16")
                .hasMessage("The view's column list has 2 names but its query has 1 columns");
        assertFails("CREATE VIEW v2 (a, a) AS SELECT id, amount FROM orders", "1:20")
                .hasMessage("Duplicate column name 'a' in view 'v2'");
        assertFails("CREATE VIEW nodb.v2 AS SELECT 1 AS x", "1:13")
                .hasMessageStartingWith("Database 'nodb' does not exist");
        assertFails("DROP VIEW vv", "1:11")
                .hasMessage("View with identifier 'default_catalog.default_database.vv' does not exist. Did you mean 'v'?");
        assertFails("DROP VIEW orders", "1:11").hasMessageContaining("it is a table: use DROP TABLE");
        assertFails("DROP TABLE v", "1:12").hasMessageContaining("is a view");
        assertFails("SHOW CREATE VIEW w", "1:18").hasMessageContaining("Did you mean 'v'?");
        assertFails("INSERT INTO v\nSELECT id FROM orders", "1:13")
                .hasMessage("Cannot INSERT INTO view 'default_catalog.default_database.v': a view is read-only; "
                        + "insert into a table");

        assertThat(snapshot()).isEqualTo(before);
        assertThat(message("DROP VIEW IF EXISTS vv")).isEqualTo("View does not exist.");
        assertThat(message("DROP VIEW v")).isEqualTo("View has been dropped.");
        assertThat(column("SHOW VIEWS")).isEmpty();
    }

    @Test
    void temporaryViewsShadowPermanentOnesAndDropSeparately() {
        message("CREATE VIEW v AS SELECT 1 AS x");
        assertThat(message("CREATE TEMPORARY VIEW v AS SELECT 2 AS y")).isEqualTo("View has been created.");

        assertThat(rows("DESCRIBE v")).extracting(r -> r.getField(0)).containsExactly("y");
        assertThat((String) rows("SHOW CREATE VIEW v").get(0).getField(0)).startsWith("CREATE TEMPORARY VIEW");
        assertThat(column("SHOW VIEWS")).containsExactly("v");
        assertThat(message("DROP TEMPORARY VIEW v")).isEqualTo("View has been dropped.");
        assertThat(rows("DESCRIBE v")).extracting(r -> r.getField(0)).containsExactly("x");
        assertFails("DROP TEMPORARY VIEW v", "1:21")
                .hasMessageStartingWith("Temporary view with identifier 'default_catalog.default_database.v' does not exist");
        assertThat(message("DROP VIEW v")).isEqualTo("View has been dropped.");
    }

    @Test
    void viewsAreValidatedInTheCurrentDatabaseAndKeepMeaningWhenItChanges() {
        message("CREATE DATABASE db1");
        message("CREATE TABLE db1.t (a BIGINT) " + SOURCE);
        message("USE db1");
        message("CREATE VIEW default_database.v AS SELECT a FROM t");
        message("USE default_database");

        assertThat(column("SHOW VIEWS")).containsExactly("v");
        assertThat((String) rows("SHOW CREATE VIEW v").get(0).getField(0))
                .contains("FROM `default_catalog`.`db1`.`t` AS `t`");
        assertThat(session.explain("SELECT a FROM v WHERE a > 1")).contains("default_catalog.db1.t");
    }

    @Test
    void renameTable() {
        message("CREATE TABLE t (id BIGINT) " + SOURCE);
        message("CREATE TABLE other (id BIGINT) " + SOURCE);
        message("CREATE VIEW v AS SELECT 1 AS x");

        assertThat(message("ALTER TABLE t RENAME TO t2")).isEqualTo("Table has been altered.");
        assertThat(column("SHOW TABLES")).containsExactly("other", "t2", "v");
        assertThat(session.catalog().table("t2").orElseThrow().qualifiedName())
                .isEqualTo("default_catalog.default_database.t2");
        assertThat(message("ALTER TABLE IF EXISTS t RENAME TO t3")).isEqualTo("Table does not exist.");

        String before = snapshot();
        assertFails("ALTER TABLE t2 RENAME TO other", "1:26").hasMessageContaining("already exists");
        assertFails("ALTER TABLE t2 RENAME TO v", "1:26").hasMessageContaining("already exists");
        assertFails("ALTER TABLE t RENAME TO t3", "1:13")
                .hasMessage("Table with identifier 'default_catalog.default_database.t' does not exist. Did you mean 't2'?");
        assertFails("ALTER TABLE v RENAME TO w", "1:13").hasMessageContaining("is a view");
        message("CREATE DATABASE db1");
        before = snapshot();
        assertFails("ALTER TABLE t2 RENAME TO db1.t2", "1:26")
                .hasMessageContaining("a table can only be renamed within its database");
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void alterTableSetRevalidatesTheOptions() {
        message("CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '5')");

        assertThat(message("ALTER TABLE t SET ('rows-per-second' = '7', 'number-of-rows' = '3')"))
                .isEqualTo("Table has been altered.");
        assertThat(session.catalog().table("t").orElseThrow().options()).containsEntry("rows-per-second", "7")
                .containsEntry("number-of-rows", "3").containsEntry("connector", "datagen");

        String before = snapshot();
        assertFails("ALTER TABLE t SET (\n  'rows-per-secnd' = '5')", "2:3")
                .hasMessageStartingWith("Unsupported option 'rows-per-secnd' for connector 'datagen' of table "
                        + "default_catalog.default_database.t. Did you mean 'rows-per-second'?");
        assertFails("ALTER TABLE t SET ('rows-per-second' = 'fast')", "1:40")
                .hasMessageStartingWith("Invalid value 'fast' for option 'rows-per-second'");
        assertFails("ALTER TABLE t SET ('connector' = 'kafkaa')", "1:34")
                .hasMessageStartingWith("Unknown connector 'kafkaa'");
        assertFails("ALTER TABLE tt SET ('k' = 'v')", "1:13").hasMessageContaining("Did you mean 't'?");
        assertThat(snapshot()).isEqualTo(before);
        assertThat(session.catalog().table("t").orElseThrow().options()).containsEntry("rows-per-second", "7");
        assertThat(message("ALTER TABLE IF EXISTS nope SET ('k' = 'v')")).isEqualTo("Table does not exist.");
    }

    @Test
    void failingTableDdlChangesNothing() {
        message("CREATE DATABASE db1");
        message("CREATE TABLE t (id BIGINT) " + SOURCE);
        String before = snapshot();

        assertFails("CREATE TABLE t2 (id BIGINT) WITH ('connector' = 'datagen', 'nope' = '1')", "1:60");
        assertFails("CREATE TABLE nodb.t2 (id BIGINT) " + SOURCE, "1:14");
        assertFails("DROP TABLE db1.t", "1:16");
        assertFails("DROP DATABASE nodb", "1:15");
        assertFails("USE nodb", "1:5");
        assertFails("CREATE DATABASE db1", "1:17");

        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void unknownTablesInQueriesGetASuggestion() {
        message("CREATE DATABASE shop");
        message("CREATE TABLE shop.orders (id BIGINT) " + SOURCE);
        message("CREATE TABLE items (id BIGINT) " + SOURCE);

        assertFails("SELECT id FROM\n  itemz", "2:3")
                .hasMessage("Object 'itemz' not found. Did you mean 'items'?");
        assertFails("SELECT id FROM shop.ordrs", "1:16")
                .hasMessage("Object 'ordrs' not found within 'default_catalog.shop'. Did you mean 'orders'?");
        assertFails("SELECT id FROM unrelated", "1:16").hasMessage("Object 'unrelated' not found");
    }

    @Test
    void aViewWhoseTableWasDroppedSaysWhichViewBroke() {
        message("CREATE TABLE t (id BIGINT) " + SOURCE);
        message("CREATE VIEW v AS SELECT id FROM t");
        message("DROP TABLE t");

        assertThatThrownBy(() -> session.execute("SELECT * FROM v"))
                .isInstanceOf(SqlExecutionException.class)
                .hasMessageStartingWith("View default_catalog.default_database.v cannot be used any more: ")
                .hasMessageContaining("'t' not found");
    }

    @Test
    void viewsKeepTheirMeaningThroughManyKindsOfExpression() {
        message("CREATE TABLE t (id BIGINT, name STRING, price DECIMAL(10, 2), ts TIMESTAMP(3), "
                + "seen TIMESTAMP_LTZ(3), raw BYTES, ok BOOLEAN, f FLOAT) " + SOURCE);
        List<String> expressions = List.of(
                "CAST(id AS STRING)", "CAST(name AS INT)", "TRY_CAST(name AS INT)", "CAST(seen AS TIMESTAMP_LTZ(3))",
                "CASE WHEN id > 1 THEN 'big' ELSE 'small' END", "name LIKE 'a%'", "id IN (1, 2, 3)",
                "id BETWEEN 1 AND 5", "COALESCE(name, 'none')", "CONCAT_WS('-', name, name)", "UPPER(name) || 'x'",
                "price * 2", "CAST(f AS DOUBLE)", "EXTRACT(YEAR FROM ts)", "CURRENT_TIMESTAMP", "raw",
                "NOT ok", "IFNULL(name, 'x')", "TIMESTAMP '2024-01-02 03:04:05.678'", "DATE '2024-01-02'",
                "INTERVAL '1' DAY + ts", "`name`");
        List<String> rejected = new ArrayList<>();
        for (int i = 0; i < expressions.size(); i++) {
            String create = "CREATE VIEW v" + i + " AS SELECT " + expressions.get(i) + " AS c FROM t WHERE id > 0";
            try {
                message(create);
            } catch (SqlExecutionException e) {
                if (e.getMessage().startsWith("Cannot store the view's query")) {
                    throw new AssertionError(create + ": " + e.getMessage(), e);
                }
                rejected.add(expressions.get(i) + ": " + e.getMessage());
                continue; // an expression the validator rejects anyway (not a view problem)
            }
            assertThat(session.explain("SELECT c FROM v" + i)).as(create).contains("default_database.t");
        }
        assertThat(rejected).as("expressions the validator rejected").hasSizeLessThanOrEqualTo(1);
        message("CREATE VIEW u AS SELECT id FROM t UNION ALL SELECT id + 1 FROM t");
        message("CREATE VIEW w AS SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS x(n, s)");
        assertThat(session.explain("SELECT * FROM u")).contains("Union");
        assertThat(rows("DESCRIBE w")).extracting(r -> r.getField(0)).containsExactly("n", "s");
    }

    @Test
    void tablesAndViewsShareOneNamespacePerDatabase() {
        message("CREATE DATABASE db1");
        message("CREATE VIEW db1.v AS SELECT 1 AS x");
        message("CREATE TABLE db1.t (id BIGINT) " + SOURCE);

        assertFails("CREATE TABLE db1.v (id BIGINT) " + SOURCE, "1:14")
                .hasMessage("Cannot create table default_catalog.db1.v: a view of that name already exists");
        assertThat(column("SHOW TABLES FROM db1")).containsExactly("t", "v");
        assertThat(message("DROP DATABASE db1 CASCADE")).isEqualTo("Database has been dropped.");
        message("CREATE DATABASE db1");
        assertThat(column("SHOW TABLES FROM db1")).as("CASCADE dropped the table and the view").isEmpty();
    }
}
