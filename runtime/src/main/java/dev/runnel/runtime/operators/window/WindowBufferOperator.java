package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.stream.Watermark;

/**
 * A window operator that accumulates rows in a buffer in memory in front of its keyed state, as
 * Flink's window buffer: the buffer is folded into state before a watermark that could fire one
 * of its windows (or one that its rows would change), before a checkpoint barrier (so the
 * checkpoint holds every row before the barrier) and at the end of input.
 */
abstract class WindowBufferOperator extends AbstractOperator {
    /** The keyed state backend; subclasses open it. */
    protected KeyedStateBackend backend;

    /** Folds the buffer into state. */
    abstract void flush() throws Exception;

    /** Whether the buffer must be folded into state before the watermark {@code timestamp} fires timers. */
    abstract boolean flushBefore(long timestamp);

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        if (flushBefore(watermark.timestamp())) {
            flush();
        }
        backend.advanceWatermark(watermark.timestamp());
        super.processWatermark(watermark);
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        flush();
        super.prepareSnapshotPreBarrier(checkpointId);
    }

    @Override
    public void finish() throws Exception {
        flush();
        super.finish();
    }
}
