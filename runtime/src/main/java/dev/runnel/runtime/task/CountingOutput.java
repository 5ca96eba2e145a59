package dev.runnel.runtime.task;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;

/** Counts the rows a source reader emits, then passes them on. */
final class CountingOutput implements Output {
    private final Output delegate;
    // Written by the task's thread only; read by others for progress reports.
    private volatile long count;

    CountingOutput(Output delegate) {
        this.delegate = delegate;
    }

    long count() {
        return count;
    }

    @Override
    public void collect(Row row) {
        count++;
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
