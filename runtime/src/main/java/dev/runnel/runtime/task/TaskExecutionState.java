package dev.runnel.runtime.task;

import java.io.Serializable;
import java.util.Objects;

/**
 * What a TaskManager reports to the JobManager when a task changes state.
 *
 * @param failureCause for FAILED: the root cause's message and where it happened, else {@code null}
 * @param counters the task's counters at the time of the change
 * @param exceptionName for FAILED: the class of what the task threw, or {@code null} when the
 *                      failure is not an exception's (a lost TaskManager, a failed deployment)
 * @param stackTrace for FAILED: what the task threw with its stack trace and causes, or {@code null}
 */
public record TaskExecutionState(ExecutionAttemptId attemptId, ExecutionState state, String failureCause,
                                 TaskCounters counters, String exceptionName, String stackTrace)
        implements Serializable {
    public TaskExecutionState {
        Objects.requireNonNull(attemptId, "attemptId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(counters, "counters");
    }

    /** A change without an exception behind it. */
    public TaskExecutionState(ExecutionAttemptId attemptId, ExecutionState state, String failureCause,
                              TaskCounters counters) {
        this(attemptId, state, failureCause, counters, null, null);
    }
}
