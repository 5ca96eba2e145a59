package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code runnel cluster start|status|stop}, each a JVM of its own as a person runs them, with
 * {@code RUNNEL_HOME} in a temporary directory. The JobManager that {@code start} leaves behind
 * is stopped by its pid after each test, also when the test fails.
 */
class LocalClusterIT {
    private static final Duration RUN = Duration.ofSeconds(120);

    @TempDir
    Path dir;
    @RegisterExtension
    final OutputOnFailure output = new OutputOnFailure(() -> dir);

    /* RUNNEL_HOME and a config.yaml that asks for free ports (what runnel cluster start must read). */
    private Map<String, String> home() {
        try {
            Path conf = Files.createDirectories(dir.resolve("conf"));
            Files.writeString(conf.resolve("config.yaml"), "jobmanager:\n  rpc:\n    port: 0\nrest.port: 0\n");
            return Map.of("RUNNEL_HOME", dir.resolve("home").toString(), "RUNNEL_CONF_DIR", conf.toString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Path pidFile() {
        return dir.resolve("home").resolve("cluster").resolve("jobmanager.pid");
    }

    private Optional<ProcessHandle> jobManager() throws IOException {
        if (!Files.exists(pidFile())) {
            return Optional.empty();
        }
        return ProcessHandle.of(Long.parseLong(Files.readString(pidFile()).strip().split(" ")[0]));
    }

    private RunnelProcess.Result runnel(String... args) {
        try (RunnelProcess process = RunnelProcess.start(dir, home(), args)) {
            int exit = process.waitFor(RUN);
            return new RunnelProcess.Result(exit, process.out(), process.err());
        }
    }

    @AfterEach
    void stopWhatStartLeft() throws IOException {
        Optional<ProcessHandle> left = jobManager();
        left.ifPresent(ProcessHandle::destroyForcibly);
        Path members = dir.resolve("home").resolve("cluster").resolve("members");
        if (Files.exists(members)) {
            for (String line : Files.readAllLines(members)) {
                ProcessHandle.of(Long.parseLong(line.strip().split(" ")[0])).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    /**
     * Issue 18: {@code cluster start --jobmanagers 2} against a real ZooKeeper (curator-test, in
     * this JVM, 100 ms ticks so that a 2 s session is allowed). A shell given only the
     * {@code high-availability.*} settings reaches the leader, and after {@code kill -9} of the
     * leader, the standby.
     */
    @Test
    void startWithTwoJobManagersRunsAPairThatShellsFindThroughZooKeeperAcrossAFailover() throws Exception {
        try (TestingServer zooKeeper = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 100, -1), true)) {
            List<String> ha = List.of("-D", "high-availability.zookeeper.quorum=" + zooKeeper.getConnectString(),
                    "-D", "high-availability.storageDir=file://" + dir.resolve("ha"),
                    "-D", "high-availability.zookeeper.client.session-timeout=2 s");
            List<String> start = new ArrayList<>(List.of("cluster", "start", "--jobmanagers", "2", "--taskmanagers", "1"));
            start.addAll(ha);
            RunnelProcess.Result started = runnel(start.toArray(String[]::new));
            assertThat(started.exit()).as(started.err()).isZero();
            assertThat(started.out()).contains("2 JobManagers contending through ZooKeeper").contains("1 TaskManager");
            List<String> query = new ArrayList<>(List.of("-D", "high-availability.type=zookeeper"));
            query.addAll(ha);
            query.addAll(List.of("-q", "--output-format", "csv", "-e", "SELECT 40 + 2 AS answer;"));
            RunnelProcess.Result answer = runnel(query.toArray(String[]::new));
            assertThat(answer.exit()).as(answer.err()).isZero();
            assertThat(answer.out()).contains("42");

            RunnelProcess.Result status = runnel("cluster", "status");
            assertThat(status.exit()).as(status.out()).isZero();
            Matcher leader = Pattern.compile("leading JobManager at (127\\.0\\.0\\.1:\\d+)").matcher(status.out());
            assertThat(leader.find()).as(status.out()).isTrue();
            assertThat(status.out()).contains("TaskManagers: 1");
            // the leader's pid, from the output of the JobManager at its address
            Path cluster = dir.resolve("home").resolve("cluster");
            long leaderPid = -1;
            for (int i = 1; i <= 2; i++) {
                Matcher ready = Pattern.compile("RPC at " + Pattern.quote(leader.group(1)) + ", .*pid (\\d+)")
                        .matcher(Files.readString(cluster.resolve("jobmanager-" + i + ".out")));
                if (ready.find()) {
                    leaderPid = Long.parseLong(ready.group(1));
                }
            }
            ProcessHandle killed = ProcessHandle.of(leaderPid).orElseThrow();
            killed.destroyForcibly();
            await().atMost(Duration.ofSeconds(30)).until(() -> !killed.isAlive());

            RunnelProcess.Result afterFailover = runnel(query.toArray(String[]::new));
            assertThat(afterFailover.exit()).as(afterFailover.err()).isZero();
            assertThat(afterFailover.out()).contains("42");
            RunnelProcess.Result status2 = runnel("cluster", "status");
            assertThat(status2.out()).contains("leading JobManager at").doesNotContain(leader.group(1));

            List<ProcessHandle> members = new ArrayList<>();
            for (String line : Files.readAllLines(cluster.resolve("members"))) {
                ProcessHandle.of(Long.parseLong(line.strip().split(" ")[0])).ifPresent(members::add);
            }
            RunnelProcess.Result stopped = runnel("cluster", "stop");
            assertThat(stopped.out()).contains("Stopped the highly available session cluster (2 processes)");
            await().atMost(Duration.ofSeconds(30)).until(() -> members.stream().noneMatch(ProcessHandle::isAlive));
        }
    }

    @Test
    void startRunsAJobManagerAndItsTaskManagersInTheBackgroundThatShellsAttachToAndStopLeavesNothingRunning() throws IOException {
        RunnelProcess.Result started = runnel("cluster", "start", "--taskmanagers", "2");
        assertThat(started.exit()).as(started.err()).isZero();
        Matcher address = Pattern.compile("RPC at (127\\.0\\.0\\.1:\\d+)").matcher(started.out());
        assertThat(address.find()).as(started.out()).isTrue();
        ProcessHandle jobManager = jobManager().orElseThrow();
        assertThat(jobManager.isAlive()).as("outlives the command that started it").isTrue();

        RunnelProcess.Result again = runnel("cluster", "start");
        assertThat(again.exit()).isEqualTo(1);
        assertThat(again.err()).contains("already running").contains(String.valueOf(jobManager.pid()));

        RunnelProcess.Result query = runnel("--jobmanager", address.group(1), "-q", "--output-format", "csv",
                "-e", "SELECT 40 + 2 AS answer;");
        assertThat(query.exit()).as(query.err()).isZero();
        assertThat(query.out()).contains("42");

        RunnelProcess.Result status = runnel("cluster", "status");
        assertThat(status.exit()).isZero();
        assertThat(status.out()).contains("Session cluster up").contains(address.group(1)).contains("FINISHED=1")
                .contains("TaskManagers: 2");
        Matcher pids = Pattern.compile(": pid (\\d+) on ").matcher(status.out());
        List<ProcessHandle> taskManagers = new ArrayList<>();
        while (pids.find()) {
            taskManagers.add(ProcessHandle.of(Long.parseLong(pids.group(1))).orElseThrow());
        }
        assertThat(taskManagers).as(status.out()).hasSize(2).allMatch(ProcessHandle::isAlive);
        assertThat(Files.list(dir.resolve("home").resolve("log")))
                .as("the JobManager logs to log/jobmanager-<host>-<pid>.log")
                .anyMatch(p -> p.getFileName().toString().matches("jobmanager-.+-" + jobManager.pid() + "\\.log"));

        RunnelProcess.Result stopped = runnel("cluster", "stop");
        assertThat(stopped.exit()).isZero();
        assertThat(stopped.out()).contains("Stopped the session cluster");
        await().atMost(Duration.ofSeconds(30)).until(() -> !jobManager.isAlive());
        await().atMost(Duration.ofSeconds(30)).until(() -> taskManagers.stream().noneMatch(ProcessHandle::isAlive));
        assertThat(runnel("cluster", "status").exit()).as("nothing runs").isEqualTo(1);
        assertThat(runnel("cluster", "stop").out()).contains("No session cluster is running");
    }

    @Test
    void theShellTakesItsSessionDefaultsFromConfigYamlAndMinusDWins() throws IOException {
        Path conf = Files.createDirectories(dir.resolve("shell-conf"));
        Files.writeString(conf.resolve("config.yaml"), "parallelism.default: 3\ntable:\n  local-time-zone: Asia/Tokyo\n");
        Map<String, String> environment = Map.of("RUNNEL_CONF_DIR", conf.toString());
        try (RunnelProcess shell = RunnelProcess.start(dir, environment, "-D", "parallelism.default=4", "-e", "SET;")) {
            assertThat(shell.waitFor(RUN)).as(shell.err()).isZero();
            assertThat(shell.out()).containsPattern("table.local-time-zone \\| +Asia/Tokyo")
                    .containsPattern("parallelism.default \\| +4 \\|");
        }
        Files.writeString(conf.resolve("config.yaml"), "parallelism.default: 3\nstate.backend.typ: rocksdb\n");
        try (RunnelProcess shell = RunnelProcess.start(dir, environment, "-e", "SELECT 1;")) {
            assertThat(shell.waitFor(RUN)).isEqualTo(1);
            assertThat(shell.err()).contains(conf.resolve("config.yaml") + ":2: Unknown configuration key"
                    + " 'state.backend.typ'. Did you mean 'state.backend.type'?");
        }
    }

    @Test
    void runApplicationRunsAScriptOnAClusterOfItsOwnLeavingNothingBehindAndItsExitCodeSaysHowTheJobsEnded() throws IOException {
        Path out = dir.resolve("out");
        Path good = Files.writeString(dir.resolve("good.sql"), "CREATE TABLE numbers (n BIGINT) WITH ("
                + "'connector' = 'datagen', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1', 'fields.n.end' = '100');\n"
                + "CREATE TABLE sink (n BIGINT) WITH ('connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'csv');\n"
                + "INSERT INTO sink SELECT n FROM numbers;\n");
        try (RunnelProcess application = RunnelProcess.start(dir, "run-application", "--rest-port", "0",
                "--taskmanagers", "2", "-D", "parallelism.default=2", "-D", "taskmanager.numberOfTaskSlots=1",
                good.toString())) {
            assertThat(application.waitFor(RUN)).as(application.err()).isZero();
        }
        List<Long> taskManagers = new ArrayList<>();
        try (var logs = Files.list(dir.resolve("home").resolve("log"))) {
            logs.map(p -> Pattern.compile("taskmanager-.+-(\\d+)\\.log").matcher(p.getFileName().toString()))
                    .filter(Matcher::matches).forEach(m -> taskManagers.add(Long.parseLong(m.group(1))));
        }
        assertThat(taskManagers).as("the TaskManager processes it started, and stopped").hasSize(2)
                .allMatch(pid -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
        try (var files = Files.walk(out)) {
            long rows = files.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("."))
                    .mapToLong(p -> {
                        try {
                            return Files.readAllLines(p).size();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).sum();
            assertThat(rows).isEqualTo(100);
        }
        try (var logs = Files.list(dir.resolve("home").resolve("log"))) {
            assertThat(logs).anyMatch(p -> p.getFileName().toString().startsWith("application-"));
        }

        Path words = Files.writeString(dir.resolve("words.csv"), "1\nabc\n");
        Path bad = Files.writeString(dir.resolve("bad.sql"), "CREATE TABLE words (s STRING) WITH ("
                + "'connector' = 'filesystem', 'path' = '" + words + "', 'format' = 'csv');\n"
                + "CREATE TABLE ints (i INT) WITH ('connector' = 'blackhole');\n"
                + "INSERT INTO ints SELECT CAST(s AS INT) FROM words;\n");
        try (RunnelProcess application = RunnelProcess.start(dir, "run-application", "--rest-port", "0",
                bad.toString())) {
            assertThat(application.waitFor(RUN)).isEqualTo(1);
            assertThat(application.err()).contains("'abc'");
        }
    }
}
