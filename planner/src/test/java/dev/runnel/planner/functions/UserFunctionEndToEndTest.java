package dev.runnel.planner.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.runnel.planner.session.QueryResult;
import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.testing.ShoutJar;
import dev.runnel.table.functions.FunctionContext;
import dev.runnel.table.functions.ScalarFunction;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** CREATE / DROP / SHOW of Java scalar functions and their calls, run on an embedded cluster. */
class UserFunctionEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    private static final String WORDS = "(VALUES ('banana', 1), ('cocoa', 2), (CAST(NULL AS STRING), CAST(NULL AS INT)))"
            + " AS t(w, n)";

    /** One overload per Java type, each saying which one Java would pick. */
    public static class Describe extends ScalarFunction {
        public String eval(int x) {
            return "int " + x;
        }

        public String eval(long x) {
            return "long " + x;
        }

        public String eval(String s) {
            return "string " + s;
        }

        public String eval(String s, double d) {
            return s + " and double " + d;
        }
    }

    /** A primitive parameter: a NULL argument gives NULL without a call. */
    public static class PlusOne extends ScalarFunction {
        public long eval(long x) {
            return x + 1;
        }
    }

    /** Boxed parameters receive NULL. */
    public static class NullName extends ScalarFunction {
        public String eval(Integer x, String s) {
            return (x == null ? "no number" : "n" + x) + "/" + (s == null ? "no word" : s);
        }
    }

    public static class Money extends ScalarFunction {
        public BigDecimal eval(BigDecimal price, boolean discount) {
            return discount ? price.multiply(new BigDecimal("0.9")) : price;
        }
    }

    /** Counts opens and closes and prefixes its result with the subtask that opened it. */
    public static class Tagged extends ScalarFunction {
        static final AtomicInteger OPENED = new AtomicInteger();
        static final AtomicInteger CLOSED = new AtomicInteger();
        private String tag;

        @Override
        public void open(FunctionContext context) {
            OPENED.incrementAndGet();
            tag = context.getJobParameter("pipeline.name", "?") + context.getIndexOfThisSubtask();
        }

        public String eval(String s) {
            return tag + ":" + s;
        }

        @Override
        public void close() {
            CLOSED.incrementAndGet();
        }
    }

    public static class NoEval extends ScalarFunction {
        public String compute(String s) {
            return s;
        }
    }

    public static class NotAFunction {
        public String eval(String s) {
            return s;
        }
    }

    public static class ListEval extends ScalarFunction {
        public String eval(List<String> values) {
            return String.valueOf(values);
        }
    }

    private static String name(Class<?> c) {
        return c.getName();
    }

    private static List<Row> query(Session session, String sql) {
        QueryResult result = (QueryResult) session.execute(sql);
        List<Row> rows = new ArrayList<>();
        while (true) {
            ResultChunk chunk = result.fetch(Duration.ofSeconds(10));
            rows.addAll(chunk.rows());
            if (chunk.endOfResult()) {
                return rows;
            }
        }
    }

    private static SqlExecutionException error(Session session, String sql) {
        var e = catchThrowableOfType(SqlExecutionException.class, () -> session.execute(sql));
        assertThat(e).as("error of %s", sql).isNotNull();
        return e;
    }

    private static List<Object> column(StatementResult result) {
        return ((StatementResult.Table) result).rows().stream().map(r -> r.fields()[0]).toList();
    }

    @Test
    void nexmarksCountCharCountsACharacter() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE FUNCTION count_char AS 'dev.runnel.runtime.connector.nexmark.CountChar'");

            assertThat(query(session, "SELECT w, COUNT_CHAR(w, 'a'), count_char(w, 'c') FROM " + WORDS))
                    .containsExactly(Row.of("banana", 3L, 0L), Row.of("cocoa", 1L, 2L), Row.of(null, 0L, 0L));
        }
    }

    @Test
    void overloadsAreChosenByTheArgumentTypes() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TEMPORARY SYSTEM FUNCTION describe_it AS '" + name(Describe.class) + "'");

            assertThat(query(session, "SELECT describe_it(n), describe_it(CAST(n AS BIGINT)), describe_it(w),"
                    + " describe_it(w, 1.5) FROM " + WORDS + " WHERE n = 2"))
                    .containsExactly(Row.of("int 2", "long 2", "string cocoa", "cocoa and double 1.5"));
        }
    }

    @Test
    void nullArgumentsFollowFlink() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE TEMPORARY FUNCTION plus_one AS '" + name(PlusOne.class) + "'");
            session.execute("CREATE FUNCTION null_name AS '" + name(NullName.class) + "' LANGUAGE JAVA");
            session.execute("CREATE FUNCTION money AS '" + name(Money.class) + "'");

            assertThat(query(session, "SELECT plus_one(n), null_name(n, w), money(CAST(n AS DECIMAL(10, 2)), n > 1)"
                    + " FROM " + WORDS))
                    .containsExactly(
                            Row.of(2L, "n1/banana", new BigDecimal("1.000000000000000000")),
                            Row.of(3L, "n2/cocoa", new BigDecimal("1.800000000000000000")),
                            Row.of(null, "no number/no word", null));
        }
    }

    @Test
    void eachSubtaskOpensAndClosesItsOwnInstance() throws Exception {
        Tagged.OPENED.set(0);
        Tagged.CLOSED.set(0);
        try (Session session = CLUSTER.session(2, "hashmap")) {
            session.execute("SET 'pipeline.name' = 'sub'");
            session.execute("CREATE FUNCTION tagged AS '" + name(Tagged.class) + "'");
            session.execute("CREATE TABLE numbers (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '100',"
                    + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '100')");
            session.execute("CREATE TABLE sink (tag STRING) WITH ('connector' = 'blackhole')");

            var job = (StatementResult.JobSubmitted) session.execute(
                    "INSERT INTO sink SELECT tagged(CAST(id AS STRING)) FROM numbers WHERE tagged('x') <> ''");

            assertThat(CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS).status())
                    .isEqualTo(JobStatus.FINISHED);
            assertThat(Tagged.OPENED.get()).isEqualTo(2);
            assertThat(Tagged.CLOSED.get()).isEqualTo(2);
            assertThat(query(session, "SELECT tagged('x')")).containsExactly(Row.of("sub0:x"));
        }
    }

    @Test
    void functionsAreListedAndDroppedByKind() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE DATABASE other");
            session.execute("CREATE TEMPORARY SYSTEM FUNCTION Sys_F AS '" + name(PlusOne.class) + "'");
            session.execute("CREATE TEMPORARY FUNCTION temp_f AS '" + name(PlusOne.class) + "'");
            session.execute("CREATE FUNCTION cat_f AS '" + name(PlusOne.class) + "'");
            session.execute("CREATE FUNCTION other.elsewhere AS '" + name(PlusOne.class) + "'");

            assertThat(column(session.execute("SHOW USER FUNCTIONS"))).containsExactly("cat_f", "sys_f", "temp_f");
            assertThat(column(session.execute("SHOW FUNCTIONS"))).contains("cat_f", "sys_f", "temp_f", "UPPER");
            assertThat(query(session, "SELECT sys_f(1), TEMP_F(2), cat_f(3), other.elsewhere(4),"
                    + " default_catalog.other.elsewhere(5)")).containsExactly(Row.of(2L, 3L, 4L, 5L, 6L));

            assertThat(error(session, "DROP FUNCTION temp_f").getMessage())
                    .isEqualTo("Function 'default_catalog.default_database.temp_f' does not exist;"
                            + " it is a temporary function: use DROP TEMPORARY FUNCTION");
            assertThat(((StatementResult.Message) session.execute("DROP TEMPORARY FUNCTION temp_f")).text())
                    .isEqualTo("Function has been dropped.");
            session.execute("DROP TEMPORARY SYSTEM FUNCTION sys_f");
            session.execute("DROP FUNCTION IF EXISTS cat_f");
            assertThat(((StatementResult.Message) session.execute("DROP FUNCTION IF EXISTS cat_f")).text())
                    .isEqualTo("Function does not exist.");
            assertThat(column(session.execute("SHOW USER FUNCTIONS"))).isEmpty();
            session.execute("USE other");
            assertThat(column(session.execute("SHOW USER FUNCTIONS"))).containsExactly("elsewhere");

            var e = error(session, "SELECT 1 +\n  cat_f(1)");
            assertThat(e.getMessage()).contains("No match found for function signature cat_f(<NUMERIC>)");
            assertThat(List.of(e.line(), e.column())).containsExactly(2, 3);
        }
    }

    @Test
    void createTwiceFailsUnlessIfNotExists() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE FUNCTION f AS '" + name(PlusOne.class) + "'");

            var e = error(session, "CREATE FUNCTION F AS '" + name(Describe.class) + "'");
            assertThat(e.getMessage()).isEqualTo("Function 'default_catalog.default_database.f' already exists");
            assertThat(((StatementResult.Message) session.execute(
                    "CREATE FUNCTION IF NOT EXISTS f AS '" + name(Describe.class) + "'")).text())
                    .isEqualTo("Function already exists.");
            assertThat(query(session, "SELECT f(1)")).containsExactly(Row.of(2L));
        }
    }

    @Test
    void badClassesAreRefusedAtTheClassName() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            var unknown = error(session, "CREATE FUNCTION f\n  AS 'com.example.Missing'");
            assertThat(unknown.getMessage())
                    .isEqualTo("Class 'com.example.Missing' of function f is not found on the classpath");
            assertThat(List.of(unknown.line(), unknown.column())).containsExactly(2, 6);

            assertThat(error(session, "CREATE FUNCTION f AS '" + name(NoEval.class) + "'").getMessage())
                    .endsWith("of function f has no public method named 'eval'");
            assertThat(error(session, "CREATE FUNCTION f AS '" + name(NotAFunction.class) + "'").getMessage())
                    .endsWith("of function f does not extend dev.runnel.table.functions.ScalarFunction");
            assertThat(error(session, "CREATE FUNCTION f AS '" + name(ListEval.class) + "'").getMessage())
                    .startsWith("Function f: parameter type List of eval(List) is not supported yet");
            assertThat(error(session, "CREATE FUNCTION f AS '" + name(PlusOne.class) + "' LANGUAGE PYTHON")
                    .getMessage()).startsWith("LANGUAGE PYTHON is not supported yet");
            assertThat(error(session, "CREATE FUNCTION Locate AS '" + name(PlusOne.class) + "'").getMessage())
                    .isEqualTo("'locate' is a built-in function; a user-defined function of the same name"
                            + " is not supported yet");
            assertThat(error(session, "CREATE FUNCTION nowhere.f AS '" + name(PlusOne.class) + "'").getMessage())
                    .startsWith("Database 'nowhere' does not exist");
            assertThat(column(session.execute("SHOW USER FUNCTIONS"))).isEmpty();
        }
    }

    @Test
    void usingJarLoadsTheClassFromTheJar(@TempDir Path dir) throws Exception {
        Path jar = ShoutJar.create(dir);
        try (Session session = CLUSTER.session(2, "hashmap")) {
            assertThat(error(session, "CREATE FUNCTION shout AS 'jarred.Shout'").getMessage())
                    .isEqualTo("Class 'jarred.Shout' of function shout is not found on the classpath");

            // Every form of a location: file:///…, file:/…, file://localhost/…, a plain path.
            for (String location : List.of("file://" + jar, "file:" + jar, "file://localhost" + jar, jar.toString())) {
                session.execute("CREATE FUNCTION shout AS 'jarred.Shout' USING JAR '" + location + "'");
                assertThat(query(session, "SELECT shout(w) FROM " + WORDS)).as(location)
                        .containsExactlyInAnyOrder(Row.of("BANANA!"), Row.of("COCOA!"), Row.of((Object) null));
                session.execute("DROP FUNCTION shout");
            }
        }
    }

    @Test
    void usingJarRefusesJarsItCannotLoadAtTheirLiteral(@TempDir Path dir) {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            var e = error(session, "CREATE FUNCTION shout AS 'jarred.Shout'\n  USING JAR 'hdfs://namenode:8020/udfs/shout.jar'");
            assertThat(e.getMessage()).isEqualTo("Unsupported file system scheme 'hdfs' in USING JAR:"
                    + " 'hdfs://namenode:8020/udfs/shout.jar'. Supported schemes: file (file:///abs/path or"
                    + " file:/abs/path); a plain path is a local file");
            assertThat(List.of(e.line(), e.column())).containsExactly(2, 13);

            Path missing = dir.resolve("missing.jar");
            e = error(session, "CREATE FUNCTION shout AS 'jarred.Shout' USING JAR 'file://" + missing + "'");
            assertThat(e.getMessage()).isEqualTo("JAR file 'file:" + missing + "' of USING JAR 'file://" + missing
                    + "' does not exist");
            assertThat(List.of(e.line(), e.column())).containsExactly(1, 51);
            assertThat(error(session, "CREATE FUNCTION shout AS 'jarred.Shout' USING JAR 'file://tmp/shout.jar'")
                    .getMessage()).startsWith("Found local file path with authority 'tmp' in USING JAR");
            assertThat(column(session.execute("SHOW USER FUNCTIONS"))).isEmpty();
        }
    }

    @Test
    void aCallWithoutMatchingOverloadIsAnErrorAtTheCall() {
        try (Session session = CLUSTER.session(1, "hashmap")) {
            session.execute("CREATE FUNCTION count_char AS 'dev.runnel.runtime.connector.nexmark.CountChar'");

            var e = error(session, "SELECT w,\n  count_char(w, n) FROM " + WORDS);

            assertThat(e.getMessage()).isEqualTo("Invalid call count_char(STRING, INTEGER): no eval method takes"
                    + " these arguments; the function takes count_char(STRING, STRING)");
            assertThat(List.of(e.line(), e.column())).containsExactly(2, 3);
            session.execute("CREATE TEMPORARY SYSTEM FUNCTION describe_it AS '" + name(Describe.class) + "'");
            assertThat(error(session, "SELECT describe_it(TRUE)").getMessage()).endsWith("the function takes"
                    + " describe_it(INTEGER) or describe_it(STRING) or describe_it(STRING, DOUBLE) or describe_it(BIGINT)");
        }
    }
}
