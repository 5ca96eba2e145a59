package dev.runnel.shell.complete;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.shell.fake.FakeMetadata;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What Tab offers where; {@code |} marks the cursor, and values are filtered by the word typed as JLine does. */
class SqlCompletionsTest {
    private final FakeMetadata metadata = new FakeMetadata()
            .table("orders", "order_id", "customer", "amount")
            .table("customers", "id", "name")
            .view("big_orders", "order_id", "amount")
            .tableIn("default_catalog", "archive", "old_orders", "id", "closed_at")
            .tableIn("other_catalog", "db", "remote", "x")
            .job("0123456789abcdef0123456789abcdef", "insert-into_sink (RUNNING)");

    private List<String> offered(String input) {
        return Offered.values(new SqlCompletions(metadata), input, s -> true);
    }

    private List<String> groups(String input, String value) {
        int cursor = input.indexOf('|');
        String buffer = input.replace("|", "");
        return new SqlCompletions(metadata).complete(buffer, cursor).stream()
                .filter(s -> s.value().equals(value)).map(Suggestion::group).toList();
    }

    @Test
    void startOfAStatementOffersStatementKeywordsAndTemplates() {
        assertThat(offered("|")).contains("SELECT", "INSERT", "CREATE", "SHOW")
                .anyMatch(v -> v.startsWith("CREATE TABLE t (") && v.contains("'connector' = 'datagen'"));
        assertThat(offered("sh|")).containsExactly("show");
        assertThat(offered("SELECT 1; cr|")).contains("create", "CREATE VIEW v AS SELECT * FROM t;");
    }

    @Test
    void theNextKeywordOfAStatement() {
        assertThat(offered("SHOW |")).contains("TABLES", "VIEWS", "JOBS", "CATALOGS", "DATABASES", "FUNCTIONS");
        assertThat(offered("show ta|")).containsExactly("tables");
        assertThat(offered("SHOW CREATE |")).containsExactly("TABLE", "VIEW");
        assertThat(offered("CREATE |")).contains("TABLE", "VIEW", "DATABASE", "CATALOG", "TEMPORARY");
    }

    @Test
    void tablesAndViewsWhereANameOfOneIsExpected() {
        assertThat(offered("SELECT * FROM |")).contains("orders", "customers", "big_orders", "archive.",
                "default_catalog.", "other_catalog.");
        assertThat(offered("SELECT * FROM ord|")).containsExactly("orders");
        assertThat(offered("SELECT * FROM orders o JOIN cu|")).containsExactly("customers");
        assertThat(offered("INSERT INTO |")).contains("orders", "big_orders");
        assertThat(offered("DESCRIBE |")).contains("orders", "JOB", "DATABASE");
        assertThat(offered("DROP TABLE |")).contains("orders");
        assertThat(offered("SELECT * FROM orders, |")).contains("customers");
        assertThat(groups("SELECT * FROM |", "big_orders")).containsExactly("view");
        assertThat(groups("SELECT * FROM |", "orders")).containsExactly("table");
    }

    @Test
    void noNamesForTheObjectCreateMakes() {
        assertThat(offered("CREATE TABLE |")).isEmpty();
    }

    @Test
    void qualifiedNamesPartByPart() {
        assertThat(offered("SELECT * FROM archive.|")).containsExactly("archive.old_orders");
        assertThat(offered("SELECT * FROM other_catalog.|")).containsExactly("other_catalog.db.");
        assertThat(offered("SELECT * FROM other_catalog.db.r|")).containsExactly("other_catalog.db.remote");
    }

