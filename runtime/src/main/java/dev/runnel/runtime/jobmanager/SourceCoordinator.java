package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.source.SplitEnumerator;
import dev.runnel.runtime.source.SplitEnumeratorContext;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.ExecutionState;
import java.io.Serializable;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the {@link SplitEnumerator} of one source vertex for one attempt of its job (a restart
 * makes a new one from the checkpoint it restores): registers the readers as their subtasks
 * report, sends the enumerator's assignments to the subtasks' TaskManagers, runs its blocking
 * calls on a thread of its own and snapshots it for checkpoints.
 *
 * <p>JobManager main thread only, except the enumerator's {@link #callAsync} callables.
 */
final class SourceCoordinator implements SplitEnumeratorContext {
    private static final Logger LOG = LoggerFactory.getLogger(SourceCoordinator.class);

    private final JobVertex vertex;
    private final ExecutionGraph graph;
    private final ScheduledExecutorService mainThread;
    private final Consumer<Throwable> failJob;
    /** Where the enumerator's blocking calls run, so that they never hold up the main thread. */
    private final ScheduledExecutorService worker;
    /** The registered readers: subtask index to the attempt that registered. */
    private final TreeMap<Integer, ExecutionAttemptId> readers = new TreeMap<>();
    private final SplitEnumerator enumerator;
    private boolean closed;

    private SourceCoordinator(JobVertex vertex, ExecutionGraph graph, ScheduledExecutorService mainThread,
                              byte[] restoredState, Consumer<Throwable> failJob) {
        this.vertex = vertex;
        this.graph = graph;
        this.mainThread = mainThread;
        this.failJob = failJob;
        this.worker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "runnel-enumerator-" + vertex.id());
            thread.setDaemon(true);
            return thread;
        });
        SplitEnumerator created = vertex.source().createEnumerator(this, restoredState);
        this.enumerator = created;
        if (created == null) {
            worker.shutdownNow();
        }
    }

    /**
     * The coordinator of {@code vertex}'s source, started, or {@code null} when the source has no
     * enumerator (its readers find their own splits).
     *
     * @param restoredState the enumerator's part of the checkpoint the attempt restores, or {@code null}
     * @param failJob fails the job over with a cause, on the main thread
     */
    static SourceCoordinator start(JobVertex vertex, ExecutionGraph graph, ScheduledExecutorService mainThread,
                                   byte[] restoredState, Consumer<Throwable> failJob) {
        SourceCoordinator coordinator = new SourceCoordinator(vertex, graph, mainThread, restoredState, failJob);
        if (coordinator.enumerator == null) {
            return null;
        }
        coordinator.enumerator.start();
        return coordinator;
    }

    JobVertex vertex() {
        return vertex;
    }

    /** An event from a subtask of this source; events of attempts that are not current are dropped. */
    void handle(ExecutionAttemptId attempt, SourceEvent event) {
        ExecutionVertex subtask = graph.vertex(attempt);
        if (closed || subtask == null || subtask.jobVertex().id() != vertex.id()) {
            return;
        }
        if (event instanceof SourceEvent.ReaderRegistered) {
            readers.put(subtask.subtaskIndex(), attempt);
            try {
                enumerator.addReader(subtask.subtaskIndex());
            } catch (RuntimeException e) {
                failJob(e);
            }
        }
    }

    /** For a checkpoint about to be triggered; see {@link SplitEnumerator#snapshotState}. */
    byte[] snapshot(long checkpointId) throws Exception {
        return enumerator.snapshotState(checkpointId);
    }

    void close() {
        if (closed) {
            return;
        }
        closed = true;
        worker.shutdownNow();
        try {
            enumerator.close();
        } catch (RuntimeException e) {
            LOG.warn("The split enumerator of {} did not close cleanly", vertex.name(), e);
        }
    }

    // ---- SplitEnumeratorContext

    @Override
    public int parallelism() {
        return vertex.parallelism();
    }

    @Override
    public Set<Integer> registeredReaders() {
        return Collections.unmodifiableSet(readers.keySet());
    }

    @Override
    public void assignSplits(int subtask, List<? extends Serializable> splits) {
        send(subtask, new SourceEvent.AddSplits(splits));
    }

    @Override
    public void signalNoMoreSplits(int subtask) {
        send(subtask, new SourceEvent.NoMoreSplits());
    }

    private void send(int subtask, SourceEvent event) {
        ExecutionAttemptId attempt = readers.get(subtask);
        if (attempt == null) {
            throw new IllegalStateException("The reader of subtask " + subtask + " of " + vertex.name()
                    + " is not registered");
        }
        ExecutionVertex target = graph.vertex(attempt);
        if (closed || target == null || target.slot() == null || target.state().isTerminal()
                || target.state() == ExecutionState.CANCELING) {
            return; // the subtask is going away; the job fails over or ends, and a new attempt gets a new enumerator
        }
        target.slot().taskManager().sendSourceEvent(attempt, event);
    }

    @Override
    public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler, long initialDelayMillis,
                              long periodMillis) {
        schedule(callable, handler, initialDelayMillis, periodMillis);
    }

    private <T> void schedule(Callable<T> callable, BiConsumer<T, Throwable> handler, long delayMillis,
                              long periodMillis) {
        try {
            worker.schedule(() -> {
                T result = null;
                Throwable failure = null;
                try {
                    result = callable.call();
                } catch (Throwable t) {
                    failure = t;
                }
                T value = result;
                Throwable error = failure;
                onMainThread(() -> {
                    handler.accept(value, error);
                    if (periodMillis > 0) {
                        schedule(callable, handler, periodMillis, periodMillis);
                    }
                });
            }, delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // closed: the calls stop
        }
    }

    private void onMainThread(Runnable action) {
        try {
            mainThread.execute(() -> {
                if (closed) {
                    return;
                }
                try {
                    action.run();
                } catch (RuntimeException e) {
                    failJob(e);
                }
            });
        } catch (RejectedExecutionException e) {
            // the JobManager is shutting down
        }
    }

    @Override
    public void failJob(Throwable cause) {
        if (!closed) {
            failJob.accept(cause);
        }
    }
}
