package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.DirectoryCatalogStore;
import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.Configuration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions over one {@link DirectoryCatalogStore}, as the connections of a gateway: permanent
 * objects are shared and survive a restart; temporary objects and USE stay in their session.
 */
class SharedCatalogSessionTest {
    private static final String ORDERS = """
            CREATE TABLE orders (
              id BIGINT NOT NULL COMMENT 'the order',
              price DECIMAL(10, 2),
              ts TIMESTAMP(3),
              doubled AS price * 2,
              WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
              PRIMARY KEY (id) NOT ENFORCED
            ) COMMENT 'all the orders' WITH ('connector' = 'datagen', 'number-of-rows' = '5')""";

    /** A test function class of the planner's tests (its test class is package-private). */
    private static final String PLUS_ONE = "dev.runnel.planner.functions.UserFunctionEndToEndTest$PlusOne";

    @TempDir
    Path dir;

    private EmbeddedCluster cluster;
    private DirectoryCatalogStore store;
    private Session first;
    private Session second;

    @BeforeEach
    void start() {
        cluster = EmbeddedCluster.start(new Configuration());
        store = DirectoryCatalogStore.open(dir);
        first = new Session(cluster, new Configuration(), store);
        second = new Session(cluster, new Configuration(), store);
    }

    @AfterEach
    void stop() {
        first.close();
        second.close();
        store.close();
        cluster.close();
    }

    private static String message(Session session, String sql) {
        return ((StatementResult.Message) session.execute(sql)).text();
    }

    private static List<String> column(Session session, String sql) {
        return ((StatementResult.Table) session.execute(sql)).rows().stream()
                .map(r -> String.valueOf(r.getField(0))).toList();
    }

    private static String showCreate(Session session, String name) {
        return column(session, "SHOW CREATE TABLE " + name).get(0);
    }

    @Test
    void tablesViewsAndDatabasesCreatedInOneSessionAreSeenByTheOtherAndSoAreTheirDrops() {
        message(first, "CREATE DATABASE shop COMMENT 'the shop'");
        assertThat(column(second, "SHOW DATABASES")).containsExactly("default_database", "shop");
        message(second, "USE shop");
        message(first, "USE shop");
        message(first, ORDERS);
        message(first, "CREATE VIEW ids AS SELECT id FROM orders");
        assertThat(column(second, "SHOW TABLES")).containsExactly("ids", "orders");
        assertThat(column(second, "SHOW VIEWS")).containsExactly("ids");
        assertThat(showCreate(second, "orders")).isEqualTo(showCreate(first, "orders"));
        assertThat(second.explain("SELECT id FROM ids WHERE id > 2")).contains("default_catalog.shop.orders");

        message(second, "ALTER VIEW ids RENAME TO order_ids");
        message(first, "ALTER TABLE orders SET ('number-of-rows' = '7')");
        assertThat(column(first, "SHOW VIEWS")).containsExactly("order_ids");
        assertThat(showCreate(second, "orders")).contains("'number-of-rows' = '7'");
        assertThatThrownBy(() -> first.execute("DROP VIEW ids")).isInstanceOf(SqlExecutionException.class)
                .hasMessageContaining("View with identifier 'default_catalog.shop.ids' does not exist");
        message(first, "DROP VIEW order_ids");
        message(second, "DROP TABLE orders");
        assertThat(column(first, "SHOW TABLES")).isEmpty();
        message(first, "USE default_database");
        message(second, "USE default_database");
        message(second, "DROP DATABASE shop");
        assertThat(column(first, "SHOW DATABASES")).containsExactly("default_database");
    }

    @Test
    void aCatalogFunctionCreatedInOneSessionIsCalledInTheOther() {
        message(first, "CREATE FUNCTION plus_one AS '" + PLUS_ONE + "'");
        assertThat(column(second, "SHOW USER FUNCTIONS")).containsExactly("plus_one");
        assertThat(second.explain("SELECT plus_one(n) FROM (VALUES (1)) AS t(n)")).contains("plus_one");
        assertThatThrownBy(() -> second.execute("CREATE FUNCTION PLUS_ONE AS '" + PLUS_ONE + "'"))
                .isInstanceOf(SqlExecutionException.class)
                .hasMessageContaining("Function 'default_catalog.default_database.plus_one' already exists");

        message(second, "DROP FUNCTION plus_one");
        assertThat(column(first, "SHOW USER FUNCTIONS")).isEmpty();
        assertThatThrownBy(() -> first.explain("SELECT plus_one(n) FROM (VALUES (1)) AS t(n)"))
                .hasMessageContaining("plus_one");
    }