    @Test
    void columnsOfTheTablesTheStatementReads() {
        assertThat(offered("SELECT | FROM orders")).contains("order_id", "customer", "amount", "UPPER(", "COUNT(")
                .doesNotContain("id", "name");
        assertThat(offered("SELECT * FROM orders o JOIN customers c ON o.customer = c.|"))
                .containsExactly("c.id", "c.name");
        assertThat(offered("SELECT o.| FROM orders AS o")).containsExactly("o.order_id", "o.customer", "o.amount");
        assertThat(offered("SELECT * FROM orders WHERE am|")).containsExactly("amount");
        assertThat(offered("SELECT cust|\nFROM orders;")).containsExactly("customer");
        assertThat(offered("SELECT * FROM archive.old_orders WHERE |")).contains("closed_at");
        assertThat(offered("SELECT up| FROM orders")).contains("upper(");
    }

    @Test
    void beforeAFromTheColumnsOfTheCurrentDatabasesTablesRankedByTheWordTyped() {
        FakeMetadata database = new FakeMetadata()
                .table("orders", "order_id", "customer_id", "order_date", "amount")
                .table("order_lines", "order_line_no", "order_id", "qty")
                .view("customer_notes", "customer_id", "Order_Notes")
                .tableIn("default_catalog", "archive", "old_orders", "order_archived_at");
        SqlCompletions completions = new SqlCompletions(database);

        assertThat(rankedColumns(completions, "SELECT order_|")).containsExactly("order_id", "order_date",
                "order_line_no", "Order_Notes", "qty", "amount", "customer_id");
        assertThat(rankedColumns(completions, "SELECT amount, ID|")).as("a part of a name begins with it")
                .startsWith("order_id", "customer_id");
        assertThat(rankedColumns(completions, "SELECT qty|")).startsWith("qty");
        assertThat(rankedColumns(completions, "SELECT |"))
                .containsExactly("amount", "customer_id", "order_date", "order_id", "order_line_no", "Order_Notes", "qty");
        assertThat(completions.complete("SELECT order_id", 15)).filteredOn(s -> s.value().equals("order_id"))
                .extracting(Suggestion::description).containsExactly("order_lines, orders");
        assertThat(rankedColumns(completions, "SELECT order_| FROM order_lines"))
                .as("once a table is named, only its columns").isEmpty();
        assertThat(offered("SELECT order_|")).as("the shared fixture: orders and the big_orders view")
                .contains("order_id");
    }

    /** The ranked columns offered at {@code |}, in their rank order. */
    private static List<String> rankedColumns(SqlCompletions completions, String input) {
        int cursor = input.indexOf('|');
        return completions.complete(input.replace("|", ""), cursor).stream()
                .filter(s -> s.group().equals("column") && s.rank() > 0)
                .sorted(Comparator.comparingInt(Suggestion::rank))
                .map(Suggestion::value).toList();
    }

    @Test
    void connectorsAndTheirOptionKeysInsideWith() {
        assertThat(offered("CREATE TABLE t (id INT) WITH (|")).containsExactly("'connector'");
        assertThat(offered("CREATE TABLE t (id INT) WITH ('connector' = '|")).containsExactly("'datagen'", "'filesystem'");
        assertThat(offered("CREATE TABLE t (id INT) WITH ('connector' = |")).containsExactly("'datagen'", "'filesystem'");
        assertThat(offered("CREATE TABLE t (id INT, name STRING) WITH ('connector' = 'datagen', '|"))
                .containsExactly("'fields.id.kind'", "'fields.name.kind'", "'number-of-rows'", "'rows-per-second'");
        assertThat(offered("CREATE TABLE t (id INT) WITH ('connector' = 'datagen', 'num|"))
                .containsExactly("'number-of-rows'");
        assertThat(offered("CREATE TABLE t (id INT) WITH ('connector' = 'filesystem', 'format' = '|"))
                .containsExactly("'csv'", "'json'");
        assertThat(offered("ALTER TABLE orders SET ('connector' = 'datagen', |")).contains("'rows-per-second'");
    }

    @Test
    void typesAfterAColumnName() {
        assertThat(offered("CREATE TABLE t (id |")).contains("BIGINT", "STRING", "TIMESTAMP(3)");
        assertThat(offered("CREATE TABLE t (id BIGINT, ts TIMESTAMP_|")).containsExactly("TIMESTAMP_LTZ(3)");
    }

