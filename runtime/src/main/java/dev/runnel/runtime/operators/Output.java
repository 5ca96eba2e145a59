package dev.runnel.runtime.operators;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;

/**
 * Where an operator sends what it produces: the next operator of its chain, or the network
 * partitions of its task. Rows are buffered into batches; the task flushes the buffer after
 * each input element it processed, and the output flushes whenever a batch is full.
 *
 * <p>Called only from the task's thread. A row passed to {@link #collect(Row)} belongs to the
 * receiver from then on: do not reuse it.
 */
public interface Output {
    void collect(Row row);

    void emitWatermark(Watermark watermark);

    /**
     * The producer became idle or active again ({@link WatermarkStatus}). Sources (or their
     * watermark generation) call it; inside a task it passes the chained operators by, which
     * only ever see the combined watermark, and goes to every consumer of the task. Outputs
     * that have no consumers ignore it.
     */
    default void emitWatermarkStatus(WatermarkStatus status) {
    }

    /** Passes buffered rows downstream now. */
    void flush();
}
