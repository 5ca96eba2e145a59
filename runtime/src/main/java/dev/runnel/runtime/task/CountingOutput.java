package dev.runnel.runtime.task;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;

/**
 * Counts the rows a source reader emits, then passes them on. The count is kept in a plain
 * field and published to other threads by {@link #publish()} (the task calls it after each
 * poll of the reader), so a row costs no volatile write.
 */
final class CountingOutput implements Output {
    private final Output delegate;
    private long rows;
    // Written by the task's thread only; read by others for progress reports.
    private volatile long count;

    CountingOutput(Output delegate) {
        this.delegate = delegate;
    }

    /** The rows counted up to the last {@link #publish()}; any thread. */
    long count() {
        return count;
    }

    /** Makes the rows counted so far visible to {@link #count()}; task thread only. */
    void publish() {
        count = rows;
    }

    @Override
    public void collect(Row row) {
        rows++;
        delegate.collect(row);
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        delegate.emitWatermark(watermark);
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        delegate.emitWatermarkStatus(status);
    }

    @Override
    public void flush() {
        delegate.flush();
    }
}
