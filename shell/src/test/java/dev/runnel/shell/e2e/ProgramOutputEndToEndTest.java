package dev.runnel.shell.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.SessionEngine;
import dev.runnel.shell.output.OutputFormat;
import dev.runnel.shell.output.ResultOutput;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --output-format csv|tsv|json} on a real embedded cluster, as a CI job uses it: what an
 * insert-only query, a bounded {@code GROUP BY} (its final table) and the {@code changelog}
 * result mode print, and that Python's standard readers ({@code csv}, {@code json}, and
 * PostgreSQL's text format for tsv) read every value back: quotes, commas, tabs, line breaks,
 * backslashes, NULL, empty strings, Unicode, decimals beyond a double's precision, dates,
 * timestamps and nested rows. An unbounded {@code GROUP BY} prints its changelog as it arrives.
 */
class ProgramOutputEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Orders as newline-delimited JSON, the values chosen to need quoting or escaping somewhere. */
    private static final String ORDERS = """
            {"id":1,"name":"plain","amount":12345678901234567890.50,"score":0.1,"paid":true,"day":"2024-01-31","ts":"2024-01-31 12:00:00.123","ts_ltz":"2024-01-31 12:00:00.123Z","place":{"city":"Zürich","zip":8001}}
            {"id":2,"name":"comma, \\"quote\\" and 'apostrophe'","amount":-0.01,"score":-1.5e10,"paid":false,"day":"1970-01-01","ts":"1970-01-01 00:00:00.000","ts_ltz":"1970-01-01 00:00:00.000Z","place":{"city":"a,b\\tc","zip":null}}
            {"id":3,"name":"line\\nbreak\\r\\nand\\ttab \\\\ backslash \\\\N","amount":0,"score":null,"paid":null,"day":null,"ts":null,"ts_ltz":null,"place":null}
            {"id":4,"name":"","amount":null,"score":null,"paid":null,"day":null,"ts":null,"ts_ltz":null,"place":null}
            {"id":5,"name":null,"amount":1,"score":2,"paid":true,"day":"2000-02-29","ts":"2000-02-29 23:59:59.999","ts_ltz":"2000-02-29 23:59:59.999Z","place":{"city":"Grüße 世界 🌊","zip":0}}
            """;

    @TempDir
    Path dir;

    private String script;

    @BeforeEach
    void writeOrders() throws IOException {
        Path orders = Files.writeString(dir.resolve("orders.json"), ORDERS);
        script = "SET 'table.local-time-zone' = 'UTC';\n"
                + "CREATE TABLE orders (id INT, name STRING, amount DECIMAL(22, 2), score DOUBLE, paid BOOLEAN,\n"
                + "  `day` DATE, ts TIMESTAMP(3), ts_ltz TIMESTAMP_LTZ(3), place ROW<city STRING, zip INT>)\n"
                + "  WITH ('connector' = 'filesystem', 'path' = '" + orders + "', 'format' = 'json');\n";
    }

    private String run(String format, String statements) {
        ShellRun run = ShellRun.of(SessionEngine::start, "--output-format", format, "--quiet", "-e", script + statements);
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        return run.out();
    }

    private static final String ALL = "SELECT * FROM orders;";

    @Test
    void csvReadsBackWithPythonsCsvModule() throws Exception {
        assertThat(readBack("csv", run("csv", ALL))).isEqualTo(JSON.readTree("""
                [["id","name","amount","score","paid","day","ts","ts_ltz","place"],
                 ["1","plain","12345678901234567890.50","0.1","true","2024-01-31","2024-01-31T12:00:00.123","2024-01-31T12:00:00.123","(Zürich, 8001)"],
                 ["2","comma, \\"quote\\" and 'apostrophe'","-0.01","-1.5E10","false","1970-01-01","1970-01-01T00:00:00.000","1970-01-01T00:00:00.000","(a,b\\tc, NULL)"],
                 ["3","line\\nbreak\\r\\nand\\ttab \\\\ backslash \\\\N","0.00","","","","","",""],
                 ["4","","","","","","","",""],
                 ["5","","1.00","2.0","true","2000-02-29","2000-02-29T23:59:59.999","2000-02-29T23:59:59.999","(Grüße 世界 🌊, 0)"]]
                """));
    }

    @Test
    void csvTellsNullFromTheEmptyStringByQuotes() {
        assertThat(run("csv", "SELECT id, name FROM orders WHERE id >= 4;")).isEqualTo("id,name\n4,\"\"\n5,\n");
    }

    @Test
    void tsvReadsBackAsPostgresTextFormat() throws Exception {
        assertThat(readBack("tsv", run("tsv", ALL))).isEqualTo(JSON.readTree("""
                [["id","name","amount","score","paid","day","ts","ts_ltz","place"],
                 ["1","plain","12345678901234567890.50","0.1","true","2024-01-31","2024-01-31T12:00:00.123","2024-01-31T12:00:00.123","(Zürich, 8001)"],
                 ["2","comma, \\"quote\\" and 'apostrophe'","-0.01","-1.5E10","false","1970-01-01","1970-01-01T00:00:00.000","1970-01-01T00:00:00.000","(a,b\\tc, NULL)"],
                 ["3","line\\nbreak\\r\\nand\\ttab \\\\ backslash \\\\N","0.00",null,null,null,null,null,null],
                 ["4","",null,null,null,null,null,null,null],
                 ["5",null,"1.00","2.0","true","2000-02-29","2000-02-29T23:59:59.999","2000-02-29T23:59:59.999","(Grüße 世界 🌊, 0)"]]
                """));
    }

    @Test
    void jsonReadsBackWithPythonsJsonModule() throws Exception {
        // Decimals come back exactly (printed as strings by the reader); TIMESTAMP_LTZ is UTC.
        assertThat(readBack("json", run("json", ALL))).isEqualTo(JSON.readTree("""
                [{"id":1,"name":"plain","amount":"12345678901234567890.50","score":"0.1","paid":true,"day":"2024-01-31",
                  "ts":"2024-01-31T12:00:00.123","ts_ltz":"2024-01-31T12:00:00.123+00:00","place":{"city":"Zürich","zip":8001}},
                 {"id":2,"name":"comma, \\"quote\\" and 'apostrophe'","amount":"-0.01","score":"-1.5E+10","paid":false,
                  "day":"1970-01-01","ts":"1970-01-01T00:00:00.000","ts_ltz":"1970-01-01T00:00:00.000+00:00",
                  "place":{"city":"a,b\\tc","zip":null}},
                 {"id":3,"name":"line\\nbreak\\r\\nand\\ttab \\\\ backslash \\\\N","amount":"0.00","score":null,"paid":null,
                  "day":null,"ts":null,"ts_ltz":null,"place":null},
                 {"id":4,"name":"","amount":null,"score":null,"paid":null,"day":null,"ts":null,"ts_ltz":null,"place":null},
                 {"id":5,"name":null,"amount":"1.00","score":"2.0","paid":true,"day":"2000-02-29","ts":"2000-02-29T23:59:59.999",
                  "ts_ltz":"2000-02-29T23:59:59.999+00:00","place":{"city":"Grüße 世界 🌊","zip":0}}]
                """));
    }

    private static final String TOTALS = "SELECT paid, COUNT(*) AS n, SUM(amount) AS total FROM orders GROUP BY paid;";

    /*
     * The changelog is +I true, +I false, +I NULL, then NULL and true are updated: Flink's
     * materialized result appends each +U, so the rows end in the order of their last change.
     */
    @Test
    void aBoundedGroupByPrintsItsFinalTable() throws Exception {
        assertThat(run("csv", TOTALS)).isEqualTo("""
                paid,n,total
                false,1,-0.01
                ,2,0.00
                true,2,12345678901234567891.50
                """);
        assertThat(readBack("json", run("json", TOTALS))).isEqualTo(JSON.readTree("""
                [{"paid":false,"n":1,"total":"-0.01"},{"paid":null,"n":2,"total":"0.00"},
                 {"paid":true,"n":2,"total":"12345678901234567891.50"}]
                """));
    }

    @Test
    void theChangelogResultModePrintsTheChangesWithTheirKind() {
        assertThat(run("tsv", "SET 'sql-client.execution.result-mode' = 'changelog';\n" + TOTALS)).isEqualTo("""
                op\tpaid\tn\ttotal
                +I\ttrue\t1\t12345678901234567890.50
                +I\tfalse\t1\t-0.01
                +I\t\\N\t1\t0.00
                -U\t\\N\t1\t0.00
                +U\t\\N\t2\t0.00
                -U\ttrue\t1\t12345678901234567890.50
                +U\ttrue\t2\t12345678901234567891.50
                """);
    }

    /*
     * An endless aggregate has no final table: its changes are printed as they arrive, with
     * their op, until the script is stopped (here by the test, as Ctrl-C would).
     */
    @Test
    void anUnboundedGroupByPrintsItsChangelogAsItArrives() throws Exception {
        StringWriter text = new StringWriter();
        AtomicBoolean stop = new AtomicBoolean();
        try (SessionEngine engine = SessionEngine.start(new Configuration())) {
            engine.execute("CREATE TABLE clicks (k INT) WITH ('connector' = 'datagen', 'rows-per-second' = '50', "
                    + "'fields.k.min' = '1', 'fields.k.max' = '2')");
            StatementResult result = engine.execute("SELECT k, COUNT(*) AS n FROM clicks GROUP BY k");
            ResultOutput output = new ResultOutput(new PrintWriter(text), OutputFormat.CSV, true);
            CompletableFuture<Boolean> printing = CompletableFuture.supplyAsync(
                    () -> output.print(result, engine.configuration(), stop::get));

            Pattern firstUpdate = Pattern.compile("\n-U,([12]),1\n\\+U,\\1,2\n");
            await().atMost(Duration.ofSeconds(30)).until(() -> firstUpdate.matcher(text.toString()).find());
            stop.set(true);

            assertThat(printing.get(30, TimeUnit.SECONDS)).as("stopped, not ended").isFalse();
            assertThat(text.toString()).startsWith("op,k,n\n+I,");
        }
    }

    /** What Python's reader for {@code format} reads from {@code output}, as {@code read_back.py} prints it. */
    private JsonNode readBack(String format, String output) throws IOException, InterruptedException, URISyntaxException {
        Assumptions.assumeTrue(pythonAvailable(), "python3 is not installed");
        Path printed = Files.writeString(dir.resolve("printed." + format), output, StandardCharsets.UTF_8);
        Path reader = Path.of(ProgramOutputEndToEndTest.class.getResource("/output/read_back.py").toURI());
        Process python = new ProcessBuilder("python3", reader.toString(), format, printed.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String read = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(python.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(python.exitValue()).as("read_back.py on\n%s", output).isZero();
        return JSON.readTree(read);
    }

    private static boolean pythonAvailable() {
        try {
            Process p = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
