package dev.runnel.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.shell.fake.FakeEngine;
import dev.runnel.shell.fake.FakeQuery;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code --output-format csv|tsv|json} in script mode, through {@code Main.run} on a fake engine:
 * how values are written in each format, and what each kind of query result prints — an
 * insert-only result its rows, a bounded updating result its final table, the {@code changelog}
 * result mode every change with its {@code op}. (An unbounded updating result prints its
 * changelog: {@code ResultOutputTest}.)
 */
class OutputFormatsTest {
    private static final List<ColumnInfo> ORDER_COLUMNS = List.of(
            new ColumnInfo("id", DataType.of(TypeRoot.BIGINT).notNull()),
            new ColumnInfo("name", DataType.of(TypeRoot.VARCHAR)),
            new ColumnInfo("amount", DataType.decimal(22, 2)),
            new ColumnInfo("paid", DataType.of(TypeRoot.BOOLEAN)),
            new ColumnInfo("ts", DataType.of(TypeRoot.TIMESTAMP, 3)),
            new ColumnInfo("place", DataType.row(List.of(new RowType.Field("city", DataType.of(TypeRoot.VARCHAR)),
                    new RowType.Field("zip", DataType.of(TypeRoot.INTEGER))))));
    /** Rows whose values need quoting or escaping in some format. */
    private static final List<Row> ORDERS = List.of(
            Row.of(1L, "alice, \"ali\"", new BigDecimal("12345678901234567890.50"), true, 1_706_702_400_123L,
                    new Object[] {"Zürich", 8001}),
            Row.of(2L, "two\tlines\nhere", null, false, null, new Object[] {null, 1}),
            Row.of(3L, "", new BigDecimal("-0.01"), null, 0L, null),
            Row.of(4L, "back\\slash \\N", new BigDecimal("0.00"), true, 1L, new Object[] {"a,b", null}));

    private static final List<ColumnInfo> COUNT_COLUMNS = List.of(
            new ColumnInfo("name", DataType.of(TypeRoot.VARCHAR)),
            new ColumnInfo("n", DataType.of(TypeRoot.BIGINT).notNull()));
    /** The changes of {@code SELECT name, COUNT(*) AS n … GROUP BY name}: alice counted twice, bob deleted. */
    private static final List<Row> COUNT_CHANGES = List.of(
            Row.ofKind(RowKind.INSERT, "alice", 1L),
            Row.ofKind(RowKind.INSERT, "bob", 1L),
            Row.ofKind(RowKind.UPDATE_BEFORE, "alice", 1L),
            Row.ofKind(RowKind.UPDATE_AFTER, "alice", 2L),
            Row.ofKind(RowKind.INSERT, "carol", 1L),
            Row.ofKind(RowKind.DELETE, "bob", 1L));

    private static FakeEngine engine() {
        return new FakeEngine()
                .on("SELECT * FROM orders", () -> FakeQuery.bounded(ORDER_COLUMNS, ORDERS, 3))
                .on("SELECT name, COUNT(*) AS n FROM orders GROUP BY name",
                        () -> FakeQuery.bounded(COUNT_COLUMNS, COUNT_CHANGES, 2).updating());
    }

    private static String out(String format, String script) {
        ShellRun run = ShellRun.of(engine().factory(), "--output-format", format, "--quiet", "-e", script);
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        return run.out();
    }

    private static final String CHANGELOG = "SET 'sql-client.execution.result-mode' = 'changelog';";
    private static final String COUNTS = "SELECT name, COUNT(*) AS n FROM orders GROUP BY name;";

    @Test
    void csvPrintsTheColumnsOfAnInsertOnlyResultQuotedAsRfc4180Says() {
        assertThat(out("csv", "SELECT * FROM orders;")).isEqualTo("""
                id,name,amount,paid,ts,place
                1,"alice, ""ali\""\",12345678901234567890.50,true,2024-01-31 12:00:00.123,"(Zürich, 8001)"
                2,"two\tlines
                here",,false,,"(NULL, 1)"
                3,"",-0.01,,1970-01-01 00:00:00.000,
                4,back\\slash \\N,0.00,true,1970-01-01 00:00:00.001,"(a,b, NULL)"
                """);
    }

