package dev.runnel.runtime.cluster;

import java.io.Serializable;
import java.time.Instant;

/**
 * A job as {@code SHOW JOBS} lists it.
 *
 * @param recordsIn rows read by the job's sources
 * @param recordsOut rows written by the job's sinks
 * @param failureCause the error message of a FAILED job, else {@code null}
 */
public record JobInfo(JobId id, String name, JobStatus status, Instant startTime, Instant endTime,
                      long recordsIn, long recordsOut, String failureCause) implements Serializable {
}
