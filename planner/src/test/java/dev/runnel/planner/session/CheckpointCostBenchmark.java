package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Not a test: what checkpointing costs. A keyed count over an unthrottled datagen sequence into
 * blackhole, at parallelism 2, without checkpoints and with one every second (events/s from the
 * job's start and end times); then, with checkpoints every second, the time from an injected
 * task failure until the job runs again and until its next checkpoint completed. Run by
 * {@code benchmarks/checkpoint-cost.sh}.
 */
public final class CheckpointCostBenchmark {
    private CheckpointCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000L;
        String backend = args.length > 1 ? args[1] : "rocksdb";
        Path dir = Files.createTempDirectory("runnel-checkpoint-cost");
        try (EmbeddedCluster cluster = EmbeddedCluster.start(
                new Configuration(Map.of("taskmanager.numberOfTaskSlots", "4")), 1)) {
            System.out.printf("keyed count of %,d rows over 100,000 keys, parallelism 2, %s state%n", rows, backend);
            System.out.printf("%-26s %10s %12s %14s%n", "checkpointing", "seconds", "events/s", "checkpoints");
            for (int round = 0; round < 2; round++) {
                throughput(cluster, dir, rows, backend, null);
                throughput(cluster, dir, rows, backend, "1s");
            }
            System.out.printf("%nrecovery after an injected task failure (checkpoints every 1 s, restart delay 0 ms)%n");
            System.out.printf("%-8s %22s %30s%n", "failure", "to RUNNING again (ms)", "to next checkpoint done (ms)");
            recovery(cluster, dir, backend, 5);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Session session(EmbeddedCluster cluster, Path dir, String backend, String interval, String rate,
                                   long rows) {
        Map<String, String> options = new HashMap<>(Map.of("parallelism.default", "2", "state.backend.type", backend,
                "state.checkpoints.dir", dir.resolve("checkpoints").toUri().toString(),
                "restart-strategy.type", "fixed-delay", "restart-strategy.fixed-delay.attempts",
                String.valueOf(Integer.MAX_VALUE), "restart-strategy.fixed-delay.delay", "0ms"));
        if (interval != null) {
            options.put("execution.checkpointing.interval", interval);
        }
        Session session = new Session(cluster, new Configuration(options));
        session.execute("CREATE TABLE events (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '" + rate
                + "', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + rows + "')");
        session.execute("CREATE TABLE sink (k BIGINT, n BIGINT) WITH ('connector' = 'blackhole')");
        return session;
    }

    private static final String COUNT = "INSERT INTO sink SELECT id % 100000, COUNT(*) FROM events GROUP BY id % 100000";

    private static void throughput(EmbeddedCluster cluster, Path dir, long rows, String backend, String interval)
            throws Exception {
        try (Session session = session(cluster, dir, backend, interval, "1000000000", rows)) {
            JobId id = ((StatementResult.JobSubmitted) session.execute(COUNT)).jobId();
            JobInfo end = cluster.jobTermination(id).get(30, TimeUnit.MINUTES);
            if (end.status() != JobStatus.FINISHED) {
                throw new IllegalStateException("job " + end.status() + ": " + end.failureCause());
            }
            double seconds = Duration.between(end.startTime(), end.endTime()).toNanos() / 1e9;
            System.out.printf("%-26s %10.2f %12.0f %14d%n", interval == null ? "off" : "every " + interval, seconds,
                    rows / seconds, end.checkpoints().completed());
        }
    }

    private static void recovery(EmbeddedCluster cluster, Path dir, String backend, int failures) throws Exception {
        // Rate-limited so that the job outlives the failures; 100,000 keys of state to restore.
        try (Session session = session(cluster, dir, backend, "1s", "200000", Long.MAX_VALUE / 2)) {
            List<String> vertices = EndToEndSupport.vertexNames(session, COUNT);
            String aggregate = vertices.get(vertices.size() - 1);
            JobId id = ((StatementResult.JobSubmitted) session.execute(COUNT)).jobId();
            try {
                for (int i = 0; i < failures; i++) {
                    long completed = cluster.getJob(id).checkpoints().completed();
                    await(() -> cluster.getJob(id).checkpoints().completed() > completed + 1
                            && cluster.getJob(id).status() == JobStatus.RUNNING);
                    long restarts = cluster.getJob(id).checkpoints().restarts();
                    long failed = System.nanoTime();
                    if (!cluster.failTask(id, aggregate, i % 2, "injected failure " + i)) {
                        throw new IllegalStateException("no running subtask " + (i % 2) + " of " + aggregate);
                    }
                    await(() -> cluster.getJob(id).checkpoints().restarts() > restarts
                            && cluster.getJob(id).status() == JobStatus.RUNNING);
                    long running = System.nanoTime();
                    long completedAtRestart = cluster.getJob(id).checkpoints().completed();
                    await(() -> cluster.getJob(id).checkpoints().completed() > completedAtRestart);
                    long checkpointed = System.nanoTime();
                    System.out.printf("%-8d %22.0f %30.0f%n", i + 1, (running - failed) / 1e6,
                            (checkpointed - failed) / 1e6);
                }
            } finally {
                cluster.cancelJob(id);
            }
        }
    }

    private interface Condition {
        boolean holds();
    }

    /** Polls every millisecond, at most two minutes. */
    private static void await(Condition condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out");
            }
            Thread.sleep(1);
        }
    }
}