    @Test
    void tsvEscapesAsPostgresTextFormatDoesAndWritesNullAsBackslashN() {
        assertThat(out("tsv", "SELECT * FROM orders;")).isEqualTo("""
                id\tname\tamount\tpaid\tts\tplace
                1\talice, "ali"\t12345678901234567890.50\ttrue\t2024-01-31 12:00:00.123\t(Zürich, 8001)
                2\ttwo\\tlines\\nhere\t\\N\tfalse\t\\N\t(NULL, 1)
                3\t\t-0.01\t\\N\t1970-01-01 00:00:00.000\t\\N
                4\tback\\\\slash \\\\N\t0.00\ttrue\t1970-01-01 00:00:00.001\t(a,b, NULL)
                """);
    }

    @Test
    void jsonWritesOneObjectPerRowWithTypedValues() {
        assertThat(out("json", "SELECT * FROM orders;")).isEqualTo("""
                {"id":1,"name":"alice, \\"ali\\"","amount":12345678901234567890.50,"paid":true,"ts":"2024-01-31T12:00:00.123","place":{"city":"Zürich","zip":8001}}
                {"id":2,"name":"two\\tlines\\nhere","amount":null,"paid":false,"ts":null,"place":{"city":null,"zip":1}}
                {"id":3,"name":"","amount":-0.01,"paid":null,"ts":"1970-01-01T00:00:00.000","place":null}
                {"id":4,"name":"back\\\\slash \\\\N","amount":0.00,"paid":true,"ts":"1970-01-01T00:00:00.001","place":{"city":"a,b","zip":null}}
                """);
    }

    @Test
    void aBoundedUpdatingResultPrintsItsFinalTableInTheOrderOfEachRowsLastChange() {
        // bob's row is deleted; alice's +U is appended before carol's +I arrives.
        assertThat(out("csv", COUNTS)).isEqualTo("""
                name,n
                alice,2
                carol,1
                """);
        assertThat(out("tsv", COUNTS)).isEqualTo("name\tn\nalice\t2\ncarol\t1\n");
        assertThat(out("json", COUNTS)).isEqualTo("""
                {"name":"alice","n":2}
                {"name":"carol","n":1}
                """);
    }

    @Test
    void anUpdatedRowMovesToTheEndOfTheFinalTableAsInFlink() {
        FakeEngine engine = new FakeEngine().on("SELECT k, v FROM t", () -> FakeQuery.bounded(COUNT_COLUMNS, List.of(
                Row.ofKind(RowKind.INSERT, "a", 1L), Row.ofKind(RowKind.INSERT, "b", 1L),
                Row.ofKind(RowKind.UPDATE_BEFORE, "a", 1L), Row.ofKind(RowKind.UPDATE_AFTER, "a", 2L)), 1).updating());

        ShellRun run = ShellRun.of(engine.factory(), "--output-format", "csv", "-e", "SELECT k, v FROM t;");

        assertThat(run.out()).isEqualTo("name,n\nb,1\na,2\n");
    }

    @Test
    void theChangelogResultModePrintsEveryChangeWithItsKind() {
        assertThat(out("csv", CHANGELOG + COUNTS)).isEqualTo("""
                op,name,n
                +I,alice,1
                +I,bob,1
                -U,alice,1
                +U,alice,2
                +I,carol,1
                -D,bob,1
                """);
        assertThat(out("tsv", CHANGELOG + COUNTS)).startsWith("op\tname\tn\n+I\talice\t1\n");
        assertThat(out("json", CHANGELOG + COUNTS)).startsWith("""
                {"op":"+I","name":"alice","n":1}
                {"op":"+I","name":"bob","n":1}
                {"op":"-U","name":"alice","n":1}
                """);
        assertThat(out("csv", CHANGELOG + "SELECT * FROM orders;")).as("insert-only too")
                .startsWith("op,id,name,amount,paid,ts,place\n+I,1,");
    }

