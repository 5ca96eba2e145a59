package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.scheduler.AllocatedSlot;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.ExecutionState;
import dev.runnel.runtime.task.TaskCounters;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * One subtask of a job vertex, with the state of its current attempt. Transitions follow
 * {@link ExecutionState}: a message that does not fit the current state (a late report about a
 * subtask that was already cancelled) is ignored. JobManager main thread only.
 */
public final class ExecutionVertex {
    private static final Map<ExecutionState, Set<ExecutionState>> ALLOWED = Map.of(
            ExecutionState.CREATED, EnumSet.of(ExecutionState.SCHEDULED, ExecutionState.CANCELED, ExecutionState.FAILED),
            ExecutionState.SCHEDULED, EnumSet.of(ExecutionState.DEPLOYING, ExecutionState.CANCELED, ExecutionState.FAILED),
            ExecutionState.DEPLOYING, EnumSet.of(ExecutionState.RUNNING, ExecutionState.FINISHED, ExecutionState.CANCELING,
                    ExecutionState.CANCELED, ExecutionState.FAILED),
            ExecutionState.RUNNING, EnumSet.of(ExecutionState.FINISHED, ExecutionState.CANCELING, ExecutionState.CANCELED,
                    ExecutionState.FAILED),
            ExecutionState.CANCELING, EnumSet.of(ExecutionState.CANCELED, ExecutionState.FINISHED, ExecutionState.FAILED),
            ExecutionState.FINISHED, EnumSet.noneOf(ExecutionState.class),
            ExecutionState.CANCELED, EnumSet.noneOf(ExecutionState.class),
            ExecutionState.FAILED, EnumSet.noneOf(ExecutionState.class));

    private final JobId jobId;
    private final JobVertex jobVertex;
    private final int subtaskIndex;
    private final int attempt;
    private ExecutionState state = ExecutionState.CREATED;
    private AllocatedSlot slot;
    private TaskCounters counters = TaskCounters.ZERO;

    ExecutionVertex(JobId jobId, JobVertex jobVertex, int subtaskIndex, int attempt) {
        this.jobId = jobId;
        this.jobVertex = jobVertex;
        this.subtaskIndex = subtaskIndex;
        this.attempt = attempt;
    }

    public JobVertex jobVertex() {
        return jobVertex;
    }

    public int subtaskIndex() {
        return subtaskIndex;
    }

    public int attempt() {
        return attempt;
    }

    public ExecutionAttemptId attemptId() {
        return new ExecutionAttemptId(jobId, jobVertex.id(), subtaskIndex, attempt);
    }

    public ExecutionState state() {
        return state;
    }

    /** The slot the subtask was deployed to, or {@code null} before deployment. */
    public AllocatedSlot slot() {
        return slot;
    }

    void assign(AllocatedSlot assigned) {
        this.slot = assigned;
    }

    TaskCounters counters() {
        return counters;
    }

    void updateCounters(TaskCounters latest) {
        this.counters = latest;
    }

    /** Moves to {@code target} if the lifecycle allows it; returns whether it did. */
    boolean transitionTo(ExecutionState target) {
        if (!ALLOWED.get(state).contains(target)) {
            return false;
        }
        state = target;
        return true;
    }

    @Override
    public String toString() {
        return jobVertex.name() + " (" + (subtaskIndex + 1) + "/" + jobVertex.parallelism() + ") " + state;
    }
}
