package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.TaskExecutionState;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * How a TaskManager talks to the JobManager. Every call returns at once; the JobManager
 * does the work on its main thread. In the embedded cluster calls are direct; a remote
 * TaskManager will put an RPC transport behind the same interface.
 */
public interface JobManagerGateway {

    /** A TaskManager joins the cluster and offers its slots to the slot pool. */
    CompletableFuture<Void> registerTaskManager(TaskExecutorGateway taskManager, int numberOfSlots);

    /** A subtask changed state. Reports of one subtask arrive in the order they happened. */
    void updateTaskExecutionState(TaskExecutionState state);

    /**
     * A collect sink's rows for the client; completes once the job's result buffer took them,
     * which waits while the buffer is full. {@code firstOffset} is the number of rows the sink's
     * subtask sent before these, across attempts (rows a restored attempt sends again are
     * dropped), or {@link dev.runnel.runtime.task.ResultDeliverer#UNNUMBERED}.
     */
    CompletableFuture<Void> offerResults(ExecutionAttemptId attemptId, List<Row> rows, long firstOffset);

    /** A subtask wrote its part of checkpoint {@code checkpointId}. Any thread. */
    void acknowledgeCheckpoint(ExecutionAttemptId attemptId, long checkpointId, TaskStateSnapshot state);

    /** A subtask cannot take part in checkpoint {@code checkpointId}: the checkpoint is aborted. Any thread. */
    void declineCheckpoint(ExecutionAttemptId attemptId, long checkpointId, String reason);

    /** A source subtask's event for its source's split enumerator. Any thread. */
    void sendSourceEvent(ExecutionAttemptId attemptId, SourceEvent event);
}
