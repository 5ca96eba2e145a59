package dev.runnel.runtime.operators;

import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;

/**
 * A step of a job that transforms, aggregates or writes rows.
 *
 * <p>Contract: every method is called from the one thread of the task that hosts the
 * operator, so an operator needs no locks. The call order is {@link #open}, then any number of
 * {@link #processBatch} and {@link #processWatermark} calls, then {@link #endInput} once per
 * input when that input has ended, then {@link #finish} once when all inputs have ended (only
 * for jobs that end on their own), then {@link #close}, which is also called after a
 * failure or cancellation (without {@code finish}). Results go to
 * {@link OperatorContext#output()}. Most operators extend {@link AbstractOperator}.
 *
 * <p>Checkpoints: when a checkpoint's barrier reaches the operator (between two calls above),
 * the task calls {@link #prepareSnapshotPreBarrier} on every operator of the chain, head
 * first, then {@link #snapshotState}, then forwards the barrier and snapshots the keyed state
 * backends. Later, once the whole checkpoint completed, {@link #notifyCheckpointComplete}
 * (or {@link #notifyCheckpointAborted}). Keyed state needs nothing from the operator; rows an
 * operator holds in fields must be emitted before the barrier or kept in keyed state or in
 * {@link OperatorContext#operatorStateStore()}. On restore the state is in place when
 * {@code open} is called.
 */
public interface Operator extends AutoCloseable {

    /** Prepares the operator to run; compile generated code, open files, create state here. */
    void open(OperatorContext context) throws Exception;

    /**
     * Processes a batch of rows that arrived on input {@code input} (0 for single-input
     * operators). The batch may be reused by the caller after the method returns.
     */
    void processBatch(RowBatch batch, int input) throws Exception;

    /**
     * Event time advanced on all inputs to {@code watermark}. Operators forward it to their
     * output ({@link AbstractOperator} does); operators that hold back rows by event time emit
     * what the watermark completes first.
     */
    void processWatermark(Watermark watermark) throws Exception;

    /** Input {@code input} has ended: no more batches will arrive on it. */
    default void endInput(int input) throws Exception {
    }

    /** All inputs have ended; emit whatever is still buffered. */
    default void finish() throws Exception {
    }

    /**
     * A checkpoint's barrier arrived: emit what the operator holds back only for efficiency
     * (a mini-batch buffer), so that it goes before the barrier. Do not emit anything that
     * waits for a watermark or more input.
     */
    default void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
    }

    /** Writes the operator's non-keyed state into {@link OperatorContext#operatorStateStore()}. */
    default void snapshotState(long checkpointId) throws Exception {
    }

    /**
     * Every task acknowledged checkpoint {@code checkpointId} and its metadata is written: make
     * its side effects visible (a file sink commits the files it wrote up to the checkpoint).
     * Notifications may skip ids; a later id completes everything before it.
     */
    default void notifyCheckpointComplete(long checkpointId) throws Exception {
    }

    /** Checkpoint {@code checkpointId} was aborted; what it prepared stays pending or is discarded. */
    default void notifyCheckpointAborted(long checkpointId) throws Exception {
    }

    /** Releases resources. Called exactly once, also after failure or cancellation. */
    @Override
    default void close() throws Exception {
    }
}
