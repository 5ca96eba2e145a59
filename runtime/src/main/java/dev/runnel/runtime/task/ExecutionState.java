package dev.runnel.runtime.task;

/**
 * The lifecycle of one subtask attempt: CREATED → SCHEDULED (waiting for a slot) → DEPLOYING
 * (sent to a TaskManager) → RUNNING → FINISHED, or CANCELING → CANCELED, or FAILED.
 */
public enum ExecutionState {
    CREATED,
    SCHEDULED,
    DEPLOYING,
    RUNNING,
    FINISHED,
    CANCELING,
    CANCELED,
    FAILED;

    public boolean isTerminal() {
        return this == FINISHED || this == CANCELED || this == FAILED;
    }
}
