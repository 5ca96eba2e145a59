package dev.runnel.runtime.source;

import java.io.Serializable;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;

/**
 * What a {@link SplitEnumerator} can do in the JobManager. Every method must be called on the
 * JobManager's main thread (the enumerator's own methods and the handlers of
 * {@link #callAsync} run there).
 */
public interface SplitEnumeratorContext {

    /** The source's parallelism: its readers are subtasks {@code 0 … parallelism - 1}. */
    int parallelism();

    /** The subtasks whose readers registered and have not gone since. */
    Set<Integer> registeredReaders();

    /**
     * Sends {@code splits} to the reader of {@code subtask}, which must be registered; the reader
     * gets them through {@link SourceReader#addSplits}, in the order they were assigned.
     *
     * @throws IllegalStateException when that reader is not registered
     */
    void assignSplits(int subtask, List<? extends Serializable> splits);

    /** Tells the reader of {@code subtask} that it will get no more splits: a bounded reader ends when its splits do. */
    void signalNoMoreSplits(int subtask);

    /**
     * Runs {@code callable} on a thread of the enumerator's own (it may block), then
     * {@code handler} with its result or failure on the main thread; with {@code periodMillis}
     * greater than zero again and again, that long after each run ended. Calls stop when the
     * enumerator is closed.
     */
    <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler, long initialDelayMillis,
                       long periodMillis);

    /** {@link #callAsync(Callable, BiConsumer, long, long)} once, at once. */
    default <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
        callAsync(callable, handler, 0, 0);
    }

    /** The source cannot go on (its brokers cannot be reached): the job fails over with {@code cause}. */
    void failJob(Throwable cause);
}
