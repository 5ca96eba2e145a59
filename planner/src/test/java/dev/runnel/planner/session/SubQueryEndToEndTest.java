package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.materialize;
import static dev.runnel.planner.session.EndToEndSupport.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sub-queries and set operations end to end over two updating tables (debezium-json files with
 * inserts, updates and deletes, and NULLs), at parallelism 1 and 2 on both state backends. The
 * two inputs of a join are read concurrently, so the order of the changes varies from run to
 * run: each result is checked as the table its changelog materializes to (every retraction
 * must take back a row emitted before), against the same query computed here by brute force
 * over the tables' final contents, with SQL's three-valued logic.
 */
class SubQueryEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    static Path dir;

    /** {@code orders(id BIGINT, customer STRING, amount INT)}: changes, then the rows they leave. */
    private static final Changelog ORDERS = new Changelog(List.of("id", "customer", "amount"))
            .insert(1L, "alice", 10).insert(2L, "bob", 20).insert(3L, "carol", 30).insert(4L, null, 40)
            .insert(5L, "alice", 50).update(List.of(2L, "bob", 20), 2L, "bob", 25).delete(3L, "carol", 30)
            .insert(6L, "dave", 60).update(List.of(5L, "alice", 50), 5L, "erin", 55).insert(7L, "alice", null);

    /** {@code customers(name STRING, region STRING)}. */
    private static final Changelog CUSTOMERS = new Changelog(List.of("name", "region"))
            .insert("alice", "EU").insert("bob", "US").insert("carol", "EU").insert(null, "EU").insert("erin", "US")
            .delete("carol", "EU").update(List.of("bob", "US"), "bob", "EU").insert("frank", null);

    @BeforeAll
    static void writeTables() throws IOException {
        Files.writeString(dir.resolve("orders.json"), ORDERS.debeziumJson());
        Files.writeString(dir.resolve("customers.json"), CUSTOMERS.debeziumJson());
    }

    private static Session session(int parallelism, String backend) {
        Session session = CLUSTER.session(parallelism, backend);
        session.execute("CREATE TABLE orders (id BIGINT, customer STRING, amount INT) WITH ('connector' = 'filesystem',"
                + " 'path' = '" + dir.resolve("orders.json") + "', 'format' = 'debezium-json')");
        session.execute("CREATE TABLE customers (name STRING, region STRING) WITH ('connector' = 'filesystem',"
                + " 'path' = '" + dir.resolve("customers.json") + "', 'format' = 'debezium-json')");
        return session;
    }

    private static List<List<Object>> orders() {
        return ORDERS.table();
    }

    private static List<List<Object>> customers() {
        return CUSTOMERS.table();
    }

    /** A query and its result computed from the final tables. */
    record Case(String name, String sql, List<List<Object>> expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        List<Object> euNames = column(customers(), 0, c -> "EU".equals(c.get(1)));
        List<Object> usNames = column(customers(), 0, c -> "US".equals(c.get(1)));
        List<Object> amounts = column(orders(), 2, o -> true);
        int averageAmount = (int) (amounts.stream().filter(Objects::nonNull).mapToInt(a -> (Integer) a).sum()
                / amounts.stream().filter(Objects::nonNull).count());
        return Stream.of(
                new Case("IN", "SELECT id FROM orders WHERE customer IN"
                        + " (SELECT name FROM customers WHERE region = 'EU')",
                        ids(o -> isTrue(in(o.get(1), euNames)))),
                new Case("NOT IN over a NULL", "SELECT id FROM orders WHERE customer NOT IN"
                        + " (SELECT name FROM customers WHERE region = 'EU')",
                        ids(o -> isTrue(not(in(o.get(1), euNames))))),
                new Case("NOT IN", "SELECT id FROM orders WHERE customer NOT IN"
                        + " (SELECT name FROM customers WHERE region = 'US')",
                        ids(o -> isTrue(not(in(o.get(1), usNames))))),
                new Case("multi-column IN", "SELECT id FROM orders WHERE (id, customer) IN"
                        + " (SELECT id, customer FROM orders WHERE amount > 20)",
                        ids(o -> orders().stream().anyMatch(p -> isTrue(and(gt(p.get(2), 20),
                                and(eq(o.get(0), p.get(0)), eq(o.get(1), p.get(1)))))))),
                new Case("correlated EXISTS", "SELECT id FROM orders o WHERE EXISTS"
                        + " (SELECT * FROM customers c WHERE c.name = o.customer AND c.region <> 'US')",
                        ids(o -> customers().stream().anyMatch(c -> isTrue(and(eq(c.get(0), o.get(1)),
                                not(eq(c.get(1), "US"))))))),
                new Case("correlated NOT EXISTS", "SELECT id FROM orders o WHERE NOT EXISTS"
                        + " (SELECT * FROM customers c WHERE c.name = o.customer)",
                        ids(o -> customers().stream().noneMatch(c -> isTrue(eq(c.get(0), o.get(1)))))),
                new Case("IN under OR", "SELECT id FROM orders WHERE customer IN"
                        + " (SELECT name FROM customers WHERE region = 'US') OR amount > 50",
                        ids(o -> isTrue(or(in(o.get(1), usNames), gt(o.get(2), 50))))),
                new Case("scalar sub-query", "SELECT id FROM orders WHERE amount > (SELECT AVG(amount) FROM orders)",
                        ids(o -> isTrue(gt(o.get(2), averageAmount)))),
                new Case("correlated scalar sub-query in WHERE", "SELECT id FROM orders o WHERE amount >="
                        + " (SELECT MAX(amount) FROM orders o2 WHERE o2.customer = o.customer)",
                        ids(o -> isTrue(ge(o.get(2), max(column(orders(), 2, p -> isTrue(eq(p.get(1), o.get(1))))))))),
                new Case("correlated scalar sub-query in SELECT", "SELECT name,"
                        + " (SELECT SUM(amount) FROM orders o WHERE o.customer = c.name) FROM customers c",
                        customers().stream().map(c -> Arrays.<Object>asList(c.get(0), sum(column(orders(), 2,
                                o -> isTrue(eq(o.get(1), c.get(0))))))).toList()),
                new Case("INTERSECT", "SELECT customer FROM orders INTERSECT SELECT name FROM customers",
                        distinct(column(orders(), 1, o -> true).stream()
                                .filter(v -> containsNullSafe(column(customers(), 0, c -> true), v)).toList())),
                new Case("EXCEPT", "SELECT customer FROM orders EXCEPT SELECT name FROM customers",
                        distinct(column(orders(), 1, o -> true).stream()
                                .filter(v -> !containsNullSafe(column(customers(), 0, c -> true), v)).toList())),
                new Case("INTERSECT ALL", "SELECT customer FROM orders INTERSECT ALL SELECT name FROM customers",
                        intersectAll(column(orders(), 1, o -> true), column(customers(), 0, c -> true))),
                new Case("EXCEPT ALL", "SELECT customer FROM orders EXCEPT ALL SELECT name FROM customers",
                        exceptAll(column(orders(), 1, o -> true), column(customers(), 0, c -> true))));
    }

    static Stream<Object[]> casesOnEveryCluster() {
        return EmbeddedClusterExtension.parallelismAndBackends()
                .flatMap(a -> cases().map(c -> new Object[] {a.get()[0], a.get()[1], c}));
    }

    @ParameterizedTest(name = "{2}, parallelism {0}, {1}")
    @MethodSource("casesOnEveryCluster")
    void theChangelogMaterializesToTheBruteForceResult(int parallelism, String backend, Case c) {
        try (Session session = session(parallelism, backend)) {
            List<String> expected = c.expected().stream().map(r -> Row.of(r.toArray()).toString()).toList();
            assertThat(materialize(query(session, c.sql()))).as(c.sql()).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void aScalarSubQueryWithMoreThanOneRowFailsTheQuery() {
        try (Session session = session(1, "hashmap")) {
            assertThatThrownBy(() -> query(session,
                    "SELECT id, (SELECT name FROM customers WHERE region = 'EU') FROM orders"))
                    .hasMessageContaining("SingleValueAggFunction received more than one element.");
        }
    }

    // --- brute force: SQL's three-valued logic over Java values, null for UNKNOWN ---

    private static List<List<Object>> ids(Predicate<List<Object>> where) {
        return orders().stream().filter(where).map(o -> List.<Object>of(o.get(0))).toList();
    }

    private static List<Object> column(List<List<Object>> table, int field,
                                       Predicate<List<Object>> where) {
        List<Object> values = new ArrayList<>();
        table.stream().filter(where).forEach(r -> values.add(r.get(field)));
        return values;
    }

    private static Boolean eq(Object a, Object b) {
        return a == null || b == null ? null : a.equals(b);
    }

    private static Boolean gt(Object a, Object b) {
        return a == null || b == null ? null : ((Integer) a).compareTo((Integer) b) > 0;
    }

    private static Boolean ge(Object a, Object b) {
        return a == null || b == null ? null : ((Integer) a).compareTo((Integer) b) >= 0;
    }

    /** {@code v IN values}: TRUE on a match, else UNKNOWN if {@code v} or a value is NULL, else FALSE. */
    private static Boolean in(Object v, Collection<Object> values) {
        Boolean result = false;
        for (Object value : values) {
            result = or(result, eq(v, value));
        }
        return result;
    }

    private static Boolean not(Boolean b) {
        return b == null ? null : !b;
    }

    private static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    private static Boolean or(Boolean a, Boolean b) {
        if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
            return true;
        }
        return a == null || b == null ? null : false;
    }

    private static boolean isTrue(Boolean b) {
        return Boolean.TRUE.equals(b);
    }

    private static Integer max(List<Object> values) {
        return values.stream().filter(Objects::nonNull).map(v -> (Integer) v).max(Integer::compare).orElse(null);
    }

    private static Integer sum(List<Object> values) {
        return values.stream().filter(Objects::nonNull).map(v -> (Integer) v).reduce(Integer::sum).orElse(null);
    }

    private static boolean containsNullSafe(List<Object> values, Object v) {
        return values.stream().anyMatch(x -> Objects.equals(x, v));
    }

    private static List<List<Object>> distinct(List<Object> values) {
        return values.stream().distinct().map(SubQueryEndToEndTest::row).toList();
    }

    private static List<List<Object>> intersectAll(List<Object> left, List<Object> right) {
        List<Object> rest = new ArrayList<>(right);
        List<List<Object>> result = new ArrayList<>();
        for (Object v : left) {
            if (rest.remove(v)) {
                result.add(row(v));
            }
        }
        return result;
    }

    private static List<List<Object>> exceptAll(List<Object> left, List<Object> right) {
        List<Object> rest = new ArrayList<>(left);
        right.forEach(rest::remove);
        return rest.stream().map(SubQueryEndToEndTest::row).toList();
    }

    /** A row of one value, which may be NULL. */
    private static List<Object> row(Object value) {
        return Arrays.asList(value);
    }

    /** Changes of a table written as a debezium-json file, and the rows they leave. */
    private static final class Changelog {
        private final List<String> columns;
        private final List<String> lines = new ArrayList<>();
        private final List<List<Object>> table = new ArrayList<>();

        Changelog(List<String> columns) {
            this.columns = columns;
        }

        Changelog insert(Object... row) {
            lines.add("{\"before\":null,\"after\":" + json(Arrays.asList(row)) + ",\"op\":\"c\"}");
            table.add(Arrays.asList(row));
            return this;
        }

        Changelog update(List<Object> before, Object... after) {
            lines.add("{\"before\":" + json(before) + ",\"after\":" + json(Arrays.asList(after)) + ",\"op\":\"u\"}");
            table.set(table.indexOf(before), Arrays.asList(after));
            return this;
        }

        Changelog delete(Object... row) {
            lines.add("{\"before\":" + json(Arrays.asList(row)) + ",\"after\":null,\"op\":\"d\"}");
            table.remove(Arrays.asList(row));
            return this;
        }

        String debeziumJson() {
            return String.join("\n", lines) + "\n";
        }

        List<List<Object>> table() {
            return table;
        }

        private String json(List<Object> row) {
            List<String> fields = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                Object v = row.get(i);
                fields.add("\"" + columns.get(i) + "\":" + (v instanceof String s ? "\"" + s + "\"" : String.valueOf(v)));
            }
            return "{" + String.join(",", fields) + "}";
        }
    }
}
