package dev.runnel.runtime.cluster;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A job as {@code SHOW JOBS} lists it.
 *
 * @param recordsIn rows read by the job's sources
 * @param recordsOut rows written by the job's sinks
 * @param failureCause the error message of a FAILED job, else {@code null}
 * @param counters the operators' named counters ({@code numLateRecordsDropped}, …) summed over
 *                 subtasks; a name appears once some operator asked for that counter
 * @param vertices the job's vertices with their subtasks' states, slots and counts, for
 *                 {@code DESCRIBE JOB}; empty where the JobManager did not say
 */
public record JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                      long recordsIn, long recordsOut, String failureCause, Map<String, Long> counters,
                      List<VertexInfo> vertices)
        implements Serializable {

    public JobInfo {
        counters = counters == null ? Map.of() : Map.copyOf(counters);
        vertices = vertices == null ? List.of() : List.copyOf(vertices);
    }

    /** A job without vertex details. */
    public JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                   long recordsIn, long recordsOut, String failureCause, Map<String, Long> counters) {
        this(id, name, status, startTime, endTime, recordsIn, recordsOut, failureCause, counters, List.of());
    }

    /** A job without operator counters. */
    public JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                   long recordsIn, long recordsOut, String failureCause) {
        this(id, name, status, startTime, endTime, recordsIn, recordsOut, failureCause, Map.of());
    }

    /** The counter called {@code name} summed over subtasks, 0 when no operator keeps it. */
    public long counter(String name) {
        return counters.getOrDefault(name, 0L);
    }
}
