package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import dev.runnel.runtime.testing.ShoutJar;
import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.SessionEngine;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session cluster: {@code runnel jobmanager} in a JVM of its own, two
 * {@code runnel taskmanager}s with 2 slots each in JVMs of their own, and shells and scripts in
 * other JVMs submitting to it with {@code --jobmanager}. Every process is stopped by its own id,
 * also when a test fails.
 */
class SessionClusterIT {
    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration RUN = Duration.ofSeconds(180);
    // Tables are TEMPORARY: the cluster keeps permanent ones for every later script, and several define these.
    private static final String NUMBERS = "CREATE TEMPORARY TABLE numbers (n BIGINT) WITH ('connector' = 'datagen',"
            + " 'fields.n.kind' = 'sequence', 'fields.n.start' = '1', 'fields.n.end' = '20000');\n";

    @TempDir
    static Path dir;
    @RegisterExtension
    final OutputOnFailure output = new OutputOnFailure(() -> dir);
    private static RunnelProcess jobManager;
    private static String host;
    private static int port;
    private static String rest;

    private static final List<RunnelProcess> taskManagers = new ArrayList<>();

    @BeforeAll
    static void startCluster() {
        jobManager = RunnelProcess.start(dir, "jobmanager", "--rpc-port", "0", "--rest-port", "0");
        String out = jobManager.awaitOut(JobManagerCommand.READY, START);
        Matcher address = Pattern.compile("RPC at (127\\.0\\.0\\.1):(\\d+), REST at ([^,\\s]+)").matcher(out);
        assertThat(address.find()).as(out).isTrue();
        host = address.group(1);
        port = Integer.parseInt(address.group(2));
        rest = address.group(3);
        for (int i = 0; i < 2; i++) {
            taskManagers.add(RunnelProcess.start(dir, "taskmanager", "--jobmanager", jobManagerAddress(), "--slots", "2"));
        }
        taskManagers.forEach(tm -> tm.awaitOut(TaskManagerCommand.REGISTERED, START));
    }

    @AfterAll
    static void stopCluster() {
        taskManagers.forEach(RunnelProcess::close);
        if (jobManager != null) {
            jobManager.close();
            assertThat(jobManager.isAlive()).isFalse();
        }
        assertThat(taskManagers).noneMatch(RunnelProcess::isAlive);
    }

    private static String jobManagerAddress() {
        return host + ":" + port;
    }

