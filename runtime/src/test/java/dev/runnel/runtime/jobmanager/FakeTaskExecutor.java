package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.ExecutionState;
import dev.runnel.runtime.task.TaskCounters;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import dev.runnel.runtime.task.TaskExecutionState;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** A TaskManager that runs nothing: it records deployments and lets the test report task states. */
final class FakeTaskExecutor implements TaskExecutorGateway {
    private final TaskManagerId id;
    private final JobManagerGateway jobManager;
    private final List<TaskDeploymentDescriptor> deployments = new CopyOnWriteArrayList<>();
    private final List<CheckpointBarrier> barriers = new CopyOnWriteArrayList<>();
    private final List<SourceEvent> sourceEvents = new CopyOnWriteArrayList<>();
    private final List<String> calls = new CopyOnWriteArrayList<>();

    FakeTaskExecutor(String id, JobManagerGateway jobManager) {
        this.id = new TaskManagerId(id);
        this.jobManager = jobManager;
    }

    List<TaskDeploymentDescriptor> deploymentsOf(JobId jobId) {
        return deployments.stream().filter(d -> d.attemptId().jobId().equals(jobId)).toList();
    }

    /** The split enumerators' events for subtasks here, in order. */
    List<SourceEvent> sourceEvents() {
        return sourceEvents;
    }

    /** The barriers the JobManager asked this TaskManager to inject, in order. */
    List<CheckpointBarrier> barriers() {
        return barriers;
    }

    /** The name of every call the JobManager made to this TaskManager, in order. */
    List<String> calls() {
        return calls;
    }

    /** Reports every deployed subtask of {@code jobId} in {@code state}. */
    void reportAll(JobId jobId, ExecutionState state) {
        for (TaskDeploymentDescriptor d : deploymentsOf(jobId)) {
            jobManager.updateTaskExecutionState(new TaskExecutionState(d.attemptId(), state, null, TaskCounters.ZERO));
        }
    }

    @Override
    public TaskManagerId taskManagerId() {
        return id;
    }

    @Override
    public CompletableFuture<Void> submitTask(TaskDeploymentDescriptor deployment) {
        calls.add("submitTask");
        deployments.add(deployment);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void cancelTask(ExecutionAttemptId attemptId) {
        calls.add("cancelTask");
        jobManager.updateTaskExecutionState(new TaskExecutionState(attemptId, ExecutionState.CANCELED, null, TaskCounters.ZERO));
    }

    @Override
    public void releaseChannels(JobId jobId, int generation) {
        calls.add("releaseChannels");
    }

    @Override
    public void triggerCheckpoint(ExecutionAttemptId attemptId, CheckpointBarrier barrier, StopMode stop) {
        calls.add("triggerCheckpoint");
        barriers.add(barrier);
    }

    @Override
    public void sendSourceEvent(ExecutionAttemptId attemptId, SourceEvent event) {
        calls.add("sendSourceEvent");
        sourceEvents.add(event);
    }

    @Override
    public void notifyCheckpointComplete(JobId jobId, long checkpointId) {
        calls.add("notifyCheckpointComplete");
    }

    @Override
    public void notifyCheckpointAborted(JobId jobId, long checkpointId) {
        calls.add("notifyCheckpointAborted");
    }

    @Override
    public void failTask(ExecutionAttemptId attemptId, RuntimeException failure) {
        calls.add("failTask");
    }

    @Override
    public void releaseJob(JobId jobId) {
        calls.add("releaseJob");
    }

    @Override
    public CompletableFuture<Map<ExecutionAttemptId, TaskCounters>> requestCounters(JobId jobId) {
        calls.add("requestCounters");
        return CompletableFuture.completedFuture(Map.of());
    }
}
