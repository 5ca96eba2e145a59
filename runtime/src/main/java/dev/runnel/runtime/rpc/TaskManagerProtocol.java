package dev.runnel.runtime.rpc;

import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.MemoryUsage;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import dev.runnel.runtime.task.TaskExecutionState;
import io.grpc.MethodDescriptor;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * What a TaskManager process and its JobManager say to each other: one bidirectional gRPC
 * stream per registration ({@link #CONNECT}), opened by the TaskManager.
 *
 * <p>One stream rather than a call per message because the gateways' contracts need order:
 * a subtask's state reports must arrive in the order they happened, and a cancel must not
 * overtake the deployment it cancels. gRPC delivers the messages of one stream in order; separate
 * calls it does not. The stream is also the liveness of the registration: when the connection
 * breaks, both ends learn it at once, and both send {@link Heartbeat}s every
 * {@code heartbeat.interval}, so a peer that is silent for {@code heartbeat.timeout} counts as lost.
 *
 * <p>Every message from the JobManager carries its fencing token ({@link FromJobManager}), the
 * one it answered the registration with; a TaskManager drops messages with another one, so
 * that a JobManager that lost leadership (high availability) cannot command it.
 */
final class TaskManagerProtocol {
    static final String SERVICE = "runnel.TaskManagers";

    static final JavaSerialization<ToJobManager> TO_JOB_MANAGER = new JavaSerialization<>(ToJobManager.class);
    static final JavaSerialization<FromJobManager> FROM_JOB_MANAGER = new JavaSerialization<>(FromJobManager.class);

    static final MethodDescriptor<ToJobManager, FromJobManager> CONNECT =
            MethodDescriptor.<ToJobManager, FromJobManager>newBuilder()
                    .setType(MethodDescriptor.MethodType.BIDI_STREAMING)
                    .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, "Connect"))
                    .setRequestMarshaller(TO_JOB_MANAGER)
                    .setResponseMarshaller(FROM_JOB_MANAGER)
                    .build();

    private TaskManagerProtocol() {
    }

    /** A message from a TaskManager. */
    interface ToJobManager extends Serializable {
    }

    /** A message to a TaskManager. */
    interface ToTaskManager extends Serializable {
    }

    /** A message to a TaskManager with the fencing token of the JobManager that sent it. */
    record FromJobManager(UUID fencingToken, ToTaskManager message) implements Serializable {
    }

    /**
     * Both ways: I am alive. A TaskManager's carries its JVM's memory ({@code /taskmanagers}
     * shows it); the JobManager's carries none.
     */
    record Heartbeat(MemoryUsage memory) implements ToJobManager, ToTaskManager {
    }

    /**
     * Both ways: the answer to the call numbered {@code callId}, its value (possibly null) or
     * the exception it failed with (made portable, see {@link ClusterRpc.Outcome}).
     */
    record Reply(long callId, Serializable value, RuntimeException failure) implements ToJobManager, ToTaskManager {
    }

    // ---- TaskManager to JobManager (JobManagerGateway)

    /**
     * The first message of a stream: a TaskManager offers its slots.
     *
     * @param name what the TaskManager calls itself; the JobManager may add to it to keep ids unique
     * @param host the host it runs on, and {@code pid} its process id: what a user needs to find it
     * @param cpuCores the processors its JVM sees, and {@code heapBytes} its largest heap
     * @param dataAddress {@code host:port} where other TaskManagers fetch its subtasks' output
     */
    record Register(String name, int slots, String host, long pid, int cpuCores, long heapBytes, String dataAddress)
            implements ToJobManager {
    }

    record TaskState(TaskExecutionState state) implements ToJobManager {
    }

    /** A collect sink's rows; answered (a {@link Reply}) once the job's result buffer took them. */
    record Results(long callId, ExecutionAttemptId attemptId, ArrayList<Row> rows, long firstOffset)
            implements ToJobManager {
        Results(long callId, ExecutionAttemptId attemptId, List<Row> rows, long firstOffset) {
            this(callId, attemptId, new ArrayList<>(rows), firstOffset);
        }
    }

    record AcknowledgeCheckpoint(ExecutionAttemptId attemptId, long checkpointId, TaskStateSnapshot state)
            implements ToJobManager {
    }

    record DeclineCheckpoint(ExecutionAttemptId attemptId, long checkpointId, String reason) implements ToJobManager {
    }

    /** A source subtask's event for its split enumerator. */
    record ToEnumerator(ExecutionAttemptId attemptId, SourceEvent event) implements ToJobManager {
    }

    // ---- JobManager to TaskManager (TaskExecutorGateway)

    /**
     * The answer to {@link Register}: the TaskManager's id in this cluster and how often to send
     * heartbeats and how long silence may last, so that both ends agree.
     */
    record Registered(String taskManagerId, Duration heartbeatInterval, Duration heartbeatTimeout)
            implements ToTaskManager {
    }

    /** Answered once the TaskManager accepted the subtask. */
    record SubmitTask(long callId, TaskDeploymentDescriptor deployment) implements ToTaskManager {
    }

    record CancelTask(ExecutionAttemptId attemptId) implements ToTaskManager {
    }

    record ReleaseJob(JobId jobId) implements ToTaskManager {
    }

    record ReleaseChannels(JobId jobId, int generation) implements ToTaskManager {
    }

    record TriggerCheckpoint(ExecutionAttemptId attemptId, CheckpointBarrier barrier, StopMode stop)
            implements ToTaskManager {
    }

    /** A split enumerator's event for a source subtask; on this stream, so that it stays in order with the triggers. */
    record ToReader(ExecutionAttemptId attemptId, SourceEvent event) implements ToTaskManager {
    }

    record CheckpointComplete(JobId jobId, long checkpointId) implements ToTaskManager {
    }

    record CheckpointAborted(JobId jobId, long checkpointId) implements ToTaskManager {
    }

    record FailTask(ExecutionAttemptId attemptId, RuntimeException failure) implements ToTaskManager {
    }

    /** Answered with the counters ({@code HashMap<ExecutionAttemptId, TaskCounters>}) of the job's subtasks. */
    record RequestCounters(long callId, JobId jobId) implements ToTaskManager {
    }
}
