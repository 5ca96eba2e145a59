package dev.runnel.shell.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.cli.BuiltinCommand;
import dev.runnel.shell.command.BackslashCommand;
import dev.runnel.shell.engine.SessionEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/shell.md} says what the shell shows; this test reads the page's lists and checks
 * them against the shell, so that they cannot drift again: the columns of {@code SHOW JOBS},
 * the properties of {@code DESCRIBE JOB}, the backslash commands and the job statements that
 * {@code HELP;} names.
 */
class ShellDocsTest {
    private static final Pattern QUOTED = Pattern.compile("`([^`]+)`");

    private static String page;

    @BeforeAll
    static void read() throws IOException {
        page = Files.readString(Path.of("..", "docs", "shell.md"), StandardCharsets.UTF_8).replaceAll("\\s*\\n\\s*", " ");
    }

    /** The backquoted names in the page between {@code from} and {@code to}. */
    private static List<String> quoted(String from, String to) {
        int start = page.indexOf(from);
        assertThat(start).as("docs/shell.md says '%s'", from).isNotNegative();
        int end = page.indexOf(to, start + from.length());
        assertThat(end).as("docs/shell.md says '%s' after '%s'", to, from).isPositive();
        Matcher m = QUOTED.matcher(page.substring(start + from.length(), end));
        return m.results().map(r -> r.group(1)).toList();
    }

    @Test
    void showJobsAndDescribeJobHaveTheColumnsAndPropertiesThePageLists() {
        try (SessionEngine engine = SessionEngine.start(new Configuration(Map.of("parallelism.default", "1")))) {
            engine.execute("CREATE TABLE few (n INT) WITH ('connector' = 'datagen', 'number-of-rows' = '3')");
            engine.execute("CREATE TABLE sink (n INT) WITH ('connector' = 'blackhole')");
            var job = (StatementResult.JobSubmitted) engine.execute("INSERT INTO sink SELECT * FROM few");
            engine.cluster().jobTermination(job.jobId()).join();

            StatementResult.Table jobs = (StatementResult.Table) engine.execute("SHOW JOBS");
            assertThat(jobs.columns().stream().map(ColumnInfo::name).toList())
                    .isEqualTo(quoted("`SHOW JOBS;` lists the jobs, oldest first, in the columns", " ("));

            StatementResult.Table described = (StatementResult.Table) engine.execute("DESCRIBE JOB '" + job.jobId() + "'");
            List<String> properties = described.rows().stream().map(r -> (String) r.getField(0))
                    .filter(p -> !p.startsWith("vertex ") && !p.startsWith("metric ")).toList();
            assertThat(properties).isEqualTo(quoted("rows, in the properties", ", then one"));
            assertThat(described.rows().stream().map(r -> (String) r.getField(0))).anyMatch(p -> p.startsWith("vertex 1: "));
        }
    }

    @Test
    void theBackslashCommandsAreThoseOfThePagesTable() {
        List<String> documented = QUOTED.matcher(page.substring(page.indexOf("| command | does |"),
                page.indexOf("`HELP;` lists"))).results().map(r -> r.group(1))
                .filter(t -> t.startsWith("\\")).flatMap(t -> Arrays.stream(t.split(",\\s*")))
                .map(t -> t.split(" ")[0].substring(1)).distinct().toList();
        assertThat(documented).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(BackslashCommand.Name.values()).map(n -> n.text).collect(Collectors.toSet()));
    }

    @Test
    void helpNamesEveryJobStatementThePageLists() {
        List<String> statements = quoted("the job statements among them:", "(see");
        assertThat(statements).contains("STOP JOB '<id>' WITH SAVEPOINT");
        for (String statement : statements) {
            // HELP writes optional parts in brackets: STOP JOB '<id>' [WITH SAVEPOINT [WITH DRAIN]]
            String words = Arrays.stream(statement.split(" ")).map(Pattern::quote)
                    .collect(Collectors.joining("[\\s\\[\\]]+"));
            assertThat(BuiltinCommand.HELP_TEXT).as("HELP names %s", statement).containsPattern(words);
        }
    }
}
