package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.checkpoint.CheckpointLocation;
import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.checkpoint.StreamStateHandle;
import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.task.ExecutionAttemptId;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

/**
 * A checkpoint or savepoint that was triggered and is waiting for the acknowledgements of its
 * subtasks. A subtask that finished counts as acknowledged with a "finished" state. JobManager
 * main thread only.
 */
final class PendingCheckpoint {
    /** Subtask of a vertex, the key of acknowledged state (attempt-independent). */
    record SubtaskKey(int vertexId, int subtaskIndex) {
    }

    private final long id;
    private final Instant triggered;
    private final CheckpointLocation location;
    private final StopMode stopMode;
    private final Set<ExecutionAttemptId> awaited = new HashSet<>();
    private final Map<SubtaskKey, TaskStateSnapshot> acknowledged = new HashMap<>();
    private final Set<SubtaskKey> finished = new HashSet<>();
    private final CompletableFuture<String> result = new CompletableFuture<>();
    private ScheduledFuture<?> timeout;
    /** The split enumerators' snapshots, by source vertex id, taken right before the trigger. */
    private Map<Integer, byte[]> coordinatorStates = Map.of();

    PendingCheckpoint(long id, Instant triggered, CheckpointLocation location, StopMode stopMode,
                      List<ExecutionVertex> running, List<ExecutionVertex> alreadyFinished) {
        this.id = id;
        this.triggered = triggered;
        this.location = location;
        this.stopMode = stopMode;
        running.forEach(v -> awaited.add(v.attemptId()));
        alreadyFinished.forEach(v -> finished.add(key(v.attemptId())));
    }

    private static SubtaskKey key(ExecutionAttemptId attempt) {
        return new SubtaskKey(attempt.vertexId(), attempt.subtaskIndex());
    }

    long id() {
        return id;
    }

    Instant triggered() {
        return triggered;
    }

    CheckpointLocation location() {
        return location;
    }

    boolean isSavepoint() {
        return location.isSavepoint();
    }

    StopMode stopMode() {
        return stopMode;
    }

    /** Completes with the checkpoint's directory, or fails with why it was aborted. */
    CompletableFuture<String> result() {
        return result;
    }

    void setCoordinatorStates(Map<Integer, byte[]> states) {
        coordinatorStates = Map.copyOf(states);
    }

    /** The snapshot of the split enumerator of source vertex {@code vertexId}, or {@code null}. */
    byte[] coordinatorState(int vertexId) {
        return coordinatorStates.get(vertexId);
    }

    void setTimeout(ScheduledFuture<?> future) {
        this.timeout = future;
    }

    void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
        }
    }

    /** Records a subtask's state; returns whether it was awaited. */
    boolean acknowledge(ExecutionAttemptId attempt, TaskStateSnapshot state) {
        if (!awaited.remove(attempt)) {
            return false;
        }
        acknowledged.put(key(attempt), state);
        return true;
    }

    /** A subtask ended without acknowledging: it finished before the checkpoint reached it. */
    boolean finished(ExecutionAttemptId attempt) {
        if (!awaited.remove(attempt)) {
            return false;
        }
        finished.add(key(attempt));
        return true;
    }

    boolean isAwaiting(ExecutionAttemptId attempt) {
        return awaited.contains(attempt);
    }

    /** Whether any subtask acknowledged with state (rather than finishing before the barrier). */
    boolean hasAcknowledgements() {
        return !acknowledged.isEmpty();
    }

    boolean isComplete() {
        return awaited.isEmpty();
    }

    /** The shared files (incremental RocksDB uploads) in the acknowledged state. */
    List<StreamStateHandle> sharedStateFiles() {
        return sharedStateFiles(acknowledged.values());
    }

    /** The shared files the keyed state handles in {@code states} name. */
    static List<StreamStateHandle> sharedStateFiles(Collection<TaskStateSnapshot> states) {
        return states.stream().filter(Objects::nonNull)
                .flatMap(state -> state.operators().values().stream())
                .flatMap(operator -> operator.keyed().stream())
                .flatMap(handle -> handle.sharedStateFiles().stream())
                .toList();
    }

    /** The state a subtask acknowledged, or {@code null} if it finished before. */
    TaskStateSnapshot state(int vertexId, int subtaskIndex) {
        return acknowledged.get(new SubtaskKey(vertexId, subtaskIndex));
    }
}
