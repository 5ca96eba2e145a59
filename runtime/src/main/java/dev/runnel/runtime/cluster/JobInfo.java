package dev.runnel.runtime.cluster;

import dev.runnel.runtime.metrics.LatencyHistogram;
import java.io.Serializable;
import java.time.Instant;
import java.util.List;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/**
 * A job as {@code SHOW JOBS} lists it.
 *
 * @param recordsIn rows read by the job's sources
 * @param recordsOut rows written by the job's sinks
 * @param failureCause the error message of a FAILED job, else {@code null}
 * @param counters the operators' named counters ({@code numLateRecordsDropped}, …) summed over
 *                 subtasks; a name appears once some operator asked for that counter
 * @param checkpoints the job's checkpoint statistics ({@link CheckpointStats#NONE} without checkpointing)
 * @param latency how long the latency markers took from the sources to the sinks, over all
 *                subtasks; empty unless {@code metrics.latency.interval} is set
 * @param vertices the job's vertices with their subtasks' states, slots and counts, for
 *                 {@code DESCRIBE JOB}; empty where the JobManager did not say
 * @param history when it entered each status, its restarts and its failures
 * @param waitingFor while the job (CREATED, or RESTARTING) waits for slots that other jobs hold:
 *                   how many it needs and how many the cluster has; else {@code null}
 *                ({@link JobHistory#NONE} where the JobManager did not say)
 * @param scaling its parallelism, the parallelism it moves to and its rescales
 *                ({@link JobScaling#NONE} where the JobManager did not say)
 */
public record JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                      long recordsIn, long recordsOut, String failureCause, Map<String, Long> counters,
                      CheckpointStats checkpoints, LatencyHistogram latency, List<VertexInfo> vertices,
                      JobHistory history, String waitingFor, JobScaling scaling)
        implements Serializable {

    /** A job whose scaling the JobManager did not say. */
    public JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                   long recordsIn, long recordsOut, String failureCause, Map<String, Long> counters,
                   CheckpointStats checkpoints, LatencyHistogram latency, List<VertexInfo> vertices,
                   JobHistory history, String waitingFor) {
        this(id, name, status, startTime, endTime, recordsIn, recordsOut, failureCause, counters, checkpoints, latency,
                vertices, history, waitingFor, null);
    }

    /** A job that is not waiting for slots. */
    public JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                   long recordsIn, long recordsOut, String failureCause, Map<String, Long> counters,
                   CheckpointStats checkpoints, LatencyHistogram latency, List<VertexInfo> vertices,
                   JobHistory history) {
        this(id, name, status, startTime, endTime, recordsIn, recordsOut, failureCause, counters, checkpoints, latency,
                vertices, history, null);
    }

    public JobInfo {
        counters = counters == null ? Map.of() : Map.copyOf(counters);
        checkpoints = checkpoints == null ? CheckpointStats.NONE : checkpoints;
        latency = latency == null ? new LatencyHistogram() : latency.copy();
        vertices = vertices == null ? List.of() : List.copyOf(vertices);
        history = history == null ? JobHistory.NONE : history;
        scaling = scaling == null ? JobScaling.NONE : scaling;
    }

    /** A job without its history. */
    public JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                   long recordsIn, long recordsOut, String failureCause, Map<String, Long> counters,
                   CheckpointStats checkpoints, LatencyHistogram latency, List<VertexInfo> vertices) {
        this(id, name, status, startTime, endTime, recordsIn, recordsOut, failureCause, counters, checkpoints, latency,
                vertices, null);
    }

    /** A job without vertex details. */
    public JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                   long recordsIn, long recordsOut, String failureCause, Map<String, Long> counters,
                   CheckpointStats checkpoints, LatencyHistogram latency) {
        this(id, name, status, startTime, endTime, recordsIn, recordsOut, failureCause, counters, checkpoints, latency,
                List.of(), null);
    }

    /** A job without latency figures. */
    public JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                   long recordsIn, long recordsOut, String failureCause, Map<String, Long> counters,
                   CheckpointStats checkpoints) {
        this(id, name, status, startTime, endTime, recordsIn, recordsOut, failureCause, counters, checkpoints, null);
    }

    /** A job without checkpoint statistics or latency figures. */
    public JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                   long recordsIn, long recordsOut, String failureCause, Map<String, Long> counters) {
        this(id, name, status, startTime, endTime, recordsIn, recordsOut, failureCause, counters, null, null);
    }

    /** A job without operator counters. */
    public JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                   long recordsIn, long recordsOut, String failureCause) {
        this(id, name, status, startTime, endTime, recordsIn, recordsOut, failureCause, Map.of(), null, null);
    }

    /**
     * The vertex that was back-pressured the largest share of the last few seconds (the first
     * such, in vertex order, on a tie); empty when no vertex has running subtasks. Its
     * {@link VertexInfo#backPressureLevel()} is the job's, as in Flink's web UI.
     */
    public Optional<VertexInfo> mostBackPressuredVertex() {
        return vertices.stream().filter(v -> v.times() != null)
                .max(Comparator.comparingLong((VertexInfo v) -> v.times().backPressuredTimeMsPerSecond())
                        .thenComparing(Comparator.comparingInt(VertexInfo::id).reversed()));
    }

    /** How many times the job was restarted after a failure. */
    public int restarts() {
        return history.restarts();
    }

    /** The job's latest failure, also one it restarted from, if it ever failed. */
    public Optional<JobFailure> lastFailure() {
        return history.lastFailure();
    }

    /** The counter called {@code name} summed over subtasks, 0 when no operator keeps it. */
    public long counter(String name) {
        return counters.getOrDefault(name, 0L);
    }
}
