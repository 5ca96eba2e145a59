package dev.runnel.runtime.testing;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;
import java.util.ArrayList;
import java.util.List;

/** An {@link Output} that records what an operator emits, in order. */
public final class CollectingOutput implements Output {
    private final List<Object> elements = new ArrayList<>();
    private int flushes;

    @Override
    public void collect(Row row) {
        elements.add(row);
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        elements.add(watermark);
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        elements.add(status);
    }

    @Override
    public void flush() {
        flushes++;
    }

    /** Rows, watermarks and watermark statuses in the order they were emitted. */
    public List<Object> elements() {
        return elements;
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (Object e : elements) {
            if (e instanceof Row row) {
                rows.add(row);
            }
        }
        return rows;
    }

    public List<Long> watermarks() {
        List<Long> watermarks = new ArrayList<>();
        for (Object e : elements) {
            if (e instanceof Watermark w) {
                watermarks.add(w.timestamp());
            }
        }
        return watermarks;
    }

    public int flushes() {
        return flushes;
    }

    public void clear() {
        elements.clear();
    }
}
