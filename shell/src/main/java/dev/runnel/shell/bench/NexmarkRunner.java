package dev.runnel.shell.bench;

import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.SessionOptions;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.nexmark.NexmarkSchema;
import dev.runnel.runtime.connector.nexmark.NexmarkSideInput;
import dev.runnel.runtime.metrics.LatencyHistogram;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.shell.render.ErrorFormatter;
import dev.runnel.shell.script.ScriptStatement;
import dev.runnel.shell.script.StatementSplitter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Runs one Nexmark query on a fresh embedded cluster in this JVM (the child JVM of a
 * {@link ForkedQueryRunner}): creates the {@code nexmark}
 * table (a bounded generator, or files holding its events) and its views, runs the query file's
 * statements, waits for the jobs they submitted to end, and measures them from the first
 * submission to the end of the last job.
 *
 * <p>Not thread-safe; {@link #cancel()} may be called from any thread (a shutdown hook).
 */
final class NexmarkRunner implements QueryRunner {
    private static final String TABLE = "nexmark";
    /** How planners say that a feature is missing; such failures are reported as unsupported. */
    private static final String NOT_SUPPORTED = "not supported yet";

    private final BenchSettings settings;
    private final String tableOptions;
    private final Path sideInput;
    private volatile EmbeddedCluster current;

    /**
     * @param tableOptions the WITH options of the {@code nexmark} table, formatted as {@code 'k' = 'v'} pairs
     * @param sideInput the side input file of q13 ({@link NexmarkSideInput}), which {@code ${side_input}} names
     */
    NexmarkRunner(BenchSettings settings, String tableOptions, Path sideInput) {
        this.settings = settings;
        this.tableOptions = tableOptions;
        this.sideInput = sideInput;
    }

    /** The WITH options of a {@code nexmark} table that generates {@code events} events. */
    static String generatorOptions(long events) {
        return "'connector' = 'nexmark', 'max-events' = '" + events + "'";
    }

    @Override
    public QueryResult run(String name, String sql) {
        int p = settings.parallelism();
        int cores = settings.cores();
        // Garbage of the previous query would count towards this one's peak heap.
        System.gc();
        Configuration configuration = configuration();
        try (ResourceSampler sampler = ResourceSampler.start();
             QueryCluster queryCluster = QueryCluster.start(configuration, settings)) {
            EmbeddedCluster cluster = queryCluster.cluster();
            current = cluster;
            long[] startNanos = {0};
            long[] taskManagerCpuAtStart = {0};
            TimedClusterClient client = new TimedClusterClient(cluster, () -> {
                sampler.markStart();
                taskManagerCpuAtStart[0] = queryCluster.taskManagerCpuNanos();
                startNanos[0] = System.nanoTime();
            });
            List<JobId> jobs = new ArrayList<>();
            try (Session session = new Session(client, configuration)) {
                for (String statement : statements(sql)) {
                    if (session.execute(statement) instanceof StatementResult.JobSubmitted submitted) {
                        jobs.add(submitted.jobId());
                    }
                }
            } catch (SqlExecutionException e) {
                String message = ErrorFormatter.message(e);
                return message.contains(NOT_SUPPORTED) ? QueryResult.unsupported(name, p, cores, message)
                        : QueryResult.failed(name, p, cores, message);
            }
            if (jobs.isEmpty()) {
                return QueryResult.failed(name, p, cores, "The query's statements submitted no job (no INSERT?)");
            }
            List<JobInfo> ended = new ArrayList<>();
            for (JobId job : jobs) {
                ended.add(cluster.jobTermination(job).get());
            }
            long elapsed = System.nanoTime() - startNanos[0];
            sampler.stop();
            return result(name, ended, elapsed, sampler, queryCluster.taskManagerCpuNanos() - taskManagerCpuAtStart[0]);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return QueryResult.failed(name, p, cores, "Interrupted");
        } catch (ExecutionException | RuntimeException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            return QueryResult.failed(name, p, cores, ErrorFormatter.message(cause));
        } finally {
            current = null;
        }
    }

    /** Cancels the query running now, if any, by stopping its cluster. */
    @Override
    public void cancel() {
        EmbeddedCluster cluster = current;
        if (cluster != null) {
            cluster.close();
        }
    }

    private QueryResult result(String name, List<JobInfo> jobs, long elapsedNanos, ResourceSampler sampler,
                               long taskManagerCpuNanos) {
        int p = settings.parallelism();
        long events = 0;
        LatencyHistogram latency = new LatencyHistogram();
        for (JobInfo job : jobs) {
            if (job.status() != JobStatus.FINISHED) {
                String cause = job.failureCause() != null ? job.failureCause() : "the job ended " + job.status();
                return QueryResult.failed(name, p, settings.cores(), cause);
            }
            // Several INSERTs of one query read the same events; they are not more events.
            events = Math.max(events, job.recordsIn());
            latency.add(job.latency());
        }
        Double p50 = latency.isEmpty() ? null : latency.percentileMillis(50);
        Double p99 = latency.isEmpty() ? null : latency.percentileMillis(99);
        long cpu = sampler.cpuNanos() < 0 ? -1 : sampler.cpuNanos() + taskManagerCpuNanos;
        return new QueryResult(name, QueryResult.Status.OK, events, elapsedNanos / 1e9, p, settings.cores(), p50, p99,
                sampler.peakHeapBytes(), sampler.peakRssBytes(), cpu < 0 ? -1 : cpu / 1e9, null);
    }

    private Configuration configuration() {
        Configuration c = new Configuration();
        c.set(RuntimeOptions.NUMBER_OF_TASK_SLOTS, settings.slotsPerTaskManager());
        c.set(SessionOptions.PARALLELISM, settings.parallelism());
        c.set(StateOptions.STATE_BACKEND, settings.stateBackend());
        c.set(RuntimeOptions.LATENCY_INTERVAL.key(), settings.latencyInterval().toMillis() + " ms");
        if (settings.checkpointInterval() != null) {
            c.set(CheckpointOptions.INTERVAL.key(), settings.checkpointInterval().toMillis() + " ms");
        }
        settings.options().forEach(c::set);
        return c;
    }

    /**
     * The table and views of Flink's Nexmark setup, then the statements of the query file with
     * {@code ${side_input}} replaced by the side input's path.
     */
    private List<String> statements(String sql) {
        List<String> statements = new ArrayList<>();
        statements.add(NexmarkSchema.createTable(TABLE, tableOptions));
        statements.addAll(NexmarkSchema.createViews(TABLE));
        for (ScriptStatement statement : StatementSplitter.split(sql).statements()) {
            statements.add(NexmarkSideInput.substitute(statement.text(), sideInput));
        }
        return statements;
    }
}
