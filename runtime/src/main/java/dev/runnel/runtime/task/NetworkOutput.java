package dev.runnel.runtime.task;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.RecordWriter;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.stream.LatencyMarker;
import dev.runnel.runtime.stream.StreamElement;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;
import java.util.List;

/**
 * The output at the end of a chain: rows, watermarks and statuses go to every outgoing edge.
 *
 * <p>Rows go out in batches, a batch per consumer: a full batch leaves at once, and watermarks,
 * statuses, barriers and the end of input take the partly filled ones along ahead of them. In
 * between, {@link #flush()} (which the task calls after every batch it processed) sends the
 * partly filled batches only once the buffer timeout passed since the last time it did, as
 * Flink's {@code execution.buffer-timeout.interval}: a dense stream then crosses in full
 * batches (one frame, one wake-up and one credit per batch instead of one per input batch: a
 * filter in front of a shuffle passes on a few rows of every batch it reads), while the rows of
 * a sparse one leave at once, the timeout long past. A task that goes idle with rows waiting
 * sleeps at most until {@link #flushDeadline()}.
 */
final class NetworkOutput implements Output {
    private final List<RecordWriter> writers;
    private final long timeoutNanos; // 0: flush every time; negative: only full batches and events
    private long lastFlush;

    NetworkOutput(List<RecordWriter> writers, long timeoutNanos) {
        this.writers = List.copyOf(writers);
        this.timeoutNanos = timeoutNanos;
        this.lastFlush = System.nanoTime() - Math.max(0, timeoutNanos);
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

    /** Sends the partly filled batches if the buffer timeout passed since it last did. */
    @Override
    public void flush() {
        if (timeoutNanos == 0) {
            flushNow();
        } else if (timeoutNanos > 0 && hasBufferedRows()) {
            long now = System.nanoTime();
            if (now - lastFlush >= timeoutNanos) {
                flushNow();
                lastFlush = now;
            }
        }
    }

    /** Sends every partly filled batch now. */
    void flushNow() {
        try {
            for (int i = 0; i < writers.size(); i++) {
                writers.get(i).flush();
            }
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    /**
     * When rows waiting in partly filled batches are due to leave, in {@link System#nanoTime()}
     * terms; {@link Long#MAX_VALUE} if none wait or only full batches leave.
     */
    long flushDeadline() {
        return timeoutNanos > 0 && hasBufferedRows() ? lastFlush + timeoutNanos : Long.MAX_VALUE;
    }

    private boolean hasBufferedRows() {
        for (int i = 0; i < writers.size(); i++) {
            if (writers.get(i).hasBufferedRows()) {
                return true;
            }
        }
        return false;
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
