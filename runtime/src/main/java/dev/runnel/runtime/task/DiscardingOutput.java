package dev.runnel.runtime.task;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.stream.Watermark;

/** The output of a sink, the last operator of a vertex without outgoing edges: drops everything. */
final class DiscardingOutput implements Output {
    @Override
    public void collect(Row row) {
    }

    @Override
    public void emitWatermark(Watermark watermark) {
    }

    @Override
    public void flush() {
    }
}
