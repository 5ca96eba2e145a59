package dev.runnel.shell.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.EngineFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code runnel bench nexmark} through {@code Main.run}, on real embedded clusters. */
class NexmarkBenchCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The benchmark starts its own clusters; the shell's engine must stay unused. */
    private static final EngineFactory NO_ENGINE = configuration -> {
        throw new AssertionError("bench must not start the shell's engine");
    };

    @TempDir
    Path dir;

    private static ShellRun bench(String... args) {
        // C1 only in the queries' JVMs: each runs a few thousand events, C2 would spend more CPU than they
        List<String> all = new ArrayList<>(List.of("bench", "nexmark", "--jvm-option=-XX:TieredStopAtLevel=1"));
        all.addAll(List.of(args));
        return ShellRun.of(NO_ENGINE, all.toArray(new String[0]));
    }

    private static List<JsonNode> lines(String out) throws Exception {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : out.strip().split("\n")) {
            nodes.add(JSON.readTree(line));
        }
        return nodes;
    }

    @Test
    void jsonOutputHasOneLinePerQueryWithItsFigures() throws Exception {
        ShellRun run = bench("--queries", "q0,q1", "--events", "20000", "--parallelism", "1", "--output", "json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> results = lines(run.out());
        assertThat(results).extracting(r -> r.get("query").asText()).containsExactly("q0", "q1");
        for (JsonNode r : results) {
            assertThat(r.get("status").asText()).as(r.toString()).isEqualTo("ok");
            assertThat(r.get("events").asLong()).isEqualTo(20000);
            assertThat(r.get("events_per_second").asDouble()).isPositive();
            assertThat(r.get("events_per_second_per_core").asDouble()).isPositive();
            assertThat(r.get("seconds").asDouble()).isPositive();
            assertThat(r.get("parallelism").asInt()).isEqualTo(1);
            assertThat(r.get("peak_rss_bytes").asLong()).isPositive();
            assertThat(r.get("peak_heap_bytes").asLong()).isPositive();
            assertThat(r.get("cpu_seconds").asDouble()).isPositive();
            assertThat(r.has("latency_p50_ms")).isTrue();
            assertThat(r.has("latency_p99_ms")).isTrue();
            assertThat(r.has("reason") || r.has("error")).isFalse();
        }
    }

    @Test
    void setReachesEveryQueryAndJvmOptionsMayBeSystemProperties() throws Exception {
        ShellRun run = bench("--queries", "q4", "--events", "20000", "--parallelism", "1", "--output", "json",
                "--jvm-option=-Drunnel.bench.test=1", "--set", "state.backend.rocksdb.compression.per.level=BROTLI");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        JsonNode result = lines(run.out()).get(0);
        assertThat(result.get("status").asText()).isEqualTo("failed");
        assertThat(result.get("error").asText()).contains("state.backend.rocksdb.compression.per.level", "BROTLI");
    }

    @Test
    void q14RunsWithItsUserDefinedFunction() throws Exception {
        ShellRun run = bench("--queries", "q14", "--events", "20000", "--parallelism", "2", "--output", "json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> results = lines(run.out());
        assertThat(results).hasSize(1);
        assertThat(results.get(0).get("status").asText()).as(results.get(0).toString()).isEqualTo("ok");
        assertThat(results.get(0).get("events").asLong()).isEqualTo(20000);
    }

    @Test
    void theTableHasAHeaderAndOneRowPerQuery() {
        ShellRun run = bench("--queries", "q2", "--events", "5000", "--parallelism", "2", "--state-backend", "hashmap");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("5000 events per query", "parallelism 2", "state backend hashmap");
        List<String> rows = run.out().lines().filter(l -> l.startsWith("q")).toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).startsWith("query").contains("events/s", "per core", "p99 ms", "RSS MiB", "CPU s");
        assertThat(rows.get(1)).startsWith("q2").contains(" ok ", " 5000 ");
    }

    @Test
    void theJsonFileSourceReadsTheSameEventsFromFiles() throws Exception {
        ShellRun run = bench("--queries", "q0,q2", "--events", "10000", "--parallelism", "2", "--source", "json-file",
                "--output", "json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> results = lines(run.out());
        assertThat(results).extracting(r -> r.get("query").asText()).containsExactly("q0", "q2");
        for (JsonNode r : results) {
            assertThat(r.get("status").asText()).as(r.toString()).isEqualTo("ok");
            assertThat(r.get("events").asLong()).isEqualTo(10000);
            assertThat(r.get("source").asText()).startsWith("JSON files");
        }
    }

    @Test
    void q13LooksUpTheSideInputFileTheBenchWritesAndDeletes() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        // Only files this run leaves count: a bench killed earlier on the machine may have left one.
        java.util.Set<String> before = sideInputs(tmp);
        ShellRun run = bench("--queries", "q13", "--events", "20000", "--parallelism", "2", "--output", "json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode q13 = lines(run.out()).get(0);
        assertThat(q13.get("status").asText()).as(q13.toString()).isEqualTo("ok");
        assertThat(q13.get("events").asLong()).isEqualTo(20000);
        assertThat(sideInputs(tmp)).isSubsetOf(before);
    }

    private static java.util.Set<String> sideInputs(Path tmp) throws java.io.IOException {
        try (var files = Files.list(tmp)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("runnel-nexmark-side-input"))
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    @Test
    void aRefusedQueryIsUnsupportedWithItsReasonAndTheOthersStillRun() throws Exception {
        Files.writeString(dir.resolve("q0.sql"), """
                CREATE TABLE out0 (auction BIGINT, price BIGINT) WITH ('connector' = 'blackhole');
                INSERT INTO out0 SELECT auction, price FROM bid;
                """);
        Files.writeString(dir.resolve("q1.sql"), """
                CREATE TABLE out1 (auction BIGINT, price BIGINT) WITH ('connector' = 'blackhole');
                INSERT INTO out1 SELECT auction, price FROM bid MATCH_RECOGNIZE (
                  PARTITION BY auction ORDER BY dateTime MEASURES A.price AS price PATTERN (A) DEFINE A AS A.price > 0);
                """);
        Files.writeString(dir.resolve("q2.sql"), """
                CREATE TABLE out2 (auction BIGINT, price BIGINT) WITH ('connector' = 'blackhole');
                INSERT INTO out2 SELECT auction, price FROM bid WHERE price > 1000000;
                """);
        Files.writeString(dir.resolve("notes.txt"), "not a query");

        ShellRun run = bench("--query-dir", dir.toString(), "--events", "3000", "--parallelism", "1",
                "--output", "json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> results = lines(run.out());
        assertThat(results).extracting(r -> r.get("query").asText()).containsExactly("q0", "q1", "q2");
        assertThat(results).extracting(r -> r.get("status").asText()).containsExactly("ok", "unsupported", "ok");
        JsonNode refused = results.get(1);
        assertThat(refused.get("reason").asText()).contains("not supported yet");
        assertThat(refused.get("events").isNull()).isTrue();
        assertThat(refused.get("latency_p99_ms").isNull()).isTrue();
    }

    @Test
    void aQueryThatFailsIsReportedAsFailedAndTheExitCodeSaysSo() throws Exception {
        Files.writeString(dir.resolve("q0.sql"), """
                CREATE TABLE out0 (auction BIGINT) WITH ('connector' = 'blackhole');
                INSERT INTO out0 SELECT no_such_column FROM bid;
                """);
        Files.writeString(dir.resolve("q1.sql"), """
                CREATE TABLE out1 (auction BIGINT) WITH ('connector' = 'blackhole');
                INSERT INTO out1 SELECT auction FROM bid;
                """);

        ShellRun run = bench("--query-dir", dir.toString(), "--events", "1000", "--parallelism", "1");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).containsPattern("(?m)^q0 +failed")
                .containsPattern("(?m)^q1 +ok")
                .containsPattern("(?m)^q0 failed: .*no_such_column");
    }

    @Test
    void eachQueryRunsInItsOwnJvmAndOneThatCrashesItIsFailedWithItsErrorWhileTheNextStillRuns() throws Exception {
        // Too little heap to plan anything: each query's JVM ends at its first OutOfMemoryError.
        ShellRun run = bench("--queries", "q0,q1", "--events", "1000", "--parallelism", "1", "--output", "json",
                "--jvm-option=-Xmx8m", "--jvm-option=-XX:+ExitOnOutOfMemoryError");

        assertThat(run.exitCode()).isEqualTo(1);
        List<JsonNode> results = lines(run.out());
        assertThat(results).extracting(r -> r.get("query").asText()).containsExactly("q0", "q1");
        for (JsonNode r : results) {
            assertThat(r.get("status").asText()).isEqualTo("failed");
            assertThat(r.get("error").asText()).contains("the query's JVM exited with code 3 without a result",
                    "OutOfMemoryError");
            assertThat(r.get("peak_rss_bytes").isNull()).isTrue();
        }
        // This JVM is unharmed and the next run measures normally.
        ShellRun next = bench("--queries", "q0", "--events", "1000", "--parallelism", "1", "--output", "json");
        assertThat(lines(next.out()).get(0).get("status").asText()).as(next.out() + next.err()).isEqualTo("ok");
    }

    @Test
    void badOptionsExitWith2AndNameTheOption() {
        assertRefused("--events must be at least 1, was 0", "--events", "0");
        assertRefused("--queries names an unknown query 'q99'", "--queries", "q0,q99");
        assertThat(bench("--queries", "q99").err()).as("the message lists the queries").contains("q0, q1, q2");
        assertRefused("--state-backend must be rocksdb or hashmap, was 'memory'", "--state-backend", "memory");
        assertRefused("--output must be table or json, was 'xml'", "--output", "xml");
        assertRefused("--source must be generator or json-file, was 'kafka'", "--source", "kafka");
        assertRefused("--latency-interval must be a duration", "--latency-interval", "soon");
        assertRefused("--parallelism must be at least 1, was 0", "--parallelism", "0");

        ShellRun noBenchmark = ShellRun.of(NO_ENGINE, "bench");
        assertThat(noBenchmark.exitCode()).isEqualTo(2);
        assertThat(noBenchmark.err()).contains("Missing the benchmark to run: nexmark");
    }

    private static void assertRefused(String message, String... args) {
        ShellRun run = bench(args);
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains(message);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void helpDescribesTheOptions() {
        ShellRun run = bench("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--queries", "--events", "--parallelism", "--checkpoint-interval",
                "--state-backend", "--output", "--query-dir", "Events/s per core divides events/s by min(P,");
    }
}
