package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.scheduler.SchedulerOptions;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What parallelism a job should run at, and how it got there: the parallelism asked for (the
 * planned one, then {@code ALTER JOB}'s), for a reactive job the share of the slots the
 * JobManager allots it, and the history of rescales. JobManager main thread only.
 */
final class JobRescaling {
    private final boolean reactive;
    private final int maxParallelism;
    /** The parallelism of the latest {@code ALTER JOB}, kept in the stored job graph (see {@link #stored}). */
    static final ConfigOption<Integer> REQUESTED_PARALLELISM = ConfigOption.of(
            "$internal.scheduler.requested-parallelism", Integer.class, null,
            "The parallelism the latest ALTER JOB asked for, which a next leader runs the job at.");
    /** The rescales so far, kept in the stored job graph (see {@link #stored}): a line each. */
    static final ConfigOption<String> RESCALES = ConfigOption.of("$internal.scheduler.rescales", String.class, "",
            "The job's rescales under former leaders, one per line: epoch ms, from, to, checkpoint id, reason.");
    private final Duration stabilizationTimeout;
    /** The parallelism asked for: the planned one, then ALTER JOB's; a reactive job's upper bound. */
    private int requested;
    /** A reactive job's share of the slots; -1 before the JobManager allotted one. */
    private int share = -1;
    /** Why the next change of parallelism happens. */
    private String reason = "";
    private final List<JobScaling.Rescale> history = new ArrayList<>();

    private JobRescaling(boolean reactive, int requested, int maxParallelism, Duration stabilizationTimeout) {
        this.reactive = reactive;
        this.requested = requested;
        this.maxParallelism = maxParallelism;
        this.stabilizationTimeout = stabilizationTimeout;
    }

    /**
     * The scaling of a job planned at {@code plannedParallelism}: reactive when its configuration
     * says {@code scheduler-mode: reactive}, or says nothing and the cluster's does. A reactive
     * job's upper bound is {@code pipeline.max-parallelism}.
     */
    static JobRescaling of(Configuration job, Configuration cluster, int plannedParallelism, boolean rescalable) {
        Configuration source = job.contains(SchedulerOptions.SCHEDULER_MODE.key()) ? job : cluster;
        boolean reactive = rescalable
                && source.get(SchedulerOptions.SCHEDULER_MODE) == SchedulerOptions.SchedulerMode.REACTIVE;
        Duration timeout = job.contains(SchedulerOptions.RESOURCE_STABILIZATION_TIMEOUT.key())
                ? job.get(SchedulerOptions.RESOURCE_STABILIZATION_TIMEOUT)
                : cluster.get(SchedulerOptions.RESOURCE_STABILIZATION_TIMEOUT);
        int max = job.get(RuntimeOptions.MAX_PARALLELISM);
        // A job rescaled by hand under a former leader keeps the parallelism it was given.
        int requested = job.contains(REQUESTED_PARALLELISM.key()) ? job.get(REQUESTED_PARALLELISM)
                : reactive ? max : plannedParallelism;
        JobRescaling scaling = new JobRescaling(reactive, requested, max, timeout);
        scaling.history.addAll(parseRescales(job.get(RESCALES)));
        return scaling;
    }

    /**
     * {@code graph} (as planned) with this scaling's requested parallelism and history: what the
     * leader stores for a next leader after an {@code ALTER JOB} or a rescale, so that the job
     * neither falls back to its planned parallelism nor forgets how it got where it is.
     */
    JobGraph stored(JobGraph graph) {
        Configuration configuration = graph.configuration().copy();
        configuration.set(REQUESTED_PARALLELISM.key(), String.valueOf(requested));
        StringBuilder lines = new StringBuilder();
        for (JobScaling.Rescale r : history) {
            lines.append(r.time().toEpochMilli()).append(',').append(r.from()).append(',').append(r.to()).append(',')
                    .append(r.checkpointId()).append(',')
                    .append(URLEncoder.encode(r.reason(), StandardCharsets.UTF_8)).append('\n');
        }
        configuration.set(RESCALES.key(), lines.toString());
        return new JobGraph(graph.name(), graph.vertices(), graph.edges(), configuration);
    }

    private static List<JobScaling.Rescale> parseRescales(String text) {
        List<JobScaling.Rescale> rescales = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = line.split(",", 5);
            if (f.length == 5) {
                rescales.add(new JobScaling.Rescale(Instant.ofEpochMilli(Long.parseLong(f[0])), Integer.parseInt(f[1]),
                        Integer.parseInt(f[2]), URLDecoder.decode(f[4], StandardCharsets.UTF_8), Long.parseLong(f[3])));
            }
        }
        return rescales;
    }

    boolean reactive() {
        return reactive;
    }

    int maxParallelism() {
        return maxParallelism;
    }

    Duration stabilizationTimeout() {
        return stabilizationTimeout;
    }

    /** The largest parallelism the job would use: what the JobManager shares slots by. */
    int upperBound() {
        return requested;
    }

    /** The parallelism the job should run at now. */
    int target() {
        if (!reactive) {
            return requested;
        }
        return Math.max(1, share < 0 ? requested : Math.min(requested, share));
    }

    /** ALTER JOB: from now on the job runs at (a reactive one: at most) {@code parallelism}. */
    void request(int parallelism, String why) {
        requested = parallelism;
        reason = why;
    }

    /** The JobManager's share of the slots for a reactive job; returns whether the target changed. */
    boolean allot(int slots, String why) {
        int before = target();
        share = slots;
        if (target() != before) {
            reason = why;
            return true;
        }
        return false;
    }

    String reason() {
        return reason;
    }

    /** The job runs at {@code to} now, restored from checkpoint {@code checkpointId} ({@code -1}: none). */
    void rescaled(Instant time, int from, int to, long checkpointId) {
        history.add(new JobScaling.Rescale(time, from, to, reason, checkpointId));
        if (history.size() > JobScaling.MAX_RESCALES) {
            history.remove(0);
        }
    }

    JobScaling info(int parallelism) {
        return new JobScaling(parallelism, target(), reactive, List.copyOf(history));
    }
}
