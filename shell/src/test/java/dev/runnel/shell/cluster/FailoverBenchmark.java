package dev.runnel.shell.cluster;

import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.zookeeper.util.ServiceUtils;

/**
 * Issue 18's benchmark: the time from {@code kill -9} of the leading JobManager to its job
 * processing again, {@code N} times, median and max, with its parts:
 * <ul>
 *   <li><b>detection + election</b>: until a client following the leader through ZooKeeper hears of a new
 *       one (the old leader's session must expire first: {@code session-timeout});</li>
 *   <li><b>recovery</b>: until the new leader runs the job again on every subtask (job graph read,
 *       TaskManager registered, slots, deployment);</li>
 *   <li><b>restore</b>: until the job's source reads rows again (state restored from the checkpoint).</li>
 * </ul>
 * A ZooKeeper ensemble of three runs in this JVM with tick {@code TICK_MS}; the JobManagers (two
 * alive at any time), one TaskManager and the client that submits the job are processes of
 * their own. Run by {@code benchmarks/failover.sh}; prints one line per kill and a summary.
 *
 * <p>Arguments: kills (10), ZooKeeper tick in ms (2000, ZooKeeper's default), and
 * {@code high-availability.zookeeper.client.session-timeout} (empty: Runnel's default).
 */
public final class FailoverBenchmark {
    private static final Duration WAIT = Duration.ofSeconds(180);
    private static final Pattern ADDRESS = Pattern.compile("RPC at (127\\.0\\.0\\.1:\\d+)");