    @Test
    void setKeysAndTheirAllowedValues() {
        assertThat(offered("SET |")).contains("'sql-client.execution.result-mode'", "'parallelism.default'");
        assertThat(offered("SET 'sql-client.ex|")).containsExactly("'sql-client.execution.result-mode'");
        assertThat(offered("SET 'sql-client.execution.result-mode' = '|"))
                .containsExactly("'table'", "'changelog'", "'tableau'");
        assertThat(offered("SET 'sql-client.verbose' = |")).containsExactly("'true'", "'false'");
        assertThat(offered("RESET |")).contains("'parallelism.default'");
    }

    @Test
    void databasesCatalogsAndJobs() {
        assertThat(offered("USE |")).contains("archive", "default_database", "CATALOG");
        assertThat(offered("USE CATALOG |")).containsExactly("default_catalog", "other_catalog");
        assertThat(offered("STOP JOB |")).containsExactly("'0123456789abcdef0123456789abcdef'");
        assertThat(offered("DESCRIBE JOB '01|")).containsExactly("'0123456789abcdef0123456789abcdef'");
        assertThat(offered("ALTER JOB |")).containsExactly("'0123456789abcdef0123456789abcdef'");
        assertThat(offered("SAVEPOINT '|")).containsExactly("'0123456789abcdef0123456789abcdef'");
    }

    @Test
    void alterJobTakesTheParallelism() {
        assertThat(offered("ALTER J|")).containsExactly("JOB");
        assertThat(offered("ALTER JOB '0123456789abcdef0123456789abcdef' SET (|")).containsExactly("'parallelism'");
        assertThat(offered("ALTER JOB '0123456789abcdef0123456789abcdef' SET ('parallelism' = |")).isEmpty();
    }

    @Test
    void keywordsFromTheGrammarNotTheStandardsVocabulary() {
        assertThat(offered("SELECT * FROM orders WHERE amount > 0 pl|")).doesNotContain("pli");
        assertThat(offered("SELECT * FROM orders fo|")).doesNotContain("fortran").contains("for");
        assertThat(offered("CREATE TABLE t (ts TIMESTAMP(3), WA|")).doesNotContain("WATERMARKS").contains("WATERMARK");
    }

    @Test
    void onlyKeywordsTheGrammarTakesWhereTheCursorIs() {
        assertThat(offered("SELECT * FROM orders WHERE amount > 0 PO|")).doesNotContain("PORTION");
        assertThat(offered("SELECT * FROM orders WHERE amount > 0 O|")).contains("OR", "ORDER").doesNotContain("ON");
        assertThat(offered("SELECT * FROM orders o JOIN customers c O|")).contains("ON");
        assertThat(offered("SELECT * FROM orders ORDER B|")).containsExactly("BY");
        assertThat(offered("SELECT * FROM orders Q|")).as("Calcite's, not Flink's").doesNotContain("QUALIFY");
        assertThat(offered("SELECT * FROM orders S|")).doesNotContain("STREAM", "SELECT");
        assertThat(offered("SELECT amount FROM orders WHERE amount I|")).contains("IN", "IS").doesNotContain("ILIKE");
    }

    @Test
    void nothingInsideAComment() {
        assertThat(offered("SELECT * FROM -- ord|")).isEmpty();
        assertThat(offered("SELECT /* ord| */ 1")).isEmpty();
    }

    @Test
    void backslashCommandsAndTheirArguments() {
        CommandCompletions commands = new CommandCompletions(metadata);
        assertThat(commands.complete("\\", 1)).extracting(Suggestion::value)
                .contains("\\?", "\\d", "\\dt", "\\timing", "\\x", "\\i", "\\o", "\\q");
        assertThat(commands.complete("\\d ", 3)).extracting(Suggestion::value).contains("orders", "big_orders");
    }
}
