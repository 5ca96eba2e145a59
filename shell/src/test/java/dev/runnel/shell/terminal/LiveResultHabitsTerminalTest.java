package dev.runnel.shell.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a person used to Flink's SQL client and psql expects of a live result, in the real shell
 * in a pseudo-terminal ({@link TmuxShell}): a Ctrl-C that stops a query is not one toward
 * leaving the shell, the table follows new rows until the person scrolls back, values are shown
 * whole (the screen's width, {@code \x}, escaped control characters, scrolling sideways rather
 * than shrinking columns), and a job that fails and restarts says so.
 */
class LiveResultHabitsTerminalTest {
    /** An append-only stream, 20 rows a second: 1, 2, 3, … */
    private static final String NUMBERS = "CREATE TABLE numbers (n INT) WITH ('connector' = 'datagen', "
            + "'fields.n.kind' = 'sequence', 'fields.n.start' = '1', 'fields.n.end' = '1000000', "
            + "'rows-per-second' = '20');";
    private static final Pattern NUMBER_LINE = Pattern.compile("(?m)^\\|\\s+(\\d+) \\|$");
    /** What the shell says at the first Ctrl-C at an empty prompt. */
    private static final String EXIT_HINT = "Press Ctrl-C again to exit, or type QUIT;";
    private static final Pattern SHOWN = Pattern.compile("(the first \\d+|rows \\d+-\\d+) shown");

    /** The terminal the reports must fit. */
    private static final int REPORT_COLUMNS = 180;

    @TempDir
    Path home;

    private TmuxShell shell;

    @BeforeEach
    void start() throws Exception {
        shell = TmuxShell.start(home);
    }

    @AfterEach
    void stop() {
        shell.close();
    }

    private void run(String statement, String done) throws Exception {
        shell.enter(statement);
        shell.awaitScreen(done);
        shell.press("C-l");
    }

    private static List<Long> numbers(String screen) {
        return NUMBER_LINE.matcher(screen).results().map(m -> Long.parseLong(m.group(1))).toList();
    }

    @Test
    void aCtrlCThatCancelsALiveTableDoesNotCountTowardLeavingTheShell() throws Exception {
        run(NUMBERS, "[INFO] Table has been created.");
        shell.enter("SELECT n FROM numbers;");
        shell.awaitScreen("Ctrl-C stops.");

        shell.press("C-c");
        shell.awaitScreen("Query cancelled.");
        assertThat(shell.screen()).doesNotContain(EXIT_HINT);
        // the first Ctrl-C at the prompt only warns
        shell.press("C-c");
        shell.awaitScreen(EXIT_HINT);
        assertThat(shell.ended()).as("the shell still runs").isFalse();
        shell.enter("SHOW TABLES;");
        shell.awaitScreen("1 row in set");
    }

