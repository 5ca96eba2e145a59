package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.cluster.ClusterOverview;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import dev.runnel.runtime.testing.KafkaBrokerProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18: a highly available session cluster whose leading JobManager dies. A real ZooKeeper
 * ensemble of three servers runs in the test JVM (curator-test's {@link TestingCluster}, ports
 * from the OS, 100 ms ticks so that a 2 s session is allowed); two JobManagers contend, and a
 * TaskManager, the script that submits the job and the test's own client find the leader through
 * ZooKeeper alone — each a JVM of its own, killed with {@code kill -9} by its process id. The
 * keyed aggregation writes into an exactly-once filesystem sink and, through a real Kafka broker
 * process (KRaft), an exactly-once Kafka sink.
 */
class JobManagerFailoverIT {
    private static final Duration START = ClusterProcesses.START;
    private static final Duration RUN = Duration.ofSeconds(180);

    @TempDir
    Path dir;
    @RegisterExtension
    final OutputOnFailure output = new OutputOnFailure(() -> dir);
    private ClusterProcesses processes;
    private TestingCluster zooKeeper;
    /** Settings of a test beyond {@link #haSettings}'s, for every process it starts. */
    private final Map<String, String> extraSettings = new LinkedHashMap<>();

    @BeforeEach
    void startZooKeeper() throws Exception {
        List<InstanceSpec> servers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            servers.add(new InstanceSpec(null, -1, -1, -1, true, -1, 100, -1));
        }
        zooKeeper = new TestingCluster(servers);
        zooKeeper.start();
        processes = new ClusterProcesses(dir, this::haSettings);
    }

    @AfterEach
    void stopAll() throws IOException {
        try {
            processes.close();
        } finally {
            zooKeeper.close();
        }
    }

    /** The {@code high-availability.*} settings every process of the cluster gets. */
    private Map<String, String> haSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("high-availability.type", "zookeeper");
        settings.put("high-availability.zookeeper.quorum", zooKeeper.getConnectString());
        settings.put("high-availability.storageDir", "file://" + dir.resolve("ha"));
        settings.put("high-availability.cluster-id", "failover");
        settings.put("high-availability.zookeeper.client.session-timeout", "2 s");
        settings.putAll(extraSettings);
        return settings;
    }

    private RunnelProcess start(List<String> args) {
        return processes.start(args.toArray(String[]::new));
    }

    /** A JobManager contending for leadership. */
    private ClusterProcesses.JobManagerProcess startJobManager() {
        return processes.startJobManagerProcess(0, "--ha");
    }

    private HighAvailabilityServices clientServices() {
        return HighAvailabilityServicesFactory.create(new Configuration(haSettings()));
    }

    @Test
    void aKeyedAggregationWhoseLeadingJobManagerIsKilledThreeTimesWritesEveryResultOnce() throws Exception {
        long rows = 8000;
        KafkaBrokerProcess kafka = processes.kafka();
        kafka.createTopic("counted", 2);
        List<ClusterProcesses.JobManagerProcess> jobManagers = new ArrayList<>(List.of(startJobManager(), startJobManager()));
        RunnelProcess taskManager = start(List.of("taskmanager", "--slots", "2"));
        taskManager.awaitOut(TaskManagerCommand.REGISTERED, START);
        Path out = dir.resolve("out");
        Path script = windowScript(out, rows, 160, kafka.bootstrapServers());
        RunnelProcess client = start(List.of("-f", script.toString()));
        try (HighAvailabilityServices services = clientServices();
             RemoteClusterClient cluster = RemoteClusterClient.following(services.jobManagerLeaderRetrieval(),
                     ClusterCredentials.NONE, RUN)) {
            JobInfo job = await().atMost(RUN).ignoreExceptions().until(() -> cluster.listJobs().stream().findFirst().orElse(null),
                    j -> j != null);
            for (int kill = 1; kill <= 3; kill++) {
                // running on every subtask, with a checkpoint of this leader's to restore
                await().atMost(RUN).ignoreExceptions().until(() -> cluster.getJob(job.id()), j -> j.status() == JobStatus.RUNNING
                        && j.checkpoints().completed() > 0 && j.vertices().stream().allMatch(v -> v.subtaskStates()
                        .getOrDefault("RUNNING", 0) == v.parallelism()));
                String leader = cluster.leaderAddress();
                ClusterProcesses.JobManagerProcess victim = jobManagers.stream().filter(jm -> jm.address().equals(leader)).findFirst()
                        .orElseThrow(() -> new AssertionError("No JobManager of this test is at " + leader));
                victim.process().kill();
                jobManagers.remove(victim);
                // a standby takes over; another contender joins, so that the next kill has one too
                await().atMost(RUN).ignoreExceptions().until(() -> !cluster.leaderAddress().isEmpty()
                        && !cluster.leaderAddress().equals(leader));
                jobManagers.add(startJobManager());
            }
            // SHOW CLUSTER names the leader and the standby by the addresses clients reach them at
            List<String> alive = jobManagers.stream().map(ClusterProcesses.JobManagerProcess::address).sorted().toList();
            await().atMost(RUN).ignoreExceptions().until(() -> cluster.overview().jobManagers().stream()
                    .map(ClusterOverview.JobManagerEntry::address).sorted().toList().equals(alive));
            RunnelProcess show = start(List.of("-q", "--output-format", "csv", "-e", "SHOW CLUSTER;"));
            assertThat(show.waitFor(RUN)).as(show.err()).isZero();
            String leading = cluster.leaderAddress();
            assertThat(show.out()).contains("jobmanager," + leading + ",leader").contains(",registered,2,");
            alive.stream().filter(address -> !address.equals(leading))
                    .forEach(address -> assertThat(show.out()).contains("jobmanager," + address + ",standby"));
            assertThat(client.waitFor(RUN)).as(client.err()).isZero();
            JobInfo end = await().atMost(RUN).ignoreExceptions().until(() -> cluster.getJob(job.id()), j -> j.status().isTerminal());
            assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
            assertThat(taskManager.isAlive()).isTrue();

            // the job ended: a new leader does not run it again
            String leader = cluster.leaderAddress();
            ClusterProcesses.JobManagerProcess last = jobManagers.stream().filter(jm -> jm.address().equals(leader)).findFirst().orElseThrow();
            last.process().kill();
            jobManagers.remove(last);
            ClusterProcesses.JobManagerProcess next = jobManagers.get(0);
            next.process().awaitOut("recovered 0 jobs", RUN);
        }
        assertThat(results(out)).isEqualTo(expected(rows));
        // and the exactly-once Kafka sink: every window once for a read_committed consumer
        ObjectMapper json = new ObjectMapper();
        List<String> committed = new ArrayList<>();
        for (ConsumerRecord<String, String> record : kafka.readCommittedWhenSettled("counted")) {
            JsonNode row = json.readTree(record.value());
            committed.add(row.get("k").asLong() + " " + row.get("c").asLong() + " " + row.get("s").asLong());
        }
        committed.sort(null);
        assertThat(committed).isEqualTo(expected(rows));
    }

    /**
     * Split brain: the leader is frozen ({@code kill -STOP}) past its ZooKeeper session, so that a
     * standby takes over while it still believes it leads; then it is thawed. It must step down,
     * and nothing it sends afterwards may reach the job: the TaskManager stays with the new leader,
     * rejects (and says so) any command of the old term, and the job runs on without a restart.
     */
    @Test
    void aLeaderFrozenPastItsSessionStepsDownAndTheTaskManagerTakesNoCommandOfItsTerm() throws Exception {
        List<ClusterProcesses.JobManagerProcess> jobManagers = new ArrayList<>(List.of(startJobManager(), startJobManager()));
        RunnelProcess taskManager = start(List.of("taskmanager", "--slots", "2"));
        taskManager.awaitOut(TaskManagerCommand.REGISTERED, START);
        Path script = Files.writeString(dir.resolve("endless.sql"), String.join("\n",
                "SET 'execution.checkpointing.interval' = '300 ms';",
                "SET 'state.checkpoints.dir' = 'file://" + dir.resolve("checkpoints") + "';",
                "CREATE TABLE ticks (n BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100',",
                "  'fields.n.kind' = 'random', 'fields.n.min' = '1', 'fields.n.max' = '50');",
                "CREATE TABLE sink (n BIGINT, c BIGINT) WITH ('connector' = 'blackhole');",
                "INSERT INTO sink SELECT n, COUNT(*) FROM ticks GROUP BY n;", ""));
        // the script waits for its job, which never ends: stopped with the test
        start(List.of("-f", script.toString()));
        try (HighAvailabilityServices services = clientServices();
             RemoteClusterClient cluster = RemoteClusterClient.following(services.jobManagerLeaderRetrieval(),
                     ClusterCredentials.NONE, RUN)) {
            JobInfo job = await().atMost(RUN).ignoreExceptions().until(() -> cluster.listJobs().get(0),
                    j -> j.status() == JobStatus.RUNNING && j.checkpoints().completed() > 0);
            String frozenAddress = cluster.leaderAddress();
            ClusterProcesses.JobManagerProcess frozen = jobManagers.stream().filter(jm -> jm.address().equals(frozenAddress)).findFirst()
                    .orElseThrow();
            signal("-STOP", frozen.process().pid());
            try {
                await().atMost(RUN).ignoreExceptions().until(() -> !cluster.leaderAddress().isEmpty()
                        && !cluster.leaderAddress().equals(frozenAddress));
                await().atMost(RUN).ignoreExceptions().until(() -> cluster.getJob(job.id()),
                        j -> j.status() == JobStatus.RUNNING && j.checkpoints().completed() > 0);
            } finally {
                signal("-CONT", frozen.process().pid());
            }
            String newLeader = cluster.leaderAddress();
            int registrations = count(taskManager.out(), TaskManagerCommand.REGISTERED);
            frozen.process().awaitOut("No longer leading cluster", RUN);

            // the new leader's job goes on: three more checkpoints, no restart, the same registration
            long restarts = cluster.getJob(job.id()).restarts();
            long completed = cluster.getJob(job.id()).checkpoints().completed();
            JobInfo later = await().atMost(RUN).ignoreExceptions().until(() -> cluster.getJob(job.id()),
                    j -> j.checkpoints().completed() >= completed + 3);
            assertThat(later.status()).isEqualTo(JobStatus.RUNNING);
            assertThat(later.restarts()).isEqualTo(restarts);
            assertThat(cluster.leaderAddress()).isEqualTo(newLeader);
            assertThat(count(taskManager.out(), TaskManagerCommand.REGISTERED)).isEqualTo(registrations);
            assertThat(taskManager.out()).contains(TaskManagerCommand.REGISTERED + newLeader);
            // whatever of the old term reached the TaskManager was rejected, and only that
            assertThat(taskManager.out().lines().filter(line -> line.startsWith("Rejected ")))
                    .allMatch(line -> line.contains(frozenAddress));
        }
    }

    @Test
    void badHighAvailabilityConfigurationIsAClearErrorAtStartUp() throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
        RunnelProcess unwritable = processes.startAsIs("jobmanager", "--ha", "--rpc-port", "0", "--rest-port", "0",
                "-D", "high-availability.zookeeper.quorum=" + zooKeeper.getConnectString(),
                "-D", "high-availability.storageDir=file://" + file.resolve("ha"));
        assertThat(unwritable.waitFor(RUN)).isEqualTo(1);
        assertThat(unwritable.err()).contains("[ERROR]").contains("high-availability.storageDir");

        RunnelProcess noQuorum = processes.startAsIs("jobmanager", "--ha", "--rpc-port", "0", "--rest-port", "0",
                "-D", "high-availability.storageDir=file://" + dir.resolve("ha"));
        assertThat(noQuorum.waitFor(RUN)).isEqualTo(1);
        assertThat(noQuorum.err()).contains("[ERROR] Option 'high-availability.zookeeper.quorum' is required");

        // a second cluster under the same id with other storage
        startJobManager();
        List<String> other = new ArrayList<>(List.of("jobmanager", "--ha", "--rpc-port", "0", "--rest-port", "0"));
        haSettings().forEach((key, value) -> other.addAll(List.of("-D", key + "="
                + (key.equals("high-availability.storageDir") ? "file://" + dir.resolve("other-ha") : value))));
        RunnelProcess sameId = processes.startAsIs(other.toArray(String[]::new));
        assertThat(sameId.waitFor(RUN)).isEqualTo(1);
        assertThat(sameId.err()).contains("[ERROR]").contains("high-availability.cluster-id");
    }

    /**
     * The ensemble loses a server, then its quorum: with one of three gone nothing changes for the
     * job (every process, tolerating a suspended connection, reconnects to another server); with two
     * gone no JobManager leads; when they return one leads again and the job runs on.
     */
    @Test
    void oneZooKeeperServerLostChangesNothingAndTwoStopTheJobManagersUntilTheyReturn() throws Exception {
        // every process: a connection to a server that died is suspended until the client reaches
        // another; without this (Flink's default) leaders step down and TaskManagers re-register
        extraSettings.put("high-availability.zookeeper.client.tolerate-suspended-connections", "true");
        List<ClusterProcesses.JobManagerProcess> jobManagers = List.of(startJobManager(), startJobManager());
        start(List.of("taskmanager", "--slots", "2")).awaitOut(TaskManagerCommand.REGISTERED, START);
        Path script = Files.writeString(dir.resolve("endless.sql"), String.join("\n",
                "SET 'execution.checkpointing.interval' = '300 ms';",
                "SET 'state.checkpoints.dir' = 'file://" + dir.resolve("checkpoints") + "';",
                "CREATE TABLE ticks (n BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100',",
                "  'fields.n.kind' = 'random', 'fields.n.min' = '1', 'fields.n.max' = '50');",
                "CREATE TABLE sink (n BIGINT, c BIGINT) WITH ('connector' = 'blackhole');",
                "INSERT INTO sink SELECT n, COUNT(*) FROM ticks GROUP BY n;", ""));
        start(List.of("-f", script.toString())); // waits for its endless job: stopped with the test
        List<InstanceSpec> servers = new ArrayList<>(zooKeeper.getInstances());
        try (HighAvailabilityServices services = clientServices();
             RemoteClusterClient cluster = RemoteClusterClient.following(services.jobManagerLeaderRetrieval(),
                     ClusterCredentials.NONE, RUN)) {
            JobInfo job = await().atMost(RUN).ignoreExceptions().until(() -> cluster.listJobs().get(0),
                    j -> j.status() == JobStatus.RUNNING && j.checkpoints().completed() > 0);
            String leader = cluster.leaderAddress();

            assertThat(zooKeeper.killServer(servers.get(0))).isTrue();
            long completed = cluster.getJob(job.id()).checkpoints().completed();
            JobInfo after = await().atMost(RUN).ignoreExceptions().until(() -> cluster.getJob(job.id()),
                    j -> j.checkpoints().completed() >= completed + 5);
            assertThat(after.status()).isEqualTo(JobStatus.RUNNING);
            assertThat(after.restarts()).isZero();
            assertThat(cluster.leaderAddress()).isEqualTo(leader);
            assertThat(jobManagers).allMatch(jm -> !jm.process().out().contains("No longer leading"));

            assertThat(zooKeeper.killServer(servers.get(1))).isTrue();
            ClusterProcesses.JobManagerProcess leading = jobManagers.stream().filter(jm -> jm.address().equals(leader)).findFirst()
                    .orElseThrow();
            leading.process().awaitOut("No longer leading", RUN);

            assertThat(zooKeeper.restartServer(servers.get(0))).isTrue();
            assertThat(zooKeeper.restartServer(servers.get(1))).isTrue();
            await().atMost(RUN).ignoreExceptions().until(() -> cluster.getJob(job.id()),
                    j -> j.status() == JobStatus.RUNNING && j.checkpoints().completed() > 0);
            assertThat(jobManagers).allMatch(jm -> jm.process().isAlive());
        }
    }

    /** A contender that wins but cannot begin its term (its REST port is taken) lets another one lead. */
    @Test
    void aLeaderThatCannotBeginItsTermGivesWayToAnother() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            RunnelProcess blocked = start(List.of("jobmanager", "--ha", "--rpc-port", "0", "--rest-port",
                    String.valueOf(taken.getLocalPort())));
            blocked.awaitOut("Could not lead cluster 'failover'", START);
            ClusterProcesses.JobManagerProcess other = startJobManager();
            other.process().awaitOut("Leading cluster 'failover'", RUN);
            start(List.of("taskmanager", "--slots", "1")).awaitOut(TaskManagerCommand.REGISTERED + other.address(), RUN);
            RunnelProcess query = start(List.of("-q", "--output-format", "csv", "-e", "SELECT 6 * 7 AS answer;"));
            assertThat(query.waitFor(RUN)).as(query.err()).isZero();
            assertThat(query.out()).contains("42");
            assertThat(blocked.isAlive()).as("it stands by").isTrue();
        }
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    /** {@code kill <signal> <pid>}: by the process's own id. */
    private static void signal(String signal, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", signal, String.valueOf(pid)).inheritIO().start();
        assertThat(kill.waitFor()).isZero();
    }

    private Path windowScript(Path out, long rows, int rowsPerSecond) throws IOException {
        return windowScript(out, rows, rowsPerSecond, null);
    }

    /**
     * A script that counts and sums a datagen sequence {@code 1..rows} ({@code rowsPerSecond}) per
     * key {@code id % 7} and one-second tumbling window of event time ({@code id * 10} ms) into JSON
     * files under {@code out}, exactly once: checkpoints every second, restarts on failure; with
     * {@code kafkaServers}, also into the Kafka topic {@code counted} through an exactly-once sink
     * (one statement set).
     */
    private Path windowScript(Path out, long rows, int rowsPerSecond, String kafkaServers) throws IOException {
        String select = "SELECT id % 7 AS k, window_start, COUNT(*) AS c, SUM(id) AS s"
                + " FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' SECOND))"
                + " GROUP BY id % 7, window_start, window_end;";
        List<String> inserts = kafkaServers == null ? List.of("INSERT INTO counted " + select) : List.of(
                "CREATE TABLE kcounted (k BIGINT, window_start TIMESTAMP(3), c BIGINT, s BIGINT)",
                "  WITH ('connector' = 'kafka', 'topic' = 'counted', 'properties.bootstrap.servers' = '"
                        + kafkaServers + "', 'format' = 'json',",
                "  'sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = 'failover');",
                "EXECUTE STATEMENT SET BEGIN",
                "INSERT INTO counted " + select,
                "INSERT INTO kcounted " + select,
                "END;");
        return Files.writeString(dir.resolve("windows.sql"), String.join("\n",
                "SET 'execution.checkpointing.interval' = '1s';",
                "SET 'restart-strategy.type' = 'fixed-delay';",
                "SET 'restart-strategy.fixed-delay.attempts' = '20';",
                "SET 'restart-strategy.fixed-delay.delay' = '200 ms';",
                "SET 'state.checkpoints.dir' = 'file://" + dir.resolve("checkpoints") + "';",
                "CREATE TABLE events (id BIGINT, ts AS TO_TIMESTAMP_LTZ(id * 10, 3), WATERMARK FOR ts AS ts)",
                "  WITH ('connector' = 'datagen', 'rows-per-second' = '" + rowsPerSecond + "',",
                "  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + rows + "');",
                "CREATE TABLE counted (k BIGINT, window_start TIMESTAMP(3), c BIGINT, s BIGINT)",
                "  WITH ('connector' = 'filesystem', 'path' = 'file://" + out + "', 'format' = 'json');",
                String.join("\n", inserts), ""));
    }

    /** What {@link #windowScript} writes, key and count and sum per window, computed here. */
    private static List<String> expected(long rows) {
        TreeMap<String, long[]> windows = new TreeMap<>();
        for (long id = 1; id <= rows; id++) {
            long[] cell = windows.computeIfAbsent(id % 7 + "@" + id * 10 / 1000, w -> new long[2]);
            cell[0]++;
            cell[1] += id;
        }
        List<String> lines = new ArrayList<>();
        windows.forEach((window, cell) -> lines.add(window.substring(0, window.indexOf('@')) + " " + cell[0] + " "
                + cell[1]));
        lines.sort(null);
        return lines;
    }

    /** The committed output of {@link #windowScript}: key, count and sum of every row, sorted. */
    private static List<String> results(Path out) throws IOException {
        List<String> lines = new ArrayList<>(ClusterProcesses.committedRows(out, row -> row.get("k").asLong() + " "
                + row.get("c").asLong() + " " + row.get("s").asLong()));
        lines.sort(null);
        return lines;
    }
}
