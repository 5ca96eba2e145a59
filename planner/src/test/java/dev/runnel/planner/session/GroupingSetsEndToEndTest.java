package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.EndToEndSupport.materialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Grouping sets and the statistical aggregates end to end over a file of random rows, against
 * brute-force results over the same rows, at parallelism 1 and 2 on both state backends.
 */
class GroupingSetsEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();
    private static final int ROWS = 200;

    @TempDir
    static Path dir;
    /** id, k1 (a–c), k2 (x/y), v (NULL sometimes), second of the minute. */
    private static final List<Object[]> input = new ArrayList<>();

    @BeforeAll
    static void writeTable() throws IOException {
        Random random = new Random(7);
        StringBuilder csv = new StringBuilder();
        for (int id = 0; id < ROWS; id++) {
            String k1 = String.valueOf((char) ('a' + random.nextInt(3)));
            String k2 = random.nextBoolean() ? "x" : "y";
            Integer v = random.nextInt(8) == 0 ? null : random.nextInt(50);
            int second = random.nextInt(60);
            input.add(new Object[] {id, k1, k2, v, second});
            csv.append(String.format("%d,%s,%s,%s,2024-01-01 00:00:%02d%n", id, k1, k2, v == null ? "" : v, second));
        }
        Files.createDirectories(dir.resolve("t"));
        Files.writeString(dir.resolve("t").resolve("part-0.csv"), csv.toString());
    }

    private static Session session(int parallelism, String backend) {
        Session session = CLUSTER.session(parallelism, backend);
        session.execute("CREATE TABLE t (id INT, k1 STRING, k2 STRING, v INT, ts TIMESTAMP(3),"
                + " WATERMARK FOR ts AS ts - INTERVAL '1' HOUR)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + dir.resolve("t") + "', 'format' = 'csv')");
        return session;
    }

    private static List<String> finalTable(Session session, String sql) {
        return materialize(fetchAll((QueryResult) session.execute(sql)));
    }

    /** {@code [k1 or null, k2 or null, count, sum, grouping id]} of each group of each set, brute force. */
    private static List<String> cube(List<Object[]> rows) {
        List<String> expected = new ArrayList<>();
        for (int gid = 0; gid < 4; gid++) {
            boolean withK1 = (gid & 2) == 0;
            boolean withK2 = (gid & 1) == 0;
            Map<List<Object>, List<Object[]>> groups = rows.stream().collect(Collectors.groupingBy(
                    r -> Arrays.asList(withK1 ? r[1] : null, withK2 ? r[2] : null), LinkedHashMap::new,
                    Collectors.toList()));
            for (Map.Entry<List<Object>, List<Object[]>> g : groups.entrySet()) {
                List<Integer> values = g.getValue().stream().map(r -> (Integer) r[3]).filter(Objects::nonNull).toList();
                Object sum = values.isEmpty() ? null : values.stream().mapToInt(Integer::intValue).sum();
                expected.add(Row.of(g.getKey().get(0), g.getKey().get(1), (long) g.getValue().size(), sum, (long) gid)
                        .toString());
            }
        }
        return expected;
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void cubeHasEveryGroupOfEverySet(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<String> table = finalTable(session, "SELECT k1, k2, COUNT(*) AS c, SUM(v) AS s,"
                    + " GROUPING_ID(k1, k2) AS gid FROM t GROUP BY CUBE (k1, k2)");
            assertThat(table).containsExactlyInAnyOrderElementsOf(cube(input));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void rollupOverAnUpdatingAggregateRetractsIntoTheRightGroups(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<String> table = finalTable(session, "SELECT k1, c, COUNT(*) AS n, GROUPING(c) AS g FROM"
                    + " (SELECT k1, k2, COUNT(*) AS c FROM t GROUP BY k1, k2) GROUP BY ROLLUP (k1, c)");

            Map<List<Object>, Long> counts = input.stream().collect(Collectors.groupingBy(
                    r -> List.of(r[1], r[2]), Collectors.counting()));
            List<String> expected = new ArrayList<>();
            Function<List<Object>, Object> k1 = key -> key.get(0);
            counts.entrySet().stream().collect(Collectors.groupingBy(e -> List.of(k1.apply(e.getKey()), e.getValue()),
                    Collectors.counting())).forEach((key, n) -> expected.add(Row.of(key.get(0), key.get(1), n, 0L).toString()));
            counts.keySet().stream().collect(Collectors.groupingBy(k1, Collectors.counting()))
                    .forEach((key, n) -> expected.add(Row.of(key, null, n, 1L).toString()));
            expected.add(Row.of(null, null, (long) counts.size(), 1L).toString());
            assertThat(table).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void duplicateGroupingSetsAreTellApartByGroupId(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<String> table = finalTable(session, "SELECT k2, COUNT(*) AS c, GROUP_ID() AS gi FROM t"
                    + " GROUP BY GROUPING SETS ((k2), (k2), ())");

            List<String> expected = new ArrayList<>();
            for (long gi = 0; gi < 2; gi++) {
                for (String k2 : List.of("x", "y")) {
                    expected.add(Row.of(k2, input.stream().filter(r -> r[2].equals(k2)).count(), gi).toString());
                }
            }
            expected.add(Row.of(null, (long) ROWS, 0L).toString());
            assertThat(table).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void windowedRollupEmitsEachWindowsGroupsOnce(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = fetchAll((QueryResult) session.execute("SELECT window_start, k1, COUNT(*) AS c"
                    + " FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '20' SECOND))"
                    + " GROUP BY window_start, window_end, ROLLUP (k1)"));

            List<String> expected = new ArrayList<>();
            input.stream().collect(Collectors.groupingBy(r -> List.of((Integer) r[4] / 20, r[1]), Collectors.counting()))
                    .forEach((key, n) -> expected.add(key.get(0) + "/" + key.get(1) + "/" + n));
            input.stream().collect(Collectors.groupingBy(r -> (Integer) r[4] / 20, Collectors.counting()))
                    .forEach((w, n) -> expected.add(w + "/null/" + n));
            assertThat(rows).allMatch(r -> r.kind() == RowKind.INSERT);
            assertThat(rows.stream().map(r -> ((Long) r.getField(0) - 1_704_067_200_000L) / 20_000 + "/" + r.getField(1)
                    + "/" + r.getField(2))).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void varianceOverAnUpdatingInputMatchesATwoPassComputation(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            // The inner aggregate keeps changing each (k1, k2) sum, so the outer one retracts.
            List<Row> table = fetchAll((QueryResult) session.execute("SELECT k1, VAR_POP(s) AS vp, STDDEV_SAMP(s) AS ss"
                    + " FROM (SELECT k1, k2, CAST(SUM(v) AS DOUBLE) AS s FROM t GROUP BY k1, k2) GROUP BY k1"));

            Map<String, Row> last = new LinkedHashMap<>();
            for (Row change : table) {
                if (change.kind() == RowKind.INSERT || change.kind() == RowKind.UPDATE_AFTER) {
                    last.put((String) change.getField(0), change);
                } else {
                    last.remove((String) change.getField(0));
                }
            }
            for (String k1 : List.of("a", "b", "c")) {
                double[] sums = input.stream().filter(r -> r[1].equals(k1)).collect(Collectors.groupingBy(r -> r[2],
                                Collectors.summingDouble(r -> r[3] == null ? 0 : (Integer) r[3])))
                        .values().stream().mapToDouble(Double::doubleValue).toArray();
                double mean = Arrays.stream(sums).average().orElseThrow();
                double m2 = Arrays.stream(sums).map(s -> (s - mean) * (s - mean)).sum();
                Row row = last.get(k1);
                assertThat((Double) row.getField(1)).isCloseTo(m2 / sums.length, within(1e-6));
                assertThat((Double) row.getField(2)).isCloseTo(Math.sqrt(m2 / (sums.length - 1)), within(1e-6));
            }
        }
    }
}
