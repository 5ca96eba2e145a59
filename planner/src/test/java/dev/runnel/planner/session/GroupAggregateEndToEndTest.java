package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Group aggregation end to end: SQL through a {@link Session} on an embedded cluster, the
 * changelog of the query result checked row by row, at parallelism 1 and 2 on each state backend.
 * At parallelism 2 rows of different groups may interleave, so the check there is per group
 * (rows of one group keep their order: they pass one subtask and one channel).
 */
class GroupAggregateEndToEndTest {
    static final List<String> BACKENDS = List.of("hashmap", "rocksdb");
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    static Stream<Arguments> setups() {
        return BACKENDS.stream().flatMap(b -> Stream.of(Arguments.of(1, b), Arguments.of(2, b)));
    }

    private static Session session(int parallelism, String backend) {
        return session(CLUSTER.cluster(), parallelism, backend);
    }

    /** A session on {@code on} with the given parallelism, state backend and further options (key, value, …). */
    static Session session(EmbeddedCluster on, int parallelism, String backend, String... options) {
        Map<String, String> config = new HashMap<>(Map.of("parallelism.default", String.valueOf(parallelism),
                "state.backend.type", backend));
        for (int i = 0; i < options.length; i += 2) {
            config.put(options[i], options[i + 1]);
        }
        return new Session(on, new Configuration(config));
    }

    private static List<Row> run(Session session, String sql) {
        return fetchAll((QueryResult) session.execute(sql));
    }

    static Row r(String kind, Object... fields) {
        return Row.ofKind(RowKind.fromShortString(kind), fields);
    }

    /**
     * At parallelism 1 exactly {@code expected}; else the same rows, in {@code expected}'s order
     * within each group (the first {@code keyArity} fields).
     */
    private static void assertChangelog(List<Row> actual, int parallelism, int keyArity, Row... expected) {
        if (parallelism == 1) {
            assertThat(actual).containsExactly(expected);
            return;
        }
        assertThat(byKey(actual, keyArity)).isEqualTo(byKey(List.of(expected), keyArity));
    }

    private static Map<List<Object>, List<Row>> byKey(List<Row> rows, int keyArity) {
        Map<List<Object>, List<Row>> groups = new LinkedHashMap<>();
        for (Row row : rows) {
            List<Object> key = Arrays.asList(Arrays.copyOf(row.fields(), keyArity));
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
        }
        return groups;
    }