    private static Path script(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static List<String> sortedLines(String text) {
        return text.lines().filter(l -> !l.isBlank()).sorted().toList();
    }

    @Test
    void aKeyedAggregationAtParallelismFourOverTwoTaskManagersGivesWhatEmbeddedGives() throws IOException {
        Path script = script("agg.sql", "SET 'parallelism.default' = '4';\n" + NUMBERS
                + "SELECT n % 7 AS k, COUNT(*) AS c, SUM(n) AS s FROM numbers GROUP BY n % 7;\n");
        try (RunnelProcess client = RunnelProcess.start(dir, "--jobmanager", jobManagerAddress(), "-q",
                "--output-format", "csv", "-f", script.toString())) {
            int exit = client.waitFor(RUN);
            assertThat(exit).as(client.err()).isZero();
            ShellRun embedded = ShellRun.of(SessionEngine::start, "--slots", "4", "-q", "--output-format", "csv", "-f",
                    script.toString());
            assertThat(embedded.exitCode()).as(embedded.err()).isZero();
            assertThat(sortedLines(client.out())).hasSize(8).isEqualTo(sortedLines(embedded.out()));
            assertThat(client.out()).contains("0,2857,28578571");
        }
    }

    @Test
    void twoScriptsRunAtOnceAndAJobsFailureComesBackWithTheJobManagersMessage() throws IOException {
        Path words = Files.writeString(dir.resolve("words.csv"), "1\n2\nabc\n");
        Path good = script("good.sql", NUMBERS + "SELECT COUNT(*) AS c FROM numbers;\n");
        Path bad = script("bad.sql", "CREATE TEMPORARY TABLE words (s STRING) WITH ('connector' = 'filesystem', 'path' = '"
                + words + "', 'format' = 'csv');\nSELECT CAST(s AS INT) AS i FROM words;\n");
        try (RunnelProcess first = RunnelProcess.start(dir, "--jobmanager", jobManagerAddress(), "-q",
                "--output-format", "csv", "-f", good.toString());
             RunnelProcess second = RunnelProcess.start(dir, "--jobmanager", jobManagerAddress(), "-q",
                     "-f", bad.toString())) {
            assertThat(first.waitFor(RUN)).as(first.err()).isZero();
            assertThat(first.out()).contains("20000");
            assertThat(second.waitFor(RUN)).isEqualTo(1);
            assertThat(second.err()).contains("'abc'").contains("TRY_CAST");
        }
    }

    @Test
    void aJobCancelledOnTheClusterEndsTheScriptWaitingForItAndTheClusterGoesOn() throws Exception {
        Path script = script("endless.sql", "CREATE TEMPORARY TABLE ticks (n BIGINT) WITH ('connector' = 'datagen',"
                + " 'rows-per-second' = '50');\nCREATE TEMPORARY TABLE sink (n BIGINT) WITH ('connector' = 'blackhole');\n"
                + "INSERT INTO sink SELECT n FROM ticks;\n");
        try (RunnelProcess client = RunnelProcess.start(dir, "--jobmanager", jobManagerAddress(), "-f",
                script.toString());
             RemoteClusterClient cluster = RemoteClusterClient.connect(host, port)) {
            JobInfo running = await().atMost(RUN).until(() -> cluster.listJobs().stream()
                    .filter(j -> j.name().contains("sink") && j.status() == JobStatus.RUNNING)
                    .findFirst().orElse(null), j -> j != null);
            ShellRun shown = ShellRun.of(SessionEngine::start, "--jobmanager", jobManagerAddress(), "-e", "SHOW JOBS;");
            assertThat(shown.out()).as("another client sees the job").contains(running.id().toString())
                    .contains("RUNNING");
            // a savepoint needs every subtask running (as in Flink), not only the job
            await().atMost(RUN).until(() -> cluster.getJob(running.id()).vertices().stream().allMatch(v ->
                    v.subtaskStates().getOrDefault("RUNNING", 0) == v.parallelism()));
            String savepoint = cluster.triggerSavepoint(running.id(), dir.resolve("savepoints").toString())
                    .get(60, TimeUnit.SECONDS);
            assertThat(savepoint).contains(dir.resolve("savepoints").toString());
            cluster.cancelJob(running.id());
            assertThat(client.waitFor(RUN)).isNotZero();
            assertThat(client.err()).contains(running.id().toString()).contains("was cancelled");
            assertThat(cluster.getJob(running.id()).status()).isEqualTo(JobStatus.CANCELED);
        }
    }

    @Test
    void aSlowConsumerHoldsAFastSourceBackAcrossTheNetworkAndTheTaskManagersMemoryStaysFlat() throws Exception {
        Path jar = ShoutJar.create(dir.resolve("backpressure"));
        // parallelism 4 over two TaskManagers of two slots: half the rows cross the network to
        // aggregate subtasks whose chained crawl() takes a millisecond a row
        Path script = script("backpressure.sql", "SET 'parallelism.default' = '4';\n"
                + "CREATE FUNCTION crawl AS 'jarred.Crawl' USING JAR '" + jar + "';\n"
                + "CREATE TEMPORARY TABLE fast (n BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '1000000',"
                + " 'fields.n.min' = '1', 'fields.n.max' = '1000');\n"
                + "CREATE TEMPORARY TABLE slow_sink (k BIGINT, c BIGINT) WITH ('connector' = 'blackhole');\n"
                + "INSERT INTO slow_sink SELECT k, crawl(c) FROM (SELECT n % 100 AS k, COUNT(*) AS c FROM fast"
                + " GROUP BY n % 100);\n");
        try (RemoteClusterClient cluster = RemoteClusterClient.connect(host, port);
             RunnelProcess client = RunnelProcess.start(dir, "--jobmanager", jobManagerAddress(), "-f",
                     script.toString())) {
            JobInfo job = await().atMost(RUN).until(() -> job(cluster, "slow_sink", JobStatus.RUNNING), j -> j != null);
            try {
                // the source is held back: back-pressured most of the time, as the metrics say
                await().atMost(RUN).until(() -> cluster.getJob(job.id()).vertices().get(0).times(),
                        t -> t != null && t.backPressuredTimeMsPerSecond() > 500);
                JobInfo before = cluster.getJob(job.id());
                long rssBefore = taskManagers.stream().mapToLong(SessionClusterIT::rssKib).sum();
                long sinkBefore = sinkRows(before);
                // the sink takes another 10,000 rows (some seconds at the crawl's pace)
                JobInfo after = await().atMost(RUN).until(() -> cluster.getJob(job.id()),
                        j -> sinkRows(j) > sinkBefore + 10_000);
                long rssAfter = taskManagers.stream().mapToLong(SessionClusterIT::rssKib).sum();
                long read = sourceRows(after) - sourceRows(before);
                long written = sinkRows(after) - sinkBefore;
                // unthrottled the source would read a million rows a second; held back, it reads
                // about what the sink takes (each row is a retraction and an update there) plus
                // what the channels hold, which is bounded
                assertThat(read).as("rows the source read while the sink took %d", written)
                        .isLessThan(written + 150_000);
                assertThat(rssAfter - rssBefore).as("growth of the TaskManagers' resident memory, KiB")
                        .isLessThan(96 * 1024);
                // REST shows each TaskManager's memory, from its heartbeats, as the operating system sees it
                for (JsonNode tm : new ObjectMapper().readTree(get("/taskmanagers")).get("taskmanagers")) {
                    long pid = Long.parseLong(tm.get("path").asText().split(" ")[1]);
                    RunnelProcess process = taskManagers.stream().filter(p -> p.pid() == pid).findFirst().orElseThrow();
                    JsonNode metrics = tm.get("metrics");
                    assertThat(metrics.get("rss").asLong() / 1024).as("rss of %s", tm)
                            .isBetween(rssKib(process) / 2, rssKib(process) * 2);
                    assertThat(metrics.get("heapUsed").asLong()).as("heapUsed of %s", tm).isPositive()
                            .isLessThanOrEqualTo(metrics.get("heapMax").asLong());
                    assertThat(tm.get("hardware").get("physicalMemory").asLong()).isPositive();
                }
            } finally {
                cluster.cancelJob(job.id());
                await().atMost(RUN).until(() -> cluster.getJob(job.id()).status() == JobStatus.CANCELED);
            }
        }
    }

    private static long sourceRows(JobInfo job) {
        return job.vertices().stream().mapToLong(VertexInfo::recordsIn).sum();
    }

    private static long sinkRows(JobInfo job) {
        return job.vertices().stream().mapToLong(VertexInfo::recordsOut).sum();
    }

    /** A process's resident memory, from /proc (Linux), in KiB. */
    private static long rssKib(RunnelProcess process) {
        try {
            return Files.readAllLines(Path.of("/proc/" + process.pid() + "/status")).stream()
                    .filter(line -> line.startsWith("VmRSS:"))
                    .mapToLong(line -> Long.parseLong(line.replaceAll("\\D", ""))).findFirst().orElseThrow();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void jobsShareTheSlotsAndOneThatDoesNotFitWaitsSayingForWhatAndRunsWhenTheSlotsFreeUp() throws Exception {
        String endless = "CREATE TEMPORARY TABLE ticks (n BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '20');\n"
                + "CREATE TEMPORARY TABLE %s (n BIGINT, c BIGINT) WITH ('connector' = 'blackhole');\n"
                + "SET 'parallelism.default' = '2';\nINSERT INTO %s SELECT n %% 3, COUNT(*) FROM ticks GROUP BY n %% 3;\n";
        Path first = script("first.sql", endless.formatted("first_sink", "first_sink"));
        Path second = script("second.sql", endless.formatted("second_sink", "second_sink"));
        Path third = script("third.sql", endless.formatted("third_sink", "third_sink"));
        try (RemoteClusterClient cluster = RemoteClusterClient.connect(host, port);
             RunnelProcess one = RunnelProcess.start(dir, "--jobmanager", jobManagerAddress(), "-f", first.toString());
             RunnelProcess two = RunnelProcess.start(dir, "--jobmanager", jobManagerAddress(), "-f", second.toString())) {
            JobInfo holding = await().atMost(RUN).until(() -> job(cluster, "first_sink", JobStatus.RUNNING), j -> j != null);
            await().atMost(RUN).until(() -> job(cluster, "second_sink", JobStatus.RUNNING), j -> j != null);
            // three vertices at parallelism 2 each (source, aggregate, sink) share two slots: the two jobs hold all four
            assertThat(holding.vertices()).hasSizeGreaterThanOrEqualTo(2);
            assertThat(get("/taskmanagers")).contains("\"freeSlots\":0").doesNotContain("\"freeSlots\":1")
                    .doesNotContain("\"freeSlots\":2");
            // and REST says where each subtask runs: a TaskManager process, by its pid
            String vertex = "/jobs/" + holding.id() + "/vertices/" + String.format("%032x", holding.vertices().get(0).id());
            String subtasks = await().atMost(RUN).until(() -> get(vertex),
                    body -> body.split("\"status\":\"RUNNING\"", -1).length == 3);
            assertThat(subtasks).contains("\"subtask\":0").contains("\"subtask\":1").contains("\"host\":\"pid ")
                    .contains("\"taskmanager-id\":\"tm-");
            try (RunnelProcess three = RunnelProcess.start(dir, "--jobmanager", jobManagerAddress(), "-f",
                    third.toString())) {
                JobInfo waiting = await().atMost(RUN).until(() -> job(cluster, "third_sink", JobStatus.CREATED),
                        j -> j != null && j.waitingFor() != null);
                assertThat(waiting.waitingFor()).startsWith("2 of the cluster's 4 slots, which other jobs hold");
                ShellRun shown = ShellRun.of(SessionEngine::start, "--jobmanager", jobManagerAddress(), "-e",
                        "SHOW JOBS;");
                assertThat(shown.out()).contains("CREATED (waiting for slots)");
                assertThat(get("/jobs/" + waiting.id())).contains("\"waiting-for\":\"2 of the cluster's 4 slots");

                cluster.cancelJob(holding.id());
                JobInfo running = await().atMost(RUN).until(() -> cluster.getJob(waiting.id()),
                        j -> j.status() == JobStatus.RUNNING);
                assertThat(running.waitingFor()).isNull();
                cluster.listJobs().stream().filter(j -> !j.status().isTerminal()).forEach(j -> cluster.cancelJob(j.id()));
                assertThat(three.waitFor(RUN)).isNotZero();
            }
            assertThat(one.waitFor(RUN)).isNotZero();
            assertThat(two.waitFor(RUN)).isNotZero();
        }
    }

    private static String get(String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(rest + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static JobInfo job(RemoteClusterClient cluster, String sink, JobStatus status) {
        return cluster.listJobs().stream().filter(j -> j.name().contains(sink) && j.status() == status)
                .findFirst().orElse(null);
    }

    @Test
    void aJobManagerOutOfReachIsAClearErrorAndABadAddressABadCommandLine() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        ShellRun unreachable = ShellRun.of(SessionEngine::start, "--jobmanager", "127.0.0.1:" + closed, "-e",
                "SELECT 1;");
        assertThat(unreachable.exitCode()).isEqualTo(1);
        assertThat(unreachable.err()).contains("Cannot reach the JobManager at 127.0.0.1:" + closed)
                .contains("Connection refused").doesNotContain("Unexpected error");
        ShellRun malformed = ShellRun.of(SessionEngine::start, "--jobmanager", "localhost", "-e", "SELECT 1;");
        assertThat(malformed.exitCode()).isEqualTo(2);
        assertThat(malformed.err()).contains("--jobmanager takes HOST:PORT");
    }

    @Test
    void randomBytesSentToEveryPortLeaveTheClusterServing() throws Exception {
        List<Integer> ports = new ArrayList<>(List.of(port));
        Matcher dataPorts = Pattern.compile("\"dataPort\":(\\d+)").matcher(get("/taskmanagers"));
        while (dataPorts.find()) {
            ports.add(Integer.parseInt(dataPorts.group(1)));
        }
        assertThat(ports).as("the JobManager's RPC port and each TaskManager's data port").hasSize(3);
        byte[] noise = new byte[64 << 10];
        new Random(14).nextBytes(noise);
        for (int target : ports) {
            try (Socket socket = new Socket(host, target); OutputStream out = socket.getOutputStream()) {
                out.write(noise);
                out.flush();
            } catch (IOException peerClosedFirst) {
                // the server may drop the connection before all of the noise is written
            }
        }
        assertThat(jobManager.isAlive()).isTrue();
        assertThat(taskManagers).allMatch(RunnelProcess::isAlive);
        // and the data ports still carry a job that spans both TaskManagers
        Path script = script("after-noise.sql", "SET 'parallelism.default' = '4';\n" + NUMBERS
                + "SELECT COUNT(DISTINCT n) AS c FROM numbers;\n");
        try (RunnelProcess client = RunnelProcess.start(dir, "--jobmanager", jobManagerAddress(), "-q",
                "--output-format", "csv", "-f", script.toString())) {
            assertThat(client.waitFor(RUN)).as(client.err()).isZero();
            assertThat(client.out()).contains("20000");
        }
    }

    @Test
    void aWiderBindWithoutAClusterSecretIsRefused() {
        ShellRun wide = ShellRun.of(SessionEngine::start, "jobmanager", "--bind", "0.0.0.0", "--rpc-port", "0");
        assertThat(wide.exitCode()).isEqualTo(2);
        assertThat(wide.err()).contains("--bind 0.0.0.0 is not a loopback address: binding wider needs a cluster"
                + " secret that every connection proves; set security.cluster-secret.file");
    }
}
