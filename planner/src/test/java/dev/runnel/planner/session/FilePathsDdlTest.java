package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/**
 * A filesystem table's {@code path} at CREATE TABLE (with LIKE) and ALTER TABLE: a relative
 * path becomes absolute in the catalog and in SHOW CREATE TABLE, URIs and absolute paths stay as
 * written, and a location Runnel cannot use is an error at the option that names the option, the
 * scheme and the schemes that work, leaving the catalog as it was. No cluster is needed.
 */
class FilePathsDdlTest {
    private static final Path CWD = Path.of("").toAbsolutePath();
    private static final String SCHEMES = "Supported schemes: file (file:///abs/path or file:/abs/path);"
            + " a plain path is a local file";

    private final Session session = new Session(null, new Configuration());

    private static String table(String name, String path) {
        return "CREATE TABLE " + name + " (id BIGINT, dt STRING) WITH ('connector' = 'filesystem', 'path' = '" + path
                + "', 'format' = 'csv')";
    }

    private String path(String table) {
        return session.catalog().table(table).orElseThrow().options().get("path");
    }

    private String showCreate(String table) {
        return (String) ((StatementResult.Table) session.execute("SHOW CREATE TABLE " + table)).rows().get(0)
                .getField(0);
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertFailsAt(String sql, int line, int column) {
        List<String> before = session.catalog().tableNames();
        var failure = assertThatThrownBy(() -> session.execute(sql))
                .isInstanceOfSatisfying(SqlExecutionException.class, e -> {
                    assertThat(e.line()).as("line of: " + e.getMessage()).isEqualTo(line);
                    assertThat(e.column()).as("column of: " + e.getMessage()).isEqualTo(column);
                });
        assertThat(session.catalog().tableNames()).isEqualTo(before);
        return failure;
    }

    @Test
    void aRelativePathIsMadeAbsoluteAtCreateTableAndShownSo() {
        session.execute(table("t", "data/../out/t"));

        assertThat(path("t")).isEqualTo(CWD.resolve("out/t").toString());
        assertThat(showCreate("t")).contains("'path' = '" + CWD.resolve("out/t") + "'");
    }

    @Test
    void urisAndAbsolutePathsAreKeptAsWritten() {
        for (String written : List.of("file:///tmp/out", "file:/tmp/out", "file://localhost/tmp/out",
                "/tmp/./out", "file:///tmp/my dir/a%20b")) {
            session.execute("DROP TABLE IF EXISTS t");
            session.execute(table("t", written));
            assertThat(path("t")).isEqualTo(written);
            assertThat(showCreate("t")).contains("'path' = '" + written + "'");
        }
    }

    @Test
    void likeKeepsTheResolvedPathAndResolvesANewOne() {
        session.execute("CREATE TABLE events (id BIGINT, dt STRING) PARTITIONED BY (dt) WITH ("
                + "'connector' = 'filesystem', 'path' = 'events', 'format' = 'json')");
        session.execute("CREATE TABLE copy LIKE events");
        session.execute("CREATE TABLE moved WITH ('path' = 'elsewhere/events') LIKE events");

        assertThat(path("copy")).isEqualTo(CWD.resolve("events").toString());
        assertThat(path("moved")).isEqualTo(CWD.resolve("elsewhere/events").toString());
        assertThat(showCreate("moved")).contains("'path' = '" + CWD.resolve("elsewhere/events") + "'");
    }

    @Test
    void alterTableSetResolvesThePath() {
        session.execute(table("t", "file:///tmp/out"));
        session.execute("ALTER TABLE t SET ('path' = 'moved')");
        assertThat(path("t")).isEqualTo(CWD.resolve("moved").toString());

        assertThatThrownBy(() -> session.execute("ALTER TABLE t SET (\n  'format' = 'json',\n  'path' = 's3://b/t')"))
                .isInstanceOfSatisfying(SqlExecutionException.class, e -> assertThat(List.of(e.line(), e.column()))
                        .containsExactly(3, 12))
                .hasMessage("Unsupported file system scheme 's3' in option 'path': 's3://b/t'. " + SCHEMES);
        assertThat(path("t")).as("unchanged").isEqualTo(CWD.resolve("moved").toString());
    }

    @Test
    void aSchemeRunnelCannotUseIsAnErrorAtThePathOption() {
        assertFailsAt("CREATE TABLE t (id BIGINT) WITH (\n  'connector' = 'filesystem',\n  'path' = 's3://bucket/out',"
                + "\n  'format' = 'csv')", 3, 12)
                .hasMessage("Unsupported file system scheme 's3' in option 'path': 's3://bucket/out'. " + SCHEMES);
        assertFailsAt(table("t", "hdfs://namenode:8020/out"), 1, 82)
                .hasMessage("Unsupported file system scheme 'hdfs' in option 'path': 'hdfs://namenode:8020/out'. "
                        + SCHEMES);
        assertFailsAt(table("t", "gs://bucket/out"), 1, 82)
                .hasMessageStartingWith("Unsupported file system scheme 'gs' in option 'path'");
        // LIKE a table with a usable path, overriding it with one that is not
        session.execute(table("base", "/tmp/base"));
        assertFailsAt("CREATE TABLE t WITH ('path' = 'abfss://c@account.dfs.core.windows.net/x') LIKE base", 1, 31)
                .hasMessageStartingWith("Unsupported file system scheme 'abfss' in option 'path'");
    }

    @Test
    void aPathThatNamesNoLocalFileIsAnErrorWithWhatWouldWork() {
        assertFailsAt(table("t", "file://tmp/out"), 1, 82)
                .hasMessage("Found local file path with authority 'tmp' in option 'path': 'file://tmp/out'. "
                        + "Hint: Did you forget a slash? (correct path would be 'file:///tmp/out')");
        assertFailsAt(table("t", "file:out"), 1, 82).hasMessageStartingWith("Relative path in a file: URI");
        assertFailsAt(table("t", "C:\\data\\out"), 1, 82)
                .hasMessage("Windows path in option 'path': 'C:\\data\\out'; Runnel reads and writes POSIX paths,"
                        + " such as '/data/out' or 'file:///data/out'");
        assertFailsAt(table("t", ""), 1, 82).hasMessageStartingWith("Empty path in option 'path'");
        assertFailsAt(table("t", "/tmp/out "), 1, 82)
                .hasMessage("The path in option 'path' starts or ends with whitespace: '/tmp/out '");
    }
}