    @Test
    void temporaryViewsAndFunctionsStayInTheirSession() {
        message(first, ORDERS);
        message(first, "CREATE TEMPORARY VIEW cheap AS SELECT id FROM orders WHERE price < 10");
        message(first, "CREATE TEMPORARY FUNCTION plus_one AS '" + PLUS_ONE
                + "'");
        message(first, "CREATE TEMPORARY SYSTEM FUNCTION plus_two AS '"
                + PLUS_ONE + "'");
        assertThat(column(first, "SHOW TABLES")).containsExactly("cheap", "orders");
        assertThat(column(first, "SHOW USER FUNCTIONS")).containsExactly("plus_one", "plus_two");

        assertThat(column(second, "SHOW TABLES")).containsExactly("orders");
        assertThat(column(second, "SHOW USER FUNCTIONS")).isEmpty();
        // the other session may create its own of the same names
        message(second, "CREATE TEMPORARY VIEW cheap AS SELECT id FROM orders WHERE price < 1");
        message(second, "CREATE TEMPORARY FUNCTION plus_one AS '" + PLUS_ONE
                + "'");
        message(second, "DROP TEMPORARY VIEW cheap");
        assertThat(column(first, "SHOW VIEWS")).containsExactly("cheap");
        // nothing temporary reached the store
        assertThat(store.contents().viewNames("default_catalog", "default_database")).isEmpty();
        assertThat(store.contents().functions()).isEmpty();
    }

    @Test
    void temporaryTablesStayInTheirSessionAndShadowThePermanentOnes() {
        message(first, ORDERS);
        assertThat(message(first, "CREATE TEMPORARY TABLE orders (id BIGINT)"
                + " WITH ('connector' = 'datagen', 'number-of-rows' = '3', 'fields.id.kind' = 'sequence',"
                + " 'fields.id.start' = '100', 'fields.id.end' = '102')")).isEqualTo("Table has been created.");
        assertThat(message(first, "CREATE TEMPORARY TABLE IF NOT EXISTS orders (x INT)"
                + " WITH ('connector' = 'blackhole')"))
                .isEqualTo("Table already exists.");
        message(first, "CREATE TEMPORARY TABLE copies WITH ('connector' = 'blackhole') LIKE orders (EXCLUDING OPTIONS)");

        // the first session reads its temporary table, the second the permanent one
        assertThat(EndToEndSupport.query(first, "SELECT id FROM orders")).extracting(r -> r.getField(0))
                .containsExactlyInAnyOrder(100L, 101L, 102L);
        assertThat(EndToEndSupport.query(second, "SELECT id FROM orders")).hasSize(5);
        assertThat(column(first, "SHOW TABLES")).containsExactly("copies", "orders");
        assertThat(column(second, "SHOW TABLES")).containsExactly("orders");
        assertThat(showCreate(first, "orders")).startsWith("CREATE TEMPORARY TABLE `default_catalog`.");
        assertThat(showCreate(second, "orders")).startsWith("CREATE TABLE `default_catalog`.");
        assertThatThrownBy(() -> first.execute("ALTER TABLE orders SET ('number-of-rows' = '9')"))
                .hasMessageContaining("Cannot alter temporary table 'default_catalog.default_database.orders'");
        // nothing temporary reached the store
        assertThat(store.contents().tableNames("default_catalog", "default_database")).containsExactly("orders");

        // DROP TABLE drops what a query sees: the temporary table first, then the permanent one
        assertThat(message(first, "DROP TEMPORARY TABLE orders")).isEqualTo("Table has been dropped.");
        assertThatThrownBy(() -> first.execute("DROP TEMPORARY TABLE orders"))
                .hasMessageContaining("Temporary table with identifier 'default_catalog.default_database.orders'"
                        + " does not exist; it is a permanent table: use DROP TABLE");
        assertThat(EndToEndSupport.query(first, "SELECT id FROM orders")).hasSize(5);
        message(first, "DROP TABLE copies");
        assertThat(column(first, "SHOW TABLES")).containsExactly("orders");
        assertThat(message(first, "DROP TEMPORARY TABLE IF EXISTS copies")).isEqualTo("Table does not exist.");
        message(first, "CREATE TEMPORARY VIEW cheap AS SELECT id FROM orders");
        assertThatThrownBy(() -> first.execute("CREATE TEMPORARY TABLE cheap (id INT) WITH ('connector' = 'blackhole')"))
                .isInstanceOf(SqlExecutionException.class).hasMessageContaining("a view of that name already exists");
    }

