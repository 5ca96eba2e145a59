package dev.runnel.runtime.task;

import dev.runnel.runtime.checkpoint.TaskStateSnapshot;

/** Where a task reports the outcome of its part of a checkpoint (the JobManager). Any thread. */
public interface CheckpointResponder {

    void acknowledge(ExecutionAttemptId attemptId, long checkpointId, TaskStateSnapshot state);

    void decline(ExecutionAttemptId attemptId, long checkpointId, String reason);
}
