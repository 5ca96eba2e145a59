package dev.runnel.runtime.task;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.RecordWriter;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.stream.LatencyMarker;
import dev.runnel.runtime.stream.StreamElement;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;
import java.util.List;

/** The output at the end of a chain: rows, watermarks and statuses go to every outgoing edge. */
final class NetworkOutput implements Output {
    private final List<RecordWriter> writers;

    NetworkOutput(List<RecordWriter> writers) {
        this.writers = List.copyOf(writers);
    }

    @Override
    public void collect(Row row) {
        try {
            for (int i = 0; i < writers.size(); i++) {
                // Each edge's receivers own their rows.
                writers.get(i).collect(i == 0 ? row : row.copy());
            }
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        broadcastEvent(watermark);
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        broadcastEvent(status);
    }

    @Override
    public void flush() {
        try {
            for (RecordWriter writer : writers) {
                writer.flush();
            }
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    /** Flushes rows, then sends {@code element} to every consumer of every edge. */
    void broadcastEvent(StreamElement element) {
        try {
            for (RecordWriter writer : writers) {
                writer.broadcastEvent(element);
            }
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    /** Sends a latency marker to one random consumer of every edge. */
    void emitLatencyMarker(LatencyMarker marker) {
        try {
            for (RecordWriter writer : writers) {
                writer.emitToRandomChannel(marker);
            }
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    void release() {
        writers.forEach(RecordWriter::release);
    }

    private static CancelTaskException interrupted() {
        Thread.currentThread().interrupt();
        return new CancelTaskException();
    }
}