    @Test
    void useMovesOnlyItsOwnSession() {
        message(first, "CREATE CATALOG lake WITH ('type' = 'generic_in_memory')");
        message(first, "CREATE DATABASE lake.raw");
        message(first, "USE CATALOG lake");
        message(first, "USE raw");
        assertThat(column(first, "SHOW CURRENT CATALOG")).containsExactly("lake");
        assertThat(column(second, "SHOW CURRENT CATALOG")).containsExactly("default_catalog");
        assertThat(column(second, "SHOW CURRENT DATABASE")).containsExactly("default_database");
        assertThat(column(second, "SHOW CATALOGS")).containsExactly("default_catalog", "lake");
        message(second, ORDERS);
        assertThat(column(first, "SHOW TABLES")).isEmpty();
        assertThat(column(first, "SHOW TABLES FROM default_catalog.default_database")).containsExactly("orders");
        // the current database of the session, not of the store, decides what may be dropped
        assertThatThrownBy(() -> first.execute("DROP CATALOG lake")).isInstanceOf(SqlExecutionException.class)
                .hasMessageContaining("currently in use");
        message(second, "DROP CATALOG lake");
        assertThat(column(second, "SHOW CATALOGS")).containsExactly("default_catalog");
    }

    @Test
    void ofTwoSessionsCreatingOneTableAtOnceExactlyOneWins() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<String>> outcomes = new ArrayList<>();
        for (Session session : List.of(first, second)) {
            outcomes.add(pool.submit(() -> {
                go.await();
                try {
                    return message(session, ORDERS);
                } catch (SqlExecutionException e) {
                    return e.getMessage();
                }
            }));
        }
        go.countDown();
        List<String> results = new ArrayList<>();
        for (Future<String> outcome : outcomes) {
            results.add(outcome.get(60, TimeUnit.SECONDS));
        }
        pool.shutdown();
        assertThat(results).containsOnlyOnce("Table has been created.");
        assertThat(results).anyMatch(r -> r.contains("Table default_catalog.default_database.orders already exists"));
    }

    @Test
    void aRestartedStoreHoldsTheSameTablesViewsAndFunctionsAndTheyPlan() {
        message(first, "CREATE DATABASE shop WITH ('owner' = 'ana')");
        message(first, "CREATE TABLE shop.orders" + ORDERS.substring("CREATE TABLE orders".length()));
        message(first, "CREATE VIEW shop.ids COMMENT 'ids only' AS SELECT id FROM shop.orders");
        message(first, "CREATE FUNCTION shop.plus_one AS '" + PLUS_ONE + "'");
        String table = showCreate(first, "shop.orders");
        String view = column(first, "SHOW CREATE VIEW shop.ids").get(0);
        CatalogTable before = first.catalog().table(new ObjectIdentifier("default_catalog", "shop", "orders"))
                .orElseThrow();

        first.close();
        second.close();
        store.close();
        store = DirectoryCatalogStore.open(dir);
        first = new Session(cluster, new Configuration(), store);
        second = new Session(cluster, new Configuration(), store);

        message(first, "USE shop");
        assertThat(column(first, "SHOW TABLES")).containsExactly("ids", "orders");
        assertThat(showCreate(first, "orders")).isEqualTo(table);
        assertThat(column(first, "SHOW CREATE VIEW ids").get(0)).isEqualTo(view);
        assertThat(first.catalog().table(new ObjectIdentifier("default_catalog", "shop", "orders"))).contains(before);
        assertThat(column(first, "SHOW USER FUNCTIONS")).containsExactly("plus_one");
        assertThat(first.explain("SELECT plus_one(id), doubled FROM orders WHERE id > 2"))
                .contains("default_catalog.shop.orders");
        // an event-time window needs the restored watermark to have made ts a time attribute
        assertThat(first.explain("SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts),"
                + " INTERVAL '1' MINUTE)) GROUP BY window_start, window_end")).contains("default_catalog.shop.orders");
        assertThat(second.explain("SELECT * FROM shop.ids")).contains("default_catalog.shop.orders");
    }
}