    /**
     * Applies a changelog, checking that every -U/-D takes back a row that is there, and returns
     * the final rows (as inserts), for results whose interleaving depends on the parallelism.
     */
    static List<Row> materialize(List<Row> changelog) {
        List<Row> table = new ArrayList<>();
        for (Row row : changelog) {
            Row value = Row.of(row.fields().clone());
            switch (row.kind()) {
                case INSERT, UPDATE_AFTER -> table.add(value);
                case UPDATE_BEFORE, DELETE -> assertThat(table.remove(value))
                        .as("%s retracts a row in the result so far %s", row, table).isTrue();
            }
        }
        return table;
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void groupByEmitsInsertsThenRetractingUpdates(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT k, COUNT(*) AS c, SUM(v) AS s, MIN(v) AS lo, MAX(v) AS hi,"
                    + " AVG(v) AS av FROM (VALUES ('a', 1), ('b', 10), ('a', 4), ('a', 4)) AS t(k, v) GROUP BY k");

            assertChangelog(rows, parallelism, 1,
                    r("+I", "a", 1L, 1, 1, 1, 1),
                    r("+I", "b", 1L, 10, 10, 10, 10),
                    r("-U", "a", 1L, 1, 1, 1, 1),
                    r("+U", "a", 2L, 5, 1, 4, 2),
                    r("-U", "a", 2L, 5, 1, 4, 2),
                    r("+U", "a", 3L, 9, 1, 4, 3));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void nullIsAGroupOfItsOwn(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT k, COUNT(*) AS c FROM (VALUES (CAST(NULL AS STRING)), ('a'),"
                    + " (CAST(NULL AS STRING))) AS t(k) GROUP BY k");

            assertChangelog(rows, parallelism, 1,
                    r("+I", null, 1L), r("+I", "a", 1L), r("-U", null, 1L), r("+U", null, 2L));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void unchangedResultsAreNotEmittedAgain(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session,
                    "SELECT k, MAX(v) AS hi FROM (VALUES ('a', 5), ('a', 3), ('a', 7), ('b', 1)) AS t(k, v) GROUP BY k");

            assertChangelog(rows, parallelism, 1,
                    r("+I", "a", 5), r("-U", "a", 5), r("+U", "a", 7), r("+I", "b", 1));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void aggregateOverAnAggregateConsumesItsRetractions(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT c, COUNT(*) AS n FROM ("
                    + "SELECT k, COUNT(*) AS c FROM (VALUES ('a'), ('b'), ('a'), ('c')) AS t(k) GROUP BY k) GROUP BY c");

            if (parallelism == 1) {
                assertThat(rows).containsExactly(
                        r("+I", 1L, 1L), r("-U", 1L, 1L), r("+U", 1L, 2L), r("-U", 1L, 2L), r("+U", 1L, 1L),
                        r("+I", 2L, 1L), r("-U", 1L, 1L), r("+U", 1L, 2L));
            }
            assertThat(materialize(rows)).containsExactlyInAnyOrder(Row.of(1L, 2L), Row.of(2L, 1L));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void groupEmptiedByRetractionsIsDeleted(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            // Group c of the outer aggregate loses its only row when 'a' moves from count 1 to 2.
            List<Row> rows = run(session, "SELECT c, LISTAGG(k) AS ks FROM ("
                    + "SELECT k, COUNT(*) AS c FROM (VALUES ('a'), ('a')) AS t(k) GROUP BY k) GROUP BY c");

            assertThat(rows).containsExactly(r("+I", 1L, "a"), r("-D", 1L, "a"), r("+I", 2L, "a"));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void minAndMaxOverAnUpdatingInputFallBackWhenTheExtremeIsRetracted(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT MIN(s) AS lo, MAX(s) AS hi FROM ("
                    + "SELECT k, SUM(v) AS s FROM (VALUES ('a', 1), ('b', 5), ('a', 9)) AS t(k, v) GROUP BY k)");

            if (parallelism == 1) {
                assertThat(rows).containsExactly(r("+I", 1, 1), r("-U", 1, 1), r("+U", 1, 5),
                        r("-U", 1, 5), r("+U", 5, 5), r("-U", 5, 5), r("+U", 5, 10));
            }
            assertThat(materialize(rows)).containsExactly(Row.of(5, 10));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void countDistinctCountsEachValueOnce(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT k, COUNT(DISTINCT v) AS d, COUNT(v) AS n FROM (VALUES ('a', 1),"
                    + " ('a', 1), ('a', 2), ('b', 1), ('a', CAST(NULL AS INT))) AS t(k, v) GROUP BY k");

            assertChangelog(rows, parallelism, 1,
                    r("+I", "a", 1L, 1L),
                    r("-U", "a", 1L, 1L), r("+U", "a", 1L, 2L),
                    r("-U", "a", 1L, 2L), r("+U", "a", 2L, 3L),
                    r("+I", "b", 1L, 1L));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void listAggJoinsValuesWithTheDefaultOrAGivenSeparator(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT k, LISTAGG(v) AS l1, LISTAGG(v, '-') AS l2"
                    + " FROM (VALUES ('a', 'x'), ('a', 'y'), ('b', 'z')) AS t(k, v) GROUP BY k");

            assertChangelog(rows, parallelism, 1,
                    r("+I", "a", "x", "x"), r("-U", "a", "x", "x"), r("+U", "a", "x,y", "x-y"), r("+I", "b", "z", "z"));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void firstAndLastValueSkipNulls(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT k, FIRST_VALUE(v) AS f, LAST_VALUE(v) AS l FROM (VALUES"
                    + " ('a', CAST(NULL AS STRING)), ('a', 'x'), ('a', 'y'), ('a', CAST(NULL AS STRING))) AS t(k, v) GROUP BY k");

            assertChangelog(rows, parallelism, 1,
                    r("+I", "a", null, null), r("-U", "a", null, null), r("+U", "a", "x", "x"),
                    r("-U", "a", "x", "x"), r("+U", "a", "x", "y"));
        }
    }

    @Test
    void sumAndAvgOfDecimalHaveFlinksResultTypes() {
        try (Session session = session(1, "hashmap")) {
            QueryResult result = (QueryResult) session.execute("SELECT SUM(d) AS s, AVG(d) AS a, AVG(i) AS ai"
                    + " FROM (VALUES (CAST(1.25 AS DECIMAL(10, 2)), 1), (CAST(2.00 AS DECIMAL(10, 2)), 2)) AS t(d, i)");

            assertThat(result.columns()).extracting(c -> c.type().toString())
                    .containsExactly("DECIMAL(38, 2)", "DECIMAL(38, 6)", "INT");
            assertThat(materialize(fetchAll(result))).containsExactly(
                    Row.of(new BigDecimal("3.25"), new BigDecimal("1.625000"), 1));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void globalAggregateWithoutGroupBy(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT COUNT(*) AS c, SUM(x) AS s FROM (VALUES (1), (2)) AS t(x)");

            assertThat(rows).containsExactly(r("+I", 1L, 1), r("-U", 1L, 1), r("+U", 2L, 3));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void havingFiltersTheChangelog(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT k, COUNT(*) AS c FROM (VALUES ('a'), ('b'), ('a')) AS t(k)"
                    + " GROUP BY k HAVING COUNT(*) > 1");

            // As Flink: the calc passes the kinds through, so only the update that qualifies is seen.
            assertThat(rows).containsExactly(r("+U", "a", 2L));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void selectDistinctAndUnionEmitEachRowOnce(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            assertThat(run(session, "SELECT DISTINCT k FROM (VALUES ('a'), ('b'), ('a')) AS t(k)"))
                    .containsExactlyInAnyOrder(r("+I", "a"), r("+I", "b"));
            assertThat(run(session, "SELECT x FROM (VALUES (1), (2), (2)) AS t(x)"
                    + " UNION SELECT x FROM (VALUES (2), (3)) AS u(x)"))
                    .containsExactlyInAnyOrder(r("+I", 1), r("+I", 2), r("+I", 3));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("setups")
    void groupByOverACsvFile(int parallelism, String backend) throws Exception {
        Path csv = dir.resolve("orders");
        Files.createDirectories(csv);
        Files.writeString(csv.resolve("part-0.csv"), "alice,1.50\nbob,2.00\nalice,3.25\n");
        Files.writeString(csv.resolve("part-1.csv"), "bob,1.00\ncarol,0.10\n");
        try (Session session = session(parallelism, backend)) {
            session.execute("CREATE TABLE orders (customer STRING, amount DECIMAL(10, 2)) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + csv + "', 'format' = 'csv')");
            List<Row> rows = run(session,
                    "SELECT customer, COUNT(*) AS n, SUM(amount) AS total FROM orders GROUP BY customer");

            assertThat(materialize(rows)).containsExactlyInAnyOrder(
                    Row.of("alice", 2L, new BigDecimal("4.75")),
                    Row.of("bob", 2L, new BigDecimal("3.00")),
                    Row.of("carol", 1L, new BigDecimal("0.10")));
        }
    }

    @Test
    void rollupGroupsByEachPrefixOfItsKeys() {
        try (Session session = session(1, "hashmap")) {
            List<Row> rows = run(session,
                    "SELECT k, v, COUNT(*) FROM (VALUES ('a', 1), ('a', 2)) AS t(k, v) GROUP BY ROLLUP (k, v)");
            assertThat(materialize(rows)).containsExactlyInAnyOrder(Row.of("a", 1, 1L), Row.of("a", 2, 1L),
                    Row.of("a", null, 2L), Row.of(null, null, 2L));
        }
    }
}
