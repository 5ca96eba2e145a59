package dev.runnel.shell.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interactive shell as a person uses it: the real {@code runnel} REPL on an embedded cluster
 * in a real pseudo-terminal ({@link TmuxShell}), checked on the screen it draws.
 */
class TerminalReplTest {
    private static final String ORDERS = "CREATE TABLE orders (order_id BIGINT, customer STRING, amount DOUBLE) "
            + "WITH ('connector' = 'datagen', 'number-of-rows' = '3');";

    @TempDir
    Path home;

    private TmuxShell shell;

    @AfterEach
    void stop() {
        if (shell != null) {
            shell.close();
        }
    }

    @Test
    void tabCompletesTablesColumnsKeywordsAndConnectorOptions() throws Exception {
        shell = TmuxShell.start(home);
        shell.enter(ORDERS);
        shell.awaitScreen("[INFO] Table has been created.");

        // before FROM: the columns of the database's tables
        shell.type("SELECT order_");
        shell.press("Tab");
        shell.awaitScreen("runnel> SELECT order_id");
        shell.press("C-u");

        shell.type("SELECT * FROM ord");
        shell.press("Tab");
        shell.awaitScreen("runnel> SELECT * FROM orders");
        shell.type("WHERE cust");
        shell.press("Tab");
        shell.awaitScreen("runnel> SELECT * FROM orders WHERE customer");
        shell.press("C-u");

        shell.type("CREATE TABLE t (id INT) WITH ('connector' = 'data");
        shell.press("Tab");
        shell.awaitScreen("WITH ('connector' = 'datagen'");
        shell.type(", 'rows-p");
        shell.press("Tab");
        shell.awaitScreen("'connector' = 'datagen' , 'rows-per-second'");
        shell.press("C-u");

        // several candidates: Tab lists them, grouped by kind
        shell.type("SHOW ");
        shell.press("Tab");
        String screen = shell.awaitScreen("CATALOGS");
        assertThat(screen).contains("TABLES", "VIEWS", "JOBS", "FUNCTIONS");
        shell.press("C-u");
        shell.type("SET 'sql-client.execution.result-mode' = '");
        shell.press("Tab");
        assertThat(shell.awaitScreen("tableau")).contains("changelog", "'table'");
    }

    @Test
    void highlightsKeywordsStringsNumbersAndAnUnterminatedStringAsTyped() throws Exception {
        shell = TmuxShell.start(home);

        shell.type("SELECT 42, 'ok' -- note");
        shell.awaitScreen("-- note");
        String coloured = shell.screenWithAttributes();
        assertThat(coloured).contains("\u001b[1m\u001b[34mSELECT").contains("\u001b[36m42")
                .contains("\u001b[32m'ok'").contains("\u001b[90m-- note");

        shell.press("C-u");
        shell.type("SELECT 'open");
        shell.awaitScreen("runnel> SELECT 'open");
        assertThat(shell.screenWithAttributes()).contains("\u001b[4m\u001b[31m'open");
    }

    @Test
    void errorsPointAtTheProblemAndSuggestAName() throws Exception {
        shell = TmuxShell.start(home);
        shell.enter(ORDERS);
        shell.awaitScreen("[INFO] Table has been created.");

        shell.enter("SELECT amount FROM ordrs;");

        String screen = shell.awaitScreen("Did you mean 'orders'?");
        assertThat(screen).contains("\n  SELECT amount FROM ordrs\n" + " ".repeat(2 + 19) + "^\n");
    }

    @Test
    void backslashCommands() throws Exception {
        Files.writeString(home.resolve("setup.sql"), ORDERS + "\nCREATE VIEW big AS SELECT * FROM orders WHERE amount > 10;\n");
        shell = TmuxShell.start(home);

        shell.enter("\\?");
        shell.awaitScreen("expanded display");
        shell.enter("\\i setup.sql");
        shell.awaitScreen("[INFO] View has been created.");
        shell.press("C-l");
        shell.enter("\\d");
        assertThat(shell.awaitScreen("2 rows in set")).containsPattern("\\|\\s+big \\|\\s+VIEW \\|")
                .containsPattern("\\|\\s+orders \\|\\s+TABLE \\|");
        shell.enter("\\d orders");
        shell.awaitScreen("customer");
        shell.enter("\\x");
        shell.awaitScreen("Expanded display is on.");
        shell.press("C-l");
        shell.enter("\\dt");
        assertThat(shell.awaitScreen("1 row in set")).contains("-[ RECORD 1 ]", "name | orders", "type | TABLE");
        shell.enter("\\x off");
        shell.enter("\\timing");
        shell.awaitScreen("Timing is on.");
        shell.enter("SHOW TABLES;");
        assertThat(shell.awaitScreen("Time: ")).containsPattern("Time: \\d+\\.\\d{3} ms");
        shell.enter("\\o result.txt");
        shell.awaitScreen("Results go to result.txt.");
        shell.enter("SHOW VIEWS;");
        shell.enter("\\o");
        shell.awaitScreen("Results go to the terminal.");
        assertThat(Files.readString(home.resolve("result.txt"), StandardCharsets.UTF_8)).contains("|       big |", "1 row in set");

        shell.enter("\\q");
        await().atMost(Duration.ofSeconds(30)).until(shell::ended);
    }
}
