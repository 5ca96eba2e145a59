package dev.runnel.shell.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Queries and jobs that run while the person watches, in the real shell in a real
 * pseudo-terminal ({@link TmuxShell}): the live table redrawn in place, paging, a table wider
 * than the screen, Ctrl-C on a query and on an {@code INSERT}'s progress line.
 */
class LiveResultTerminalTest {
    /** Unbounded, slow and wide: five columns of which four are 100-character strings. */
    private static final String CLICKS = "CREATE TABLE clicks (user_id INT, a STRING, b STRING, c STRING, d STRING) "
            + "WITH ('connector' = 'datagen', 'rows-per-second' = '20', 'fields.user_id.min' = '1', "
            + "'fields.user_id.max' = '3');";
    private static final Pattern RECEIVED = Pattern.compile("Received (\\d+) rows?");

    @TempDir
    Path home;

    private TmuxShell shell;

    @BeforeEach
    void start() throws Exception {
        shell = TmuxShell.start(home);
        shell.enter(CLICKS);
        shell.awaitScreen("[INFO] Table has been created.");
        shell.press("C-l");
    }

    @AfterEach
    void stop() {
        shell.close();
    }

    private static long received(String screen) {
        Matcher m = RECEIVED.matcher(screen);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    @Test
    void theTableOfAnAggregateUpdatesInPlaceAndCtrlCStopsIt() throws Exception {
        shell.enter("SELECT user_id, COUNT(*) AS n FROM clicks GROUP BY user_id;");
        String first = shell.awaitScreen("the table has 3 rows");
        long receivedFirst = received(first);

        await().atMost(Duration.ofSeconds(30)).until(() -> received(shell.screen()) > receivedFirst + 10);
        String later = shell.screen();
        assertThat(later).contains("the table has 3 rows");
        // redrawn, not appended: one header, three rows, however many changes arrived
        assertThat(later.split("\\|\\s+user_id \\|", -1)).hasSize(2);
        assertThat(later.lines().filter(l -> l.matches("\\|\\s+\\d \\|\\s+\\d+ \\|"))).hasSize(3);

        shell.press("C-c");
        String stopped = shell.awaitScreen("Query cancelled.");
        assertThat(stopped.strip()).endsWith("runnel>");
        shell.enter("SHOW JOBS;");
        assertThat(shell.awaitScreen("1 row in set")).contains("CANCELED");
    }

    @Test
    void aWideTableIsFittedToTheScreenAndPagesWithPageUp() throws Exception {
        shell.enter("SELECT * FROM clicks;");
        String screen = shell.awaitScreen("the last 34 shown (PgUp: pages). Ctrl-C stops.");
        List<String> tableLines = screen.lines().filter(l -> l.startsWith("|")).toList();
        assertThat(tableLines).hasSizeGreaterThan(30)
                .allSatisfy(l -> assertThat(l).endsWith("|").hasSizeLessThan(TmuxShell.COLUMNS));
        assertThat(tableLines.get(1)).contains("…");

        shell.press("PageUp");
        shell.awaitScreen(" shown (PgUp/PgDn, End: follow)");
        shell.press("Home");
        shell.awaitScreen("the first 34 shown");
        shell.press("End");
        shell.awaitScreen("the last 34 shown");

        shell.press("C-c");
        shell.awaitScreen("Query cancelled.");
    }

    private static long numberLines(String screen) {
        return screen.lines().filter(l -> l.matches("\\|\\s+\\d+ \\|")).count();
    }

    @Test
    void aFinishedResultLargerThanTheScreenStillPagesUntilQAndASmallOneDoesNotWait() throws Exception {
        shell.enter("CREATE TABLE numbers (n INT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence', "
                + "'fields.n.start' = '1', 'fields.n.end' = '100');");
        shell.awaitScreen("[INFO] Table has been created.");
        shell.press("C-l");

        shell.enter("SELECT n FROM numbers;");
        String finished = shell.awaitScreen("the table has 100 rows, the last 34 shown (PgDn/PgUp, q: done).");
        assertThat(finished.strip()).doesNotEndWith("runnel>");
        assertThat(numberLines(finished)).isEqualTo(34);

        shell.press("Home");
        assertThat(numberLines(shell.awaitScreen("the first 34 shown"))).isEqualTo(34);
        shell.press("PageDown");
        assertThat(numberLines(shell.awaitScreen(", rows 35-68 shown"))).isEqualTo(34);
        shell.press("End");
        shell.awaitScreen("the last 34 shown");
        shell.press("q");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(shell.screen().strip())
                .endsWith("runnel>").contains("the last 34 shown. Query fin").doesNotContain("q: done"));

        // The q was the pager's: the prompt is empty, and a result that fits the screen returns at once.
        shell.press("C-l");
        shell.enter("SELECT n FROM numbers WHERE n <= 3;");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(shell.screen().strip())
                .contains("the table has 3 rows. Query finished.").endsWith("runnel>"));
    }

    @Test
    void anInsertShowsItsProgressUntilCtrlCDetachesAndTheJobKeepsRunning() throws Exception {
        shell.enter("CREATE TABLE sink (user_id INT, a STRING, b STRING, c STRING, d STRING) "
                + "WITH ('connector' = 'blackhole');");
        shell.awaitScreen("[INFO] Table has been created.");

        shell.enter("INSERT INTO sink SELECT * FROM clicks;");
        shell.awaitScreen("Job submitted: ");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(shell.screen())
                .containsPattern("RUNNING: [1-9][\\d,]* records in, [\\d,]+ out, [\\d,]+ rows/s, last checkpoint -, "
                        + "backpressure OK, 00:00:\\d\\d\\. Ctrl-C detaches"));

        shell.press("C-c");
        shell.awaitScreen("Detached from job");
        shell.press("C-l");
        shell.enter("SHOW JOBS;");
        assertThat(shell.awaitScreen("1 row in set")).contains("insert-into_default_catalog.default_database.sink",
                "RUNNING");

        // the job's id completes after DESCRIBE JOB; expanded display keeps its long lines apart
        shell.enter("\\x on");
        shell.press("C-l");
        shell.type("DESCRIBE JOB '");
        shell.press("Tab");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(shell.screen())
                .containsPattern("runnel> DESCRIBE JOB '[0-9a-f]{32}'"));
        shell.enter(";");
        String described = shell.awaitScreen("rows in set");
        // (its status, RUNNING, has scrolled off the top of the 24-line screen; SHOW JOBS showed it)
        assertThat(described).contains("property | scheduler mode\nvalue    | default\n",
                "property | checkpoints\nvalue    | -\n", "property | backpressure\nvalue    | OK\n");
        // the vertex's line is wider than the terminal, which wraps it
        assertThat(shell.screenUnwrapped())
                .containsPattern("value    \\| parallelism 1, RUNNING 1, slots .+, \\d+ records in, \\d+ out, "
                        + "busy \\d+%, backpressured \\d+% \\(OK\\), idle \\d+%");
    }
    @Test
    void underDmlSyncAnInsertWaitsForItsJobAndCtrlCCancelsIt() throws Exception {
        shell.enter("CREATE TABLE sink (user_id INT, a STRING, b STRING, c STRING, d STRING) "
                + "WITH ('connector' = 'blackhole');");
        shell.awaitScreen("[INFO] Table has been created.");
        shell.enter("SET 'table.dml-sync' = 'true';");
        shell.awaitScreen("[INFO] Session property has been set.");

        shell.enter("CREATE TABLE few (user_id INT, a STRING, b STRING, c STRING, d STRING) "
                + "WITH ('connector' = 'datagen', 'number-of-rows' = '500');");
        shell.awaitScreen("[INFO] Table has been created.");
        shell.press("C-l");
        shell.enter("INSERT INTO sink SELECT * FROM few;");
        String done = shell.awaitScreen("[INFO] Complete execution of the SQL update statement.");
        assertThat(done).containsPattern("Job [0-9a-f]{32} finished: 500 records in");

        shell.press("C-l");
        shell.enter("INSERT INTO sink SELECT * FROM clicks;");
        shell.awaitScreen("Ctrl-C cancels the job.");
        shell.press("C-c");
        assertThat(shell.awaitScreen(" canceled: ")).doesNotContain("Complete execution", "Detached");
        shell.press("C-l");
        shell.enter("SHOW JOBS;");
        assertThat(shell.awaitScreen("2 rows in set")).contains("CANCELED", "FINISHED").doesNotContain("RUNNING");
    }
}
