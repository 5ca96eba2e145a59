package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.config.Configuration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the plan tells a front about a query's result before any row arrives: whether it only
 * appends ({@link QueryResult#isInsertOnly()}) and whether it ends by itself
 * ({@link QueryResult#isBounded()}), which decide between printing rows, a final table or a
 * changelog.
 */
class QueryResultKindTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private Session session() throws IOException {
        Path users = Files.writeString(dir.resolve("users.json"),
                "{\"before\":null,\"after\":{\"id\":1,\"name\":\"alice\"},\"op\":\"c\"}\n");
        Path orders = Files.writeString(dir.resolve("orders.json"), "{\"id\":1,\"customer\":\"alice\"}\n");
        Session session = new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", "1")));
        session.execute("CREATE TABLE finite (id INT, k INT) WITH ('connector' = 'datagen', 'number-of-rows' = '5', "
                + "'fields.k.min' = '1', 'fields.k.max' = '2')");
        session.execute("CREATE TABLE endless (id INT, k INT) WITH ('connector' = 'datagen', 'rows-per-second' = '5')");
        session.execute("CREATE TABLE orders (id INT, customer STRING) WITH ('connector' = 'filesystem', 'path' = '"
                + orders + "', 'format' = 'json')");
        session.execute("CREATE TABLE users (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = '"
                + users + "', 'format' = 'debezium-json')");
        return session;
    }

    /** The kind of {@code sql}'s result as {@code insert-only|updating, bounded|unbounded}; cancels its job. */
    private static String kind(Session session, String sql) {
        QueryResult result = (QueryResult) session.execute(sql);
        try {
            return (result.isInsertOnly() ? "insert-only" : "updating") + ", "
                    + (result.isBounded() ? "bounded" : "unbounded");
        } finally {
            result.cancel();
        }
    }

    @Test
    void anAppendingQueryOverBoundedInputIsInsertOnlyAndBounded() throws IOException {
        try (Session session = session()) {
            assertThat(kind(session, "SELECT * FROM (VALUES (1), (2)) AS t(x)")).isEqualTo("insert-only, bounded");
            assertThat(kind(session, "SELECT id FROM finite WHERE k > 1")).isEqualTo("insert-only, bounded");
            assertThat(kind(session, "SELECT customer FROM orders")).isEqualTo("insert-only, bounded");
        }
    }

    @Test
    void anAggregateOverBoundedInputUpdatesAndEnds() throws IOException {
        try (Session session = session()) {
            assertThat(kind(session, "SELECT k, COUNT(*) FROM finite GROUP BY k")).isEqualTo("updating, bounded");
            assertThat(kind(session, "SELECT customer, COUNT(*) FROM orders GROUP BY customer"))
                    .isEqualTo("updating, bounded");
        }
    }

    @Test
    void aChangelogSourceUpdates() throws IOException {
        try (Session session = session()) {
            assertThat(kind(session, "SELECT name FROM users")).isEqualTo("updating, bounded");
        }
    }

    @Test
    void anUnboundedSourceMakesTheResultUnbounded() throws IOException {
        try (Session session = session()) {
            assertThat(kind(session, "SELECT id FROM endless")).isEqualTo("insert-only, unbounded");
            assertThat(kind(session, "SELECT k, COUNT(*) FROM endless GROUP BY k")).isEqualTo("updating, unbounded");
            assertThat(kind(session, "SELECT f.id FROM finite f JOIN endless e ON f.k = e.k"))
                    .isEqualTo("insert-only, unbounded");
            assertThat(kind(session, "SELECT id FROM finite UNION ALL SELECT id FROM endless"))
                    .isEqualTo("insert-only, unbounded");
        }
    }
}
