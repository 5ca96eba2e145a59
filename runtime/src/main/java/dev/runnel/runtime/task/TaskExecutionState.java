package dev.runnel.runtime.task;

import java.io.Serializable;
import java.util.Objects;

/**
 * What a TaskManager reports to the JobManager when a task changes state.
 *
 * @param failureCause for FAILED: the root cause's message and where it happened, else {@code null}
 * @param counters the task's counters at the time of the change
 */
public record TaskExecutionState(ExecutionAttemptId attemptId, ExecutionState state, String failureCause,
                                 TaskCounters counters) implements Serializable {
    public TaskExecutionState {
        Objects.requireNonNull(attemptId, "attemptId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(counters, "counters");
    }
}
