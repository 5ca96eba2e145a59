package dev.runnel.runtime.source;

import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import java.io.Serializable;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Reads rows for one source subtask. Polled by the task's thread between mails, so that a
 * source never blocks the task: it emits a bounded amount of rows per call and says whether
 * more are available.
 *
 * <p>Contract: all methods are called from the task's thread. {@link #open} first, then
 * {@link #pollNext} until it returns {@link InputStatus#END_OF_INPUT} or the task is cancelled,
 * then {@link #close} exactly once.
 *
 * <p>Checkpoints: {@link #snapshotState} is called between two polls when a checkpoint starts at
 * this source subtask; the reader writes its splits and their positions into
 * {@link OperatorContext#operatorStateStore()} ({@code splitList}, one entry per split, so that
 * splits move between subtasks when a job restores with another parallelism). On restore,
 * {@code open} finds the assigned splits there and resumes from their positions instead of
 * computing its own split.
 */
public interface SourceReader extends AutoCloseable {

    void open(OperatorContext context) throws Exception;

    /** Emits up to about one batch of rows (and watermarks) into {@code output}. */
    InputStatus pollNext(Output output) throws Exception;

    /**
     * Completes when polling again may produce rows; only asked after
     * {@link InputStatus#NOTHING_AVAILABLE}. A rate-limited source completes it when its next
     * rows are due.
     */
    default CompletableFuture<Void> isAvailable() {
        return CompletableFuture.completedFuture(null);
    }

    /**
     * Splits its source's {@link SplitEnumerator} assigned to this reader; between two polls,
     * after {@link #open}. Only sources with an enumerator get them.
     */
    default void addSplits(List<Serializable> splits) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " takes no splits from an enumerator");
    }

    /** The enumerator will assign no more splits: a bounded reader ends once its splits ended. */
    default void notifyNoMoreSplits() {
    }

    /** Writes the current split positions into the operator state store (see the class comment). */
    default void snapshotState(long checkpointId) throws Exception {
    }

    /** Checkpoint {@code checkpointId} completed. */
    default void notifyCheckpointComplete(long checkpointId) throws Exception {
    }

    @Override
    default void close() throws Exception {
    }
}