    @Test
    void theLiveTableFollowsNewRowsUntilTheUserScrollsBackAndEndFollowsAgain() throws Exception {
        run(NUMBERS, "[INFO] Table has been created.");
        shell.enter("SELECT n FROM numbers;");
        String following = shell.awaitScreen("the last 34 shown");
        List<Long> shown = numbers(following);
        assertThat(shown).hasSize(34);
        long newest = shown.get(shown.size() - 1);
        assertThat(newest).as("the newest rows, not the first page").isGreaterThan(34);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            List<Long> later = numbers(shell.screen());
            assertThat(later).isNotEmpty();
            assertThat(later.get(later.size() - 1)).isGreaterThan(newest + 10);
        });

        shell.press("PageUp");
        String back = shell.awaitScreen(" shown (PgUp/PgDn, End: follow)");
        Matcher range = SHOWN.matcher(back);
        assertThat(range.find()).as(back).isTrue();
        String rows = range.group();
        List<Long> held = numbers(back);
        long received = received(back);
        await().atMost(Duration.ofSeconds(30)).until(() -> received(shell.screen()) > received + 20);
        assertThat(shell.screen()).as("stays where the person scrolled").contains(rows);
        assertThat(numbers(shell.screen())).isEqualTo(held);

        shell.press("End");
        shell.awaitScreen("the last 34 shown");
        long newestNow = numbers(shell.screen()).get(33);
        assertThat(newestNow).isGreaterThan(held.get(held.size() - 1) + 20);
        shell.press("C-c");
        shell.awaitScreen("Query cancelled.");
    }

    private static String tableLines(String screen) {
        return screen.lines().filter(l -> l.startsWith("|")).collect(Collectors.joining("\n"));
    }

    private static long received(String screen) {
        Matcher m = Pattern.compile("Received (\\d+) rows?").matcher(screen);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    @Test
    void longStringsAreShownWholeWhereTheScreenHasRoomAndControlCharactersAreEscaped() throws Exception {
        String value = "x".repeat(70) + "-END";
        Path in = Files.createDirectories(home.resolve("texts"));
        Files.writeString(in.resolve("texts.json"), "{\"s\":\"" + value + "\",\"t\":\"a\\tb\"}\n");
        run("CREATE TABLE texts (s STRING, t STRING) WITH ('connector' = 'filesystem', 'path' = '" + in
                + "', 'format' = 'json');", "[INFO] Table has been created.");
        shell.enter("SELECT s, t FROM texts;");
        String table = shell.awaitScreen("Query finished.");
        assertThat(table).contains("| " + value + " |", "| a\\tb |");

        shell.press("C-l");
        run("SET 'sql-client.execution.result-mode' = 'tableau';", "[INFO] Session property has been set.");
        shell.enter("SELECT s FROM texts;");
        String tableau = shell.awaitScreen("Received a total of 1 row");
        assertThat(tableau).as("not cut at Flink's 30 cells: the column has the screen's width")
                .containsPattern("\\| \\+I \\| +" + value + " \\|");
    }

    @Test
    void expandedDisplayAppliesToQueryResults() throws Exception {
        run("\\x on", "Expanded display is on.");
        String value = "y".repeat(150);
        shell.enter("SELECT 1 AS id, REPEAT('y', 150) AS long_text;");
        String screen = shell.awaitScreen("Query finished.");
        assertThat(screen).contains("-[ RECORD 1 ]", "id        | 1\n");
        // a value wider than the screen goes on over lines of its own, whole
        assertThat(shell.screenUnwrapped().replaceAll("\n +\\| ", "")).contains("long_text | " + value);
    }

    @Test
    void twentyColumnsKeepTheirWidthAndScrollSideways() throws Exception {
        String select = IntStream.rangeClosed(1, 20).mapToObj(c -> (1_000_000_000 + c) + " AS column_" + c)
                .collect(Collectors.joining(", ", "SELECT ", ";"));
        shell.enter(select);
        shell.awaitScreen("the table has 1 row, columns 1-8 of 20 (Left/Right: columns");
        String first = tableLines(shell.screen());
        assertThat(first).contains("column_1 |", "1000000001 |").doesNotContain("column_20", "…");
        assertThat(first.lines()).allSatisfy(l -> assertThat(l).endsWith("|").hasSizeLessThan(TmuxShell.COLUMNS));

        for (int i = 0; i < 19; i++) {
            shell.press("Right");
        }
        shell.awaitScreen("columns 13-20 of 20");
        String last = tableLines(shell.screen());
        assertThat(last).contains("column_20 |", "1000000020 |").doesNotContain("column_1 |");
        shell.press("q");
        await().atMost(Duration.ofSeconds(30)).until(() -> shell.screen().strip().endsWith("runnel>"));
    }

    @Test
    void aJobThatFailsAndRestartsSaysSoAndFailsTheQueryWhenTheRestartsAreUsedUp() throws Exception {
        Path in = Files.createDirectories(home.resolve("in"));
        Files.writeString(in.resolve("orders.json"), "{\"id\":1}\n{\"id\":\"x\"}\n");
        run("SET 'execution.checkpointing.interval' = '1 s';", "[INFO] Session property has been set.");
        run("SET 'restart-strategy.type' = 'fixed-delay';", "[INFO] Session property has been set.");
        run("SET 'restart-strategy.fixed-delay.attempts' = '2';", "[INFO] Session property has been set.");
        run("SET 'restart-strategy.fixed-delay.delay' = '3 s';", "[INFO] Session property has been set.");
        run("CREATE TABLE orders (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '" + in
                + "', 'format' = 'json');", "[INFO] Table has been created.");

        shell.enter("SELECT id FROM orders;");
        String restarting = shell.awaitScreen("1 restart; last failure: Cannot read line 2 of file");
        assertThat(restarting).containsPattern("Job (RESTARTING|RUNNING), 1 restart; last failure: ");
        String failed = shell.awaitScreen("Query failed.");
        assertThat(shell.screenUnwrapped()).contains("the job restarted 2 times and the fixed-delay restart "
                + "strategy allows no more (restart-strategy.fixed-delay.attempts = 2)");
        assertThat(failed).contains("[ERROR]");

        shell.press("C-l");
        shell.enter("SHOW JOBS;");
        assertThat(shell.awaitScreen("1 row in set")).contains("FAILED");
    }

    @Test
    void showJobsAndDescribeJobFitTheScreenLeftAlignedWithOneTimeFormat() throws Exception {
        run(NUMBERS, "[INFO] Table has been created.");
        run("CREATE TABLE sink (n INT) WITH ('connector' = 'blackhole');", "[INFO] Table has been created.");
        shell.enter("INSERT INTO sink SELECT n FROM numbers;");
        shell.awaitScreen("Ctrl-C detaches");
        shell.press("C-c");
        shell.awaitScreen("Detached from job");
        shell.resize(REPORT_COLUMNS);
        shell.press("C-l");

        shell.enter("SHOW JOBS;");
        String jobs = shell.awaitScreen("1 row in set");
        List<String> lines = jobs.lines().filter(l -> l.startsWith("|") || l.startsWith("+")).toList();
        assertThat(lines).as("a header and one row, each on one line:\n%s", jobs).hasSize(5)
                .allSatisfy(l -> assertThat(l.length()).isLessThan(REPORT_COLUMNS));
        Matcher row = Pattern.compile("\\| ([0-9a-f]{32}) \\| (\\S+) +\\| RUNNING +\\| \\d+ +\\| "
                + "(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}) \\|").matcher(jobs);
        assertThat(row.find()).as("left-aligned text, the parallelism, the start time as TIMESTAMP_LTZ(3)").isTrue();
        String startTime = row.group(3);

        shell.press("C-l");
        shell.enter("DESCRIBE JOB '" + row.group(1) + "';");
        String described = shell.awaitScreen("rows in set");
        assertThat(described.lines().filter(l -> l.startsWith("|")))
                .allSatisfy(l -> assertThat(l.length()).isLessThan(REPORT_COLUMNS));
        assertThat(described).containsPattern("\\| status +\\| RUNNING +\\|")
                .containsPattern("\\| start time +\\| " + Pattern.quote(startTime) + " +\\|")
                .containsPattern("\\| restarts +\\| 0 +\\|");
    }
}
