package dev.runnel.runtime.cluster;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * One failure of a job: what a subtask threw (or why the JobManager failed the job), as
 * Flink's exception history records it.
 *
 * @param message the root cause's message and where it happened, as the job's failure cause reads
 * @param exceptionName the class of the exception thrown
 * @param stackTrace the exception with its stack trace and causes, as Java prints it
 * @param timestamp when the JobManager learnt of it
 * @param taskName the failed subtask, {@code <vertex name> (2/4)}; {@code null} when the
 *                 failure was not a subtask's (too many failed checkpoints, no slots)
 * @param location the TaskManager the subtask ran on, or {@code null}
 */
public record JobFailure(String message, String exceptionName, String stackTrace, Instant timestamp, String taskName,
                         String location) implements Serializable {
    /** What {@link #exceptionName} says when the JobManager, not a task, failed the job. */
    public static final String JOB_MANAGER_FAILURE = JobExecutionException.class.getName();

    public JobFailure {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(timestamp, "timestamp");
        exceptionName = exceptionName == null ? JOB_MANAGER_FAILURE : exceptionName;
        stackTrace = stackTrace == null ? exceptionName + ": " + message : stackTrace;
    }
}
