package dev.runnel.runtime.cluster;

import java.io.Serializable;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a job got to its current state: when it last entered each status (Flink's job
 * {@code timestamps}), how often it restarted after a failure, and its latest failures (Flink's
 * exception history).
 *
 * @param statusTimes when the job last entered each status it has been in
 * @param restarts how many times the job was restarted after a failure
 * @param failures the failures it restarted from or failed with, newest first, at most
 *                 {@link #MAX_FAILURES}
 */
public record JobHistory(Map<JobStatus, Instant> statusTimes, int restarts, List<JobFailure> failures)
        implements Serializable {
    /** How many failures are kept, as Flink's {@code web.exception-history-size} defaults to. */
    public static final int MAX_FAILURES = 16;

    /** A job that has not changed since it was created. */
    public static final JobHistory NONE = new JobHistory(Map.of(), 0, List.of());

    public JobHistory {
        EnumMap<JobStatus, Instant> times = new EnumMap<>(JobStatus.class);
        times.putAll(statusTimes);
        statusTimes = Collections.unmodifiableMap(times);
        failures = List.copyOf(failures.subList(0, Math.min(MAX_FAILURES, failures.size())));
    }

    /** The latest failure, if the job ever failed. */
    public Optional<JobFailure> lastFailure() {
        return failures.isEmpty() ? Optional.empty() : Optional.of(failures.get(0));
    }

    /** When the job last entered {@code status}, if it ever did. */
    public Optional<Instant> enteredAt(JobStatus status) {
        return Optional.ofNullable(statusTimes.get(status));
    }
}
