package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.EndToEndSupport.materialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ORDER BY} and {@code LIMIT} end to end over a file of random rows, against what a
 * brute-force sort of the same rows says, at parallelism 1 and 2 on both state backends.
 */
class SortLimitEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();
    private static final int ROWS = 300;

    @TempDir
    static Path dir;
    /** The rows of the file, in file order: id, category, amount (NULL sometimes), second offset. */
    private static final List<Object[]> input = new ArrayList<>();

    @BeforeAll
    static void writeTable() throws IOException {
        Random random = new Random(42);
        StringBuilder csv = new StringBuilder();
        for (int id = 0; id < ROWS; id++) {
            Integer amount = random.nextInt(10) == 0 ? null : random.nextInt(100);
            int second = random.nextInt(60);
            String category = "c" + random.nextInt(5);
            input.add(new Object[] {id, category, amount, second});
            csv.append(String.format("%d,%s,%s,2024-01-01 00:00:%02d%n", id, category, amount == null ? "" : amount,
                    second));
        }
        Files.createDirectories(dir.resolve("t"));
        Files.writeString(dir.resolve("t").resolve("part-0.csv"), csv.toString());
    }

    private static Session session(int parallelism, String backend) {
        Session session = CLUSTER.session(parallelism, backend);
        // A generous watermark delay: the one file is read long before a watermark is emitted, so no row is late.
        session.execute("CREATE TABLE t (id INT, category STRING, amount INT, ts TIMESTAMP(3),"
                + " WATERMARK FOR ts AS ts - INTERVAL '1' HOUR)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + dir.resolve("t") + "', 'format' = 'csv')");
        return session;
    }

    private static List<Row> run(Session session, String sql) {
        return fetchAll((QueryResult) session.execute(sql));
    }

    /** Amount descending, NULL last (Flink's default for DESC), then id ascending. */
    private static final Comparator<Object[]> AMOUNT_DESC_ID = Comparator
            .<Object[], Integer>comparing(r -> (Integer) r[2], Comparator.nullsFirst(Comparator.<Integer>naturalOrder()))
            .reversed().thenComparing(r -> (Integer) r[0]);

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void orderByLimitOffsetLeavesTheTopRowsOfABruteForceSort(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> changes = run(session, "SELECT id, amount FROM t ORDER BY amount DESC, id LIMIT 7 OFFSET 3");

            List<String> expected = input.stream().sorted(AMOUNT_DESC_ID).skip(3).limit(7)
                    .map(r -> Row.of(r[0], r[2]).toString()).toList();
            assertThat(materialize(changes)).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void topNOverAnUpdatingAggregateRetractsAndLetsTheNextOneIn(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> changes = run(session, "SELECT category, SUM(amount) AS total FROM t GROUP BY category"
                    + " ORDER BY total DESC LIMIT 2");

            List<Object[]> totals = new ArrayList<>();
            input.stream().map(r -> (String) r[1]).distinct().forEach(c -> totals.add(new Object[] {c,
                    input.stream().filter(r -> r[1].equals(c) && r[2] != null).mapToLong(r -> (Integer) r[2]).sum()}));
            List<String> expected = totals.stream().sorted(Comparator.comparing(r -> -(Long) r[1])).limit(2)
                    .map(r -> Row.of(r[0], r[1]).toString()).toList();
            assertThat(materialize(changes)).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void temporalSortEmitsEveryRowInTimeOrderThenByTheSecondaryKey(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT id, ts FROM t WHERE id % 2 = 0 ORDER BY ts, id DESC");

            List<Integer> expected = input.stream().filter(r -> (Integer) r[0] % 2 == 0)
                    .sorted(Comparator.<Object[], Integer>comparing(r -> (Integer) r[3])
                            .thenComparing(r -> -(Integer) r[0]))
                    .map(r -> (Integer) r[0]).toList();
            assertThat(rows).allMatch(r -> r.kind() == RowKind.INSERT);
            assertThat(rows.stream().map(r -> (Integer) r.getField(0)).toList()).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")
    void limitAloneIsInsertOnlyAndTakesRowsInFileOrder(int parallelism, String backend) {
        try (Session session = session(parallelism, backend)) {
            List<Row> rows = run(session, "SELECT id FROM t LIMIT 5 OFFSET 2");

            assertThat(rows).allMatch(r -> r.kind() == RowKind.INSERT);
            assertThat(rows.stream().map(r -> (Integer) r.getField(0)).toList()).containsExactly(2, 3, 4, 5, 6);
        }
    }

    @Test
    void aLimitOverAnUnboundedSourceEndsTheQueryOnceItHasItsRows() {
        try (Session session = CLUSTER.session(2, "hashmap")) {
            session.execute("CREATE TABLE endless (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100')");
            QueryResult result = (QueryResult) session.execute("SELECT * FROM endless LIMIT 20");

            List<Row> rows = new ArrayList<>();
            ResultChunk chunk;
            do {
                chunk = result.fetch(Duration.ofSeconds(10));
                rows.addAll(chunk.rows());
            } while (!chunk.endOfResult());
            assertThat(rows).hasSize(20).allMatch(r -> r.kind() == RowKind.INSERT);
            assertThat(rows.stream().map(r -> r.getField(0)).distinct()).hasSize(20);
        }
    }

    @Test
    void aSortThatIsNotOnATimeAttributeFailsAsInFlink() {
        try (Session session = session(1, "hashmap")) {
            assertThatThrownBy(() -> session.execute("SELECT id FROM t ORDER BY amount"))
                    .hasMessage("Sort on a non-time-attribute field is not supported.");
            assertThatThrownBy(() -> session.execute("SELECT id FROM t ORDER BY ts DESC"))
                    .hasMessage("Sort on a non-time-attribute field is not supported.");
        }
    }
}