    @Test
    void theTableAndTableauResultModesPrintTheRowsOrTheFinalTable() {
        for (String mode : List.of("table", "tableau")) {
            String set = "SET 'sql-client.execution.result-mode' = '" + mode + "';";
            assertThat(out("csv", set + COUNTS)).as(mode).isEqualTo("name,n\nalice,2\ncarol,1\n");
            assertThat(out("csv", set + "SELECT * FROM orders;")).as(mode).startsWith("id,name,");
        }
    }

    @Test
    void theTableFormatStillPrintsTheChangelogOfAnUpdatingResult() {
        assertThat(out("table", COUNTS)).contains("| op |", "| -U |", "| -D |").endsWith("Received a total of 6 rows\n");
    }

    @Test
    void aFailingUpdatingQueryPrintsNoPartialTable() {
        FakeEngine engine = new FakeEngine().on("SELECT name, n FROM counts", () -> FakeQuery.failing(COUNT_COLUMNS,
                List.of(Row.ofKind(RowKind.INSERT, "alice", 1L)), "Query failed: division by zero").updating());

        ShellRun run = ShellRun.of(engine.factory(), "--output-format", "csv", "-e", "SELECT name, n FROM counts;");

        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("<command-line>:1: [ERROR] Query failed: division by zero\n");
        assertThat(run.exitCode()).isOne();
    }

    @Test
    void finiteResultsPrintTheirColumnsAndNullsAsEachFormatWritesThem() {
        List<ColumnInfo> tableName = List.of(new ColumnInfo("table name", DataType.of(TypeRoot.VARCHAR)));
        FakeEngine engine = new FakeEngine()
                .on("SHOW TABLES", new StatementResult.Table(tableName, List.of(Row.of("orders"), Row.of((Object) null))));

        assertThat(ShellRun.of(engine.factory(), "--output-format", "csv", "-e", "SHOW TABLES;").out())
                .isEqualTo("table name\norders\n\n");
        assertThat(ShellRun.of(engine.factory(), "--output-format", "tsv", "-e", "SHOW TABLES;").out())
                .isEqualTo("table name\norders\n\\N\n");
        assertThat(ShellRun.of(engine.factory(), "--output-format", "json", "-e", "SHOW TABLES;").out())
                .isEqualTo("{\"table name\":\"orders\"}\n{\"table name\":null}\n");
    }

    /*
     * ARRAY, MAP and MULTISET values are java.util.List and java.util.Map: json writes them as
     * arrays and objects whatever the column's type says, csv and tsv as their text.
     */
    @Test
    void collectionValuesAreArraysAndObjectsInJson() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("a", 1);
        map.put("b", null);
        List<ColumnInfo> columns = List.of(new ColumnInfo("tags", DataType.of(TypeRoot.VARCHAR)),
                new ColumnInfo("counts", DataType.of(TypeRoot.VARCHAR)));
        FakeEngine engine = new FakeEngine().on("SELECT tags, counts FROM t", () -> FakeQuery.bounded(columns,
                List.of(Row.of(List.of("x", "y,z"), map), Row.of(List.of(List.of(1.5, new BigDecimal("2.50")), true),
                        Map.of(7, List.of()))), 2));

        String json = ShellRun.of(engine.factory(), "--output-format", "json", "-e", "SELECT tags, counts FROM t;").out();
        String csv = ShellRun.of(engine.factory(), "--output-format", "csv", "-e", "SELECT tags, counts FROM t;").out();

        assertThat(json).isEqualTo("""
                {"tags":["x","y,z"],"counts":{"a":1,"b":null}}
                {"tags":[[1.5,2.50],true],"counts":{"7":[]}}
                """);
        assertThat(csv).isEqualTo("""
                tags,counts
                "[x, y,z]","{a=1, b=null}"
                "[[1.5, 2.50], true]",{7=[]}
                """);
    }

    @Test
    void helpSaysWhatEachKindOfResultPrints() {
        // picocli wraps the description, also inside words after a dot: compare without white space
        String help = ShellRun.of(engine().factory(), "--help").out().replaceAll("\\s+", "");

        assertThat(help).contains(("In those a query prints its rows; a bounded updating query (GROUP BY over a file) "
                + "its final table once it ends; the changelog with an op column only under SET "
                + "'sql-client.execution.result-mode' = 'changelog' and for an unbounded updating query")
                .replaceAll("\\s+", ""));
    }
}
