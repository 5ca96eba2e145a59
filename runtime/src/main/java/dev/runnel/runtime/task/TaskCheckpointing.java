package dev.runnel.runtime.task;

import dev.runnel.runtime.checkpoint.CheckpointUpload;
import dev.runnel.runtime.checkpoint.InMemoryOperatorStateStore;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.checkpoint.OperatorIds;
import dev.runnel.runtime.checkpoint.OperatorStateStore;
import dev.runnel.runtime.checkpoint.OperatorSubtaskState;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.state.ManagedMemory;
import dev.runnel.runtime.stream.CheckpointBarrier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A task's state and its part in checkpoints: the operator state stores and keyed state
 * backends of its operators (restored from the deployment's state), the snapshot of a
 * checkpoint (the synchronous part on the task's thread, the writing on the TaskManager's
 * snapshot threads) and the acknowledgement to the JobManager.
 *
 * <p>Task thread only, except the asynchronous parts it starts and {@link #abortUpload} /
 * {@link #abortUploads}, which any thread may call.
 */
final class TaskCheckpointing {
    private static final Logger LOG = LoggerFactory.getLogger(TaskCheckpointing.class);
    /** How long a task that ends waits for the snapshots it is still writing. */
    private static final Duration PENDING_SNAPSHOT_WAIT = Duration.ofMinutes(1);

    private record OperatorBackend(String operatorId, KeyedStateBackend backend) {
    }

    private final TaskDeploymentDescriptor tdd;
    private final CheckpointResponder responder;
    private final Executor snapshotExecutor;
    private final Consumer<AutoCloseable> resources;
    private final ManagedMemory.Slot managedMemory;
    private final TaskStateSnapshot restored;
    private final List<OperatorIds.OperatorRef> operatorRefs;
    private final Map<String, InMemoryOperatorStateStore> stores = new LinkedHashMap<>();
    private final List<OperatorBackend> backends = new ArrayList<>();
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    /** The uploads still being written, by checkpoint. */
    private final Map<Long, CheckpointUpload> uploads = new ConcurrentHashMap<>();
    /**
     * Checkpoints aborted at or after the last one this task snapshot: the barrier of one may
     * still be on its way (behind rows), and its upload must not start.
     */
    private final Set<Long> aborted = ConcurrentHashMap.newKeySet();

    /**
     * @param resources where backends go to be closed with the task
     * @param managedMemory the managed memory of the task's slot, which its backends share
     */
    TaskCheckpointing(TaskDeploymentDescriptor tdd, CheckpointResponder responder, Executor snapshotExecutor,
                      Consumer<AutoCloseable> resources, ManagedMemory.Slot managedMemory) {
        this.tdd = tdd;
        this.managedMemory = managedMemory;
        this.responder = responder;
        this.snapshotExecutor = snapshotExecutor;
        this.resources = resources;
        this.restored = tdd.restoreState();
        this.operatorRefs = OperatorIds.of(tdd.vertex());
    }

    /** Whether the task was restored as finished: it ends at once without running its operators. */
    boolean restoredAsFinished() {
        return restored != null && restored.isFinished();
    }

    OperatorStateStore operatorStateStore(String operatorId) {
        return stores.computeIfAbsent(operatorId, id -> {
            OperatorSubtaskState state = restored == null ? null : restored.get(id);
            return state == null ? new InMemoryOperatorStateStore()
                    : new InMemoryOperatorStateStore(state.splitLists(), state.unionLists());
        });
    }

    /** Creates operator {@code operatorId}'s backend with the keyed state it restores, if any. */
    KeyedStateBackend keyedStateBackend(String operatorId, KeyedStateBackends.Parameters fresh) {
        OperatorSubtaskState state = restored == null ? null : restored.get(operatorId);
        List<KeyedStateHandle> handles = state == null ? List.of() : state.keyed();
        KeyedStateBackend backend = KeyedStateBackends.create(new KeyedStateBackends.Parameters(fresh.jobName(),
                fresh.operatorName(), fresh.subtaskIndex(), fresh.parallelism(), fresh.maxParallelism(),
                fresh.configuration(), fresh.keySerializer(), fresh.processingTimeService(), handles, managedMemory));
        resources.accept(backend);
        backends.add(new OperatorBackend(operatorId, backend));
        return backend;
    }

    /**
     * Takes this task's part of the checkpoint that {@code barrier} stands for, at a point
     * between two input elements: the reader's and operators' state, then the barrier goes
     * downstream (after the rows emitted before it), then the backends' synchronous parts; the
     * rest is written on a snapshot thread, which acknowledges. A failure of the snapshot
     * declines the checkpoint; a failure to send the barrier fails the task.
     *
     * @param reader the source reader, or {@code null}
     * @param out the network output, or {@code null} for a sink vertex
     */
    void snapshot(CheckpointBarrier barrier, SourceReader reader, OperatorChain chain, NetworkOutput out) {
        long id = barrier.id();
        Map<String, OperatorSubtaskState> lists = new LinkedHashMap<>();
        List<Map.Entry<String, SnapshotTask>> asyncParts = new ArrayList<>();
        try {
            if (reader != null) {
                String name = tdd.vertex().source().name();
                OperatorException.invoke(name, () -> reader.snapshotState(id));
            }
            chain.snapshotState(id);
            // The lists are live: copy them now, before the operators change them again.
            stores.forEach((operatorId, store) -> lists.put(operatorId,
                    new OperatorSubtaskState(List.of(), store.splitLists(), store.unionLists(), false)));
        } catch (RuntimeException e) {
            decline(id, e);
            return;
        }
        if (out != null) {
            out.broadcastEvent(barrier);
        }
        aborted.removeIf(older -> older < id);
        if (aborted.contains(id)) {
            // Aborted before its barrier got here: what it would write serves nobody.
            return;
        }
        CheckpointUpload upload = new CheckpointUpload(id, barrier.location());
        try {
            for (OperatorBackend b : backends) {
                SnapshotTask task = b.backend().snapshot(upload.targetFor(b.operatorId(), tdd.subtaskIndex()));
                asyncParts.add(Map.entry(b.operatorId(), task));
            }
        } catch (Exception e) {
            decline(id, e);
            return;
        }
        CompletableFuture<Void> written = new CompletableFuture<>();
        pending.add(written);
        uploads.put(id, upload);
        if (aborted.contains(id)) {
            // aborted while the synchronous part ran: abortUpload found no upload yet
            upload.abort("the checkpoint was aborted");
        }
        try {
            snapshotExecutor.execute(() -> {
                try {
                    TaskStateSnapshot state = write(lists, asyncParts);
                    if (upload.complete()) {
                        responder.acknowledge(tdd.attemptId(), id, state);
                    }
                } catch (Exception e) {
                    // What a failed upload wrote serves nobody; its decline aborts the checkpoint
                    // (one aborted already needs none).
                    boolean abortedBefore = upload.isAborted();
                    upload.abort(e.toString());
                    if (!abortedBefore) {
                        decline(id, e);
                    }
                } finally {
                    uploads.remove(id, upload);
                    written.complete(null);
                }
            });
        } catch (RejectedExecutionException e) {
            uploads.remove(id, upload);
            written.complete(null);
            decline(id, e);
        }
        pending.removeIf(CompletableFuture::isDone);
    }

    private TaskStateSnapshot write(Map<String, OperatorSubtaskState> lists,
                                    List<Map.Entry<String, SnapshotTask>> asyncParts) throws Exception {
        Map<String, List<KeyedStateHandle>> keyed = new LinkedHashMap<>();
        for (Map.Entry<String, SnapshotTask> part : asyncParts) {
            KeyedStateHandle handle = part.getValue().write();
            if (handle != null) {
                keyed.computeIfAbsent(part.getKey(), k -> new ArrayList<>()).add(handle);
            }
        }
        Map<String, OperatorSubtaskState> operators = new LinkedHashMap<>();
        for (OperatorIds.OperatorRef ref : operatorRefs) {
            OperatorSubtaskState state = lists.getOrDefault(ref.id(), OperatorSubtaskState.EMPTY);
            operators.put(ref.id(), new OperatorSubtaskState(keyed.getOrDefault(ref.id(), List.of()),
                    state.splitLists(), state.unionLists(), false));
        }
        return new TaskStateSnapshot(operators);
    }

    private void decline(long checkpointId, Exception e) {
        LOG.warn("Task {} declined checkpoint {}", tdd.taskName(), checkpointId, e);
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        responder.decline(tdd.attemptId(), checkpointId, tdd.taskName() + ": " + message);
    }

    /**
     * Checkpoint {@code checkpointId} was aborted: its upload, if still running, stops writing and
     * deletes what it wrote. Any thread, at once (the task's thread may be busy).
     */
    void abortUpload(long checkpointId, String reason) {
        aborted.add(checkpointId);
        CheckpointUpload upload = uploads.get(checkpointId);
        if (upload != null) {
            upload.abort(reason);
        }
    }

    /** The task is cancelled or failed: no upload still running can be acknowledged. Any thread. */
    void abortUploads(String reason) {
        uploads.values().forEach(upload -> upload.abort(reason));
    }

    /** Checkpoint {@code checkpointId} completed: the reader, operators and backends may commit. */
    void notifyComplete(long checkpointId, SourceReader reader, OperatorChain chain) {
        if (reader != null) {
            OperatorException.invoke(tdd.vertex().source().name(), () -> reader.notifyCheckpointComplete(checkpointId));
        }
        chain.notifyCheckpointComplete(checkpointId);
        backends.forEach(b -> b.backend().notifyCheckpointComplete(checkpointId));
    }

    void notifyAborted(long checkpointId, OperatorChain chain) {
        chain.notifyCheckpointAborted(checkpointId);
        backends.forEach(b -> b.backend().notifyCheckpointAborted(checkpointId));
    }

    /**
     * Waits for the snapshots still being written, so that their acknowledgements reach the
     * JobManager before the task's end does, and no backend closes under a snapshot thread.
     */
    void awaitPendingSnapshots() {
        CompletableFuture<?>[] all = pending.toArray(new CompletableFuture<?>[0]);
        try {
            CompletableFuture.allOf(all).get(PENDING_SNAPSHOT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("Task {} ended while snapshots were still being written", tdd.taskName());
        }
        pending.clear();
    }
}
