package dev.runnel.shell.cluster;

import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.connector.nexmark.NexmarkSchema;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Issue 19's benchmark: a Nexmark query on a reactive cluster of separate processes (a
 * JobManager with {@code scheduler-mode: reactive}, TaskManagers of one slot). Once the job has
 * read {@code EVENTS} events on one TaskManager, a second one joins, and the benchmark times
 * <ul>
 *   <li><b>→ stopped</b>: from the TaskManager's registration until the job stops to rescale
 *       ({@code resource-stabilization-timeout}, then the checkpoint it rescales from), or from
 *       the kill until the job noticed the loss;</li>
 *   <li><b>→ running</b>: until every subtask runs at the new parallelism (cancelled, deployed,
 *       state redistributed by key groups and restored);</li>
 *   <li><b>→ processing</b>: until its sources read events again;</li>
 * </ul>
 * then kills that TaskManager with {@code kill -9} and times the same to processing again at
 * parallelism 1. It prints the state size of the latest checkpoint before each (what is
 * redistributed and restored) and the event rate before the rescale.
 *
 * <p>Run by {@code benchmarks/rescale.sh}. Arguments: query (q8), events before the rescale
 * (10000000), checkpoint interval (10 s), {@code resource-stabilization-timeout} (empty:
 * Runnel's default, Flink's 10 s).
 */
public final class RescaleBenchmark {
    private static final Duration WAIT = Duration.ofMinutes(30);

    private RescaleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String query = args.length > 0 ? args[0] : "q8";
        long events = args.length > 1 ? Long.parseLong(args[1]) : 10_000_000;
        String interval = args.length > 2 ? args[2] : "10 s";
        String stabilization = args.length > 3 ? args[3] : "";
        Path dir = Files.createTempDirectory("runnel-rescale-bench");
        try (ClusterProcesses processes = new ClusterProcesses(dir)) {
            List<String> options = new ArrayList<>(List.of("scheduler-mode=reactive"));
            if (!stabilization.isBlank()) {
                options.add("jobmanager.adaptive-scheduler.resource-stabilization-timeout=" + stabilization);
            }
            String jobManager = processes.startJobManager(0, options.toArray(String[]::new));
            processes.startTaskManager(jobManager);
            processes.start("--jobmanager", jobManager, "-f", script(dir, query, interval).toString());
            try (RemoteClusterClient cluster = ClusterProcesses.client(jobManager)) {
                JobInfo job = await().atMost(WAIT).until(() -> cluster.listJobs().stream().findFirst().orElse(null),
                        j -> j != null);
                long started = System.nanoTime();
                await().atMost(WAIT).pollInterval(Duration.ofMillis(200))
                        .until(() -> eventsRead(cluster.getJob(job.id())) >= events);
                double seconds = (System.nanoTime() - started) / 1e9;
                System.out.printf("%s: %,d events read at parallelism 1 in %.1f s (%,.0f events/s)%n", query,
                        eventsRead(cluster.getJob(job.id())), seconds, eventsRead(cluster.getJob(job.id())) / seconds);

                CheckpointStats before = cluster.getJob(job.id()).checkpoints();
                processes.startTaskManager(jobManager);
                long joined = System.nanoTime();
                Times grow = follow(cluster, job, 2, joined);
                System.out.printf("TaskManager joins (state %s at checkpoint %d): %s%n", mib(before.latestStateSize()),
                        before.latestCompletedId(), grow);

                // long enough at 2 for a checkpoint there, then kill the TaskManager that joined
                long completed = cluster.getJob(job.id()).checkpoints().completed();
                await().atMost(WAIT).until(() -> cluster.getJob(job.id()).checkpoints().completed() > completed);
                CheckpointStats atTwo = cluster.getJob(job.id()).checkpoints();
                List<TaskManagerInfo> taskManagers = cluster.taskManagers();
                RunnelProcess victim = processes.processOf(taskManagers.get(taskManagers.size() - 1));
                long killed = System.nanoTime();
                victim.kill();
                Times shrink = follow(cluster, job, 1, killed);
                System.out.printf("TaskManager killed (state %s at checkpoint %d):  %s%n", mib(atTwo.latestStateSize()),
                        atTwo.latestCompletedId(), shrink);
                cluster.cancelJob(job.id());
            }
        }
    }

    /** The times from {@code from} until the job stops, runs at {@code parallelism} and reads events again. */
    private static Times follow(RemoteClusterClient cluster, JobInfo job, int parallelism, long from) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(10)).until(() -> cluster.getJob(job.id()).status()
                != JobStatus.RUNNING);
        long stopped = System.nanoTime();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(10)).until(() -> runningAt(cluster.getJob(job.id()),
                parallelism));
        long running = System.nanoTime();
        long read = eventsRead(cluster.getJob(job.id()));
        await().atMost(WAIT).pollInterval(Duration.ofMillis(10)).until(() -> eventsRead(cluster.getJob(job.id())) > read);
        long processing = System.nanoTime();
        return new Times(stopped - from, running - stopped, processing - running);
    }

    /** Every subtask deployed at {@code parallelism}; a source subtask without a split has finished. */
    private static boolean runningAt(JobInfo job, int parallelism) {
        return job.status() == JobStatus.RUNNING && job.scaling().parallelism() == parallelism
                && job.vertices().stream().allMatch(v -> v.subtaskStates().getOrDefault("RUNNING", 0)
                + v.subtaskStates().getOrDefault("FINISHED", 0) == v.parallelism());
    }

    /** Events the job's sources read in its current attempt. */
    private static long eventsRead(JobInfo job) {
        return job.vertices().stream().mapToLong(VertexInfo::recordsIn).sum();
    }

    private static Path script(Path dir, String query, String interval) throws IOException {
        StringBuilder sql = new StringBuilder();
        sql.append("SET 'execution.checkpointing.interval' = '").append(interval).append("';\n");
        sql.append("SET 'restart-strategy.type' = 'fixed-delay';\n");
        sql.append("SET 'restart-strategy.fixed-delay.attempts' = '10';\n");
        sql.append("SET 'state.checkpoints.dir' = 'file://").append(dir.resolve("checkpoints")).append("';\n");
        sql.append(NexmarkSchema.createTable("nexmark", "'connector' = 'nexmark'")).append(";\n");
        for (String view : NexmarkSchema.createViews("nexmark")) {
            sql.append(view).append(";\n");
        }
        try (InputStream in = RescaleBenchmark.class.getResourceAsStream("/nexmark/" + query + ".sql")) {
            if (in == null) {
                throw new IllegalArgumentException("No Nexmark query " + query);
            }
            sql.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        return Files.writeString(dir.resolve(query + ".sql"), sql);
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }

    /** Nanoseconds of the three phases. */
    private record Times(long toStopped, long toRunning, long toProcessing) {
        @Override
        public String toString() {
            return String.format("→ stopped %5.0f ms, → running %5.0f ms, → processing %5.0f ms, total %5.0f ms",
                    toStopped / 1e6, toRunning / 1e6, toProcessing / 1e6, (toStopped + toRunning + toProcessing) / 1e6);
        }
    }
}
