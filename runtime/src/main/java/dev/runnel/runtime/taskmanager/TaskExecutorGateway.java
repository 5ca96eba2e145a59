package dev.runnel.runtime.taskmanager;

import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.TaskManagerLocation;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.TaskCounters;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * How the JobManager talks to a TaskManager. Every call returns at once; the TaskManager
 * does the work on its own thread. In the embedded cluster calls are direct; a remote
 * TaskManager will put an RPC transport behind the same interface.
 */
public interface TaskExecutorGateway {

    TaskManagerId taskManagerId();

    /**
     * {@code host:port} where other TaskManagers fetch the channels of its subtasks, or
     * {@code null} when it shares channels with every other TaskManager (all in one JVM).
     */
    default String dataAddress() {
        return null;
    }

    /** Where it runs and when it was last heard of; a TaskManager in this JVM is always heard of. */
    default TaskManagerLocation location() {
        return TaskManagerLocation.embedded();
    }

    /** Starts a subtask; completes when it was accepted (its state changes are reported later). */
    CompletableFuture<Void> submitTask(TaskDeploymentDescriptor deployment);

    /** Cancels a subtask; an unknown attempt is reported CANCELED so the JobManager never waits on it. */
    void cancelTask(ExecutionAttemptId attemptId);

    /** The job ended: frees what the TaskManager still holds for it (channels). */
    void releaseJob(JobId jobId);

    /** Frees the channels of the job's deployments before {@code generation} (the job restarted). */
    void releaseChannels(JobId jobId, int generation);

    /**
     * Starts a checkpoint at a subtask: a source, or a task whose producers all finished (see
     * {@code Task#triggerCheckpoint}). An unknown attempt is ignored (it ended; the JobManager
     * learns that from its state report).
     */
    void triggerCheckpoint(ExecutionAttemptId attemptId, CheckpointBarrier barrier, StopMode stop);

    /**
     * A split enumerator's event for a source subtask; it reaches the subtask in the order of
     * this gateway's calls, after the checkpoint triggers sent before it. An unknown attempt
     * drops it (it ended; the JobManager learns that from its state report).
     */
    void sendSourceEvent(ExecutionAttemptId attemptId, SourceEvent event);

    /** Checkpoint {@code checkpointId} of the job completed: tell its subtasks running here. */
    void notifyCheckpointComplete(JobId jobId, long checkpointId);

    /** Checkpoint {@code checkpointId} of the job was aborted: tell its subtasks running here. */
    void notifyCheckpointAborted(JobId jobId, long checkpointId);

    /** Test hook: makes a running subtask fail with {@code failure}, as if an operator threw it. */
    void failTask(ExecutionAttemptId attemptId, RuntimeException failure);

    /** The counters of the job's subtasks running here now. */
    CompletableFuture<Map<ExecutionAttemptId, TaskCounters>> requestCounters(JobId jobId);
}
