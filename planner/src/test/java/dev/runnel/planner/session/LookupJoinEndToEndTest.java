package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.materialize;
import static dev.runnel.planner.session.EndToEndSupport.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Processing-time temporal joins (lookup joins) run end to end at parallelism 1 and 2, on both state backends: orders
 * from a CSV file look up customers in another CSV file, {@code FOR SYSTEM_TIME AS OF} a PROCTIME() attribute.
 */
class LookupJoinEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    static Path dir;

    @BeforeAll
    static void writeTables() throws IOException {
        Files.write(dir.resolve("orders.csv"), List.of("1,alice,10", "2,bob,20", "3,alice,7", "4,dave,3", "5,,8"));
        Files.write(dir.resolve("customers.csv"), List.of("alice,Paris,2001", "bob,Oslo,1999", "bob,Bergen,2015",
                "carol,Rome,2010", ",Nowhere,2000"));
    }

    private static Session session(int parallelism, String backend) {
        Session session = CLUSTER.session(parallelism, backend);
        session.execute("CREATE TABLE orders (id BIGINT, customer STRING, amount INT, p AS PROCTIME()) WITH ("
                + "'connector' = 'filesystem', 'path' = '" + dir.resolve("orders.csv") + "', 'format' = 'csv')");
        session.execute("CREATE TABLE customers (name STRING, city STRING, since INT) WITH ("
                + "'connector' = 'filesystem', 'path' = '" + dir.resolve("customers.csv") + "', 'format' = 'csv')");
        return session;
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void innerLookupJoinJoinsEachRowWithEveryRowOfItsKey(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT o.id, c.city FROM orders o"
                    + " JOIN customers FOR SYSTEM_TIME AS OF o.p AS c ON o.customer = c.name");
            assertThat(rows).containsExactlyInAnyOrder(Row.of(1L, "Paris"), Row.of(2L, "Oslo"), Row.of(2L, "Bergen"),
                    Row.of(3L, "Paris"));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void leftLookupJoinPadsMissingAndNullKeys(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = query(session, "SELECT o.id, c.city FROM orders o"
                    + " LEFT JOIN customers FOR SYSTEM_TIME AS OF o.p AS c ON o.customer = c.name");
            // order 5 has a NULL customer: = never matches the customer whose name is NULL
            assertThat(rows).containsExactlyInAnyOrder(Row.of(1L, "Paris"), Row.of(2L, "Oslo"), Row.of(2L, "Bergen"),
                    Row.of(3L, "Paris"), Row.of(4L, null), Row.of(5L, null));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void nonEquiConditionsFilterTheLookedUpRows(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            String join = " JOIN customers FOR SYSTEM_TIME AS OF o.p AS c"
                    + " ON o.customer = c.name AND c.since > 2000 AND o.amount > 5";
            assertThat(query(session, "SELECT o.id, c.city FROM orders o" + join))
                    .containsExactlyInAnyOrder(Row.of(1L, "Paris"), Row.of(2L, "Bergen"), Row.of(3L, "Paris"));
            assertThat(query(session, "SELECT o.id, c.city FROM orders o LEFT" + join))
                    .containsExactlyInAnyOrder(Row.of(1L, "Paris"), Row.of(2L, "Bergen"), Row.of(3L, "Paris"),
                            Row.of(4L, null), Row.of(5L, null));
        }
    }

    @Test
    void isNotDistinctFromFindsTheRowsWithANullKey() {
        try (Session session = session(2, "hashmap")) {
            List<Row> rows = query(session, "SELECT o.id, c.city FROM orders o JOIN customers"
                    + " FOR SYSTEM_TIME AS OF o.p AS c ON o.customer IS NOT DISTINCT FROM c.name AND o.id > 3");
            assertThat(rows).containsExactly(Row.of(5L, "Nowhere"));
        }
    }

    @Test
    void theKeyMayBeAnExpressionOfTheLeftRowInAProctimeSubquery() {
        try (Session session = session(2, "hashmap")) {
            session.execute("CREATE TABLE plain_orders (id BIGINT, customer STRING, amount INT) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + dir.resolve("orders.csv") + "', 'format' = 'csv')");
            List<Row> rows = query(session, "SELECT o.id, c.name FROM (SELECT *, PROCTIME() AS pt FROM plain_orders) o"
                    + " JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON MOD(o.id, 1000) + 1999 = c.since");
            // 1 + 1999 is the since of the customer without a name, 2 + 1999 alice's
            assertThat(rows).containsExactlyInAnyOrder(Row.of(1L, null), Row.of(2L, "alice"));
        }
    }

    @Test
    void anUpdatingInputKeepsItsKindsThroughTheJoin() {
        try (Session session = session(2, "hashmap")) {
            List<Row> changes = query(session, "SELECT t.customer, t.orders, c.city FROM (SELECT customer,"
                    + " COUNT(*) AS orders, PROCTIME() AS p FROM orders GROUP BY customer) t"
                    + " JOIN customers FOR SYSTEM_TIME AS OF t.p AS c ON t.customer = c.name");
            assertThat(changes).extracting(Row::kind).contains(RowKind.UPDATE_BEFORE, RowKind.UPDATE_AFTER);
            assertThat(materialize(changes)).containsExactlyInAnyOrder("+I[alice, 2, Paris]", "+I[bob, 1, Oslo]",
                    "+I[bob, 1, Bergen]");
        }
    }

    @Test
    void aBoundedDatagenTableCanBeLookedUp() {
        try (Session session = session(2, "hashmap")) {
            session.execute("CREATE TABLE numbers (n BIGINT) WITH ('connector' = 'datagen',"
                    + " 'fields.n.kind' = 'sequence', 'fields.n.start' = '1', 'fields.n.end' = '3')");
            List<Row> rows = query(session, "SELECT o.id, n.n FROM orders o"
                    + " JOIN numbers FOR SYSTEM_TIME AS OF o.p AS n ON o.id = n.n");
            assertThat(rows).containsExactlyInAnyOrder(Row.of(1L, 1L), Row.of(2L, 2L), Row.of(3L, 3L));
        }
    }

    @Test
    void explainShowsTheLookupKeysAndTheCondition() {
        try (Session session = session(1, "hashmap")) {
            String plan = session.execute("EXPLAIN SELECT o.id, c.city FROM orders o JOIN customers"
                    + " FOR SYSTEM_TIME AS OF o.p AS c ON o.customer = c.name AND c.since > 2000").toString();
            assertThat(plan).contains("LookupJoin(table=[default_catalog.default_database.customers]",
                    "joinType=[InnerJoin]", "lookup=[name=customer]", "where=[>(since, 2000)]");
        }
    }

    /** A versioned table that cannot be looked up is a processing-time temporal join, which Flink refuses: why is said too. */
    @Test
    void aTableThatCannotBeLookedUpIsNamed() {
        try (Session session = session(1, "hashmap")) {
            session.execute("CREATE TABLE endless (name STRING, city STRING, PRIMARY KEY (name) NOT ENFORCED)"
                    + " WITH ('connector' = 'datagen')");
            assertThatThrownBy(() -> session.execute("SELECT o.id FROM orders o JOIN endless"
                    + " FOR SYSTEM_TIME AS OF o.p AS e ON o.customer = e.name"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageStartingWith("Processing-time temporal join is not supported yet.")
                    .hasMessageContaining("endless (connector 'datagen') is unbounded");
            session.execute("CREATE TABLE printed (name STRING, PRIMARY KEY (name) NOT ENFORCED)"
                    + " WITH ('connector' = 'print')");
            assertThatThrownBy(() -> session.execute("SELECT o.id FROM orders o JOIN printed"
                    + " FOR SYSTEM_TIME AS OF o.p AS e ON o.customer = e.name"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageStartingWith("Processing-time temporal join is not supported yet.")
                    .hasMessageContaining("printed (connector 'print') is not a lookup source");
        }
    }

    @Test
    void aConditionWithoutAnEqualityOnTheTableIsRefused() {
        try (Session session = session(1, "hashmap")) {
            assertThatThrownBy(() -> session.execute("SELECT o.id FROM orders o JOIN customers"
                    + " FOR SYSTEM_TIME AS OF o.p AS c ON o.customer > c.name"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("A lookup join of 'customers' needs an equality between a column of"
                            + " 'customers' and the left table");
        }
    }

    @Test
    void aTableWithComputedColumnsIsNotSupportedYet() {
        try (Session session = session(1, "hashmap")) {
            session.execute("CREATE TABLE customers2 (name STRING, city STRING, since INT, upper_city AS UPPER(city))"
                    + " WITH ('connector' = 'filesystem', 'path' = '" + dir.resolve("customers.csv")
                    + "', 'format' = 'csv')");
            assertThatThrownBy(() -> session.execute("SELECT o.id FROM orders o JOIN customers2"
                    + " FOR SYSTEM_TIME AS OF o.p AS c ON o.customer = c.name"))
                    .isInstanceOf(SqlExecutionException.class)
                    .hasMessageContaining("A lookup join of 'customers2', which has computed or metadata columns,"
                            + " is not supported yet");
        }
    }
}