    private FailoverBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        // a ZooKeeper server of the ensemble in this JVM that gives up must not end the benchmark
        ServiceUtils.setSystemExitProcedure(ServiceUtils.LOG_ONLY);
        int kills = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int tick = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        String sessionTimeout = args.length > 2 ? args[2] : "";
        Path dir = Files.createTempDirectory("runnel-failover-bench");
        List<InstanceSpec> servers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            servers.add(new InstanceSpec(null, -1, -1, -1, true, -1, tick, -1));
        }
        List<RunnelProcess> processes = new ArrayList<>();
        try (TestingCluster zooKeeper = new TestingCluster(servers)) {
            zooKeeper.start();
            Map<String, String> settings = new LinkedHashMap<>();
            settings.put("high-availability.type", "zookeeper");
            settings.put("high-availability.zookeeper.quorum", zooKeeper.getConnectString());
            settings.put("high-availability.storageDir", "file://" + dir.resolve("ha"));
            settings.put("high-availability.cluster-id", "bench");
            if (!sessionTimeout.isBlank()) {
                settings.put("high-availability.zookeeper.client.session-timeout", sessionTimeout);
            }
            Launcher launcher = new Launcher(dir, settings, processes);
            List<String[]> jobManagers = new ArrayList<>(); // {pid index, address}
            jobManagers.add(launcher.jobManager());
            jobManagers.add(launcher.jobManager());
            launcher.start("taskmanager", "--slots", "2").awaitOut(TaskManagerCommand.REGISTERED, WAIT);
            Path script = Files.writeString(dir.resolve("job.sql"), String.join("\n",
                    "SET 'execution.checkpointing.interval' = '1s';",
                    "SET 'restart-strategy.type' = 'fixed-delay';",
                    "SET 'restart-strategy.fixed-delay.attempts' = '1000';",
                    "SET 'restart-strategy.fixed-delay.delay' = '200 ms';",
                    "SET 'state.checkpoints.dir' = 'file://" + dir.resolve("checkpoints") + "';",
                    "CREATE TABLE events (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '2000',",
                    "  'fields.id.kind' = 'random', 'fields.id.min' = '1', 'fields.id.max' = '1000');",
                    "CREATE TABLE sink (k BIGINT, c BIGINT) WITH ('connector' = 'blackhole');",
                    "INSERT INTO sink SELECT id % 100, COUNT(*) FROM events GROUP BY id % 100;", ""));
            launcher.start("-f", script.toString());
            Configuration configuration = new Configuration(settings);
            List<long[]> parts = new ArrayList<>();
            try (HighAvailabilityServices services = HighAvailabilityServicesFactory.create(configuration);
                 RemoteClusterClient cluster = RemoteClusterClient.following(services.jobManagerLeaderRetrieval(),
                         ClusterCredentials.NONE, WAIT)) {
                JobInfo job = await().atMost(WAIT).ignoreExceptions().until(() -> cluster.listJobs().stream().findFirst().orElse(null),
                        j -> j != null);
                for (int kill = 1; kill <= kills; kill++) {
                    await().atMost(WAIT).ignoreExceptions().pollInterval(Duration.ofMillis(50)).until(() -> cluster.getJob(job.id()),
                            j -> processing(j) && j.checkpoints().completed() > 0);
                    String leader = cluster.leaderAddress();
                    int victim = indexOf(jobManagers, leader);
                    long start = System.nanoTime();
                    processes.get(Integer.parseInt(jobManagers.get(victim)[0])).kill();
                    await().atMost(WAIT).ignoreExceptions().pollInterval(Duration.ofMillis(10)).until(() ->
                            !cluster.leaderAddress().isEmpty() && !cluster.leaderAddress().equals(leader));
                    long elected = System.nanoTime();
                    await().atMost(WAIT).ignoreExceptions().pollInterval(Duration.ofMillis(10)).until(() -> cluster.getJob(job.id()),
                            FailoverBenchmark::allRunning);
                    long running = System.nanoTime();
                    await().atMost(WAIT).ignoreExceptions().pollInterval(Duration.ofMillis(10)).until(() -> cluster.getJob(job.id()),
                            FailoverBenchmark::processing);
                    long processing = System.nanoTime();
                    long[] times = {elected - start, running - elected, processing - running, processing - start};
                    parts.add(times);
                    System.out.printf("kill %2d: detection+election %6.0f ms, recovery %5.0f ms, restore %5.0f ms,"
                                    + " total %6.0f ms%n", kill, times[0] / 1e6, times[1] / 1e6, times[2] / 1e6,
                            times[3] / 1e6);
                    jobManagers.remove(victim);
                    jobManagers.add(launcher.jobManager());
                }
            }
            System.out.printf("ZooKeeper tick %d ms, session-timeout %s, %d kills:%n", tick,
                    sessionTimeout.isBlank() ? "default" : sessionTimeout, kills);
            String[] names = {"detection+election", "recovery", "restore", "total"};
            for (int part = 0; part < names.length; part++) {
                int p = part;
                List<Long> values = new ArrayList<>(parts.stream().map(t -> t[p]).toList());
                values.sort(null);
                System.out.printf("  %-19s median %6.0f ms, max %6.0f ms%n", names[part],
                        values.get(values.size() / 2) / 1e6, values.get(values.size() - 1) / 1e6);
            }
        } finally {
            for (int i = processes.size() - 1; i >= 0; i--) {
                processes.get(i).close();
            }
        }
    }

    private static int indexOf(List<String[]> jobManagers, String address) {
        for (int i = 0; i < jobManagers.size(); i++) {
            if (jobManagers.get(i)[1].equals(address)) {
                return i;
            }
        }
        throw new IllegalStateException("No JobManager of this benchmark is at " + address);
    }

    private static boolean allRunning(JobInfo job) {
        return job.status() == JobStatus.RUNNING && job.vertices().stream().allMatch(v ->
                v.subtaskStates().getOrDefault("RUNNING", 0) == v.parallelism());
    }

    /** Runs on every subtask and its sources read rows (counted by this leader, so since it took over). */
    private static boolean processing(JobInfo job) {
        return allRunning(job) && job.vertices().stream().mapToLong(VertexInfo::recordsIn).sum() > 0;
    }

    /** Starts the benchmark's processes, each with the HA settings. */
    private record Launcher(Path dir, Map<String, String> settings, List<RunnelProcess> processes) {
        RunnelProcess start(String... args) {
            List<String> all = new ArrayList<>(List.of(args));
            settings.forEach((key, value) -> all.addAll(List.of("-D", key + "=" + value)));
            RunnelProcess process = RunnelProcess.start(dir, all.toArray(String[]::new));
            processes.add(process);
            return process;
        }

        /** A contending JobManager: {index in processes, RPC address}. */
        String[] jobManager() {
            RunnelProcess process = start("jobmanager", "--ha", "--rpc-port", "0", "--rest-port", "0");
            Matcher address = ADDRESS.matcher(process.awaitOut(JobManagerCommand.READY, WAIT));
            if (!address.find()) {
                throw new IllegalStateException("No RPC address in " + process.out());
            }
            return new String[] {String.valueOf(processes.size() - 1), address.group(1)};
        }
    }
}
