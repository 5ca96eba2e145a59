package dev.runnel.runtime.network;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Routes the rows of one producing subtask into the subpartitions of one {@link ResultPartition},
 * buffering a {@link RowBatch} per subpartition that is sent when full or on {@link #flush()}.
 * Task thread only.
 */
public final class RecordWriter {
    private final ResultPartition partition;
    private final ChannelSelector selector;
    private final int batchSize;
    private final RowBatch[] buffers;
    private boolean buffered; // a row may wait in a batch: cleared by flush()

    public RecordWriter(ResultPartition partition, ChannelSelector selector, int batchSize) {
        this.partition = partition;
        this.selector = selector;
        this.batchSize = batchSize;
        this.buffers = new RowBatch[partition.numberOfSubpartitions()];
    }

    public void collect(Row row) throws InterruptedException {
        int channel = selector.select(row);
        if (channel == ChannelSelector.ALL) {
            for (int i = 0; i < buffers.length; i++) {
                // Each receiver owns its rows, so every subpartition but the first gets copies.
                add(i, i == 0 ? row : row.copy());
            }
        } else {
            add(channel, row);
        }
    }

    private void add(int channel, Row row) throws InterruptedException {
        RowBatch batch = buffers[channel];
        if (batch == null) {
            batch = new RowBatch(batchSize);
            buffers[channel] = batch;
        }
        batch.add(row);
        buffered = true;
        if (batch.size() >= batchSize) {
            buffers[channel] = null;
            partition.emit(batch, channel);
        }
    }

    /** Sends every non-empty buffered batch. */
    public void flush() throws InterruptedException {
        if (!buffered) {
            return;
        }
        for (int i = 0; i < buffers.length; i++) {
            RowBatch batch = buffers[i];
            if (batch != null && !batch.isEmpty()) {
                buffers[i] = null;
                partition.emit(batch, i);
            }
        }
        buffered = false;
    }

    /** Whether rows may wait in a partly filled batch since the last {@link #flush()}. */
    public boolean hasBufferedRows() {
        return buffered;
    }

    /** Flushes the buffered rows, then sends {@code element} to every subpartition, in order. */
    public void broadcastEvent(StreamElement element) throws InterruptedException {
        flush();
        partition.broadcast(element);
    }

    /**
     * Sends {@code element} to one subpartition chosen at random, behind the rows buffered for
     * it (as Flink's {@code randomEmit} does with latency markers).
     */
    public void emitToRandomChannel(StreamElement element) throws InterruptedException {
        int channel = buffers.length == 1 ? 0 : ThreadLocalRandom.current().nextInt(buffers.length);
        RowBatch batch = buffers[channel];
        if (batch != null && !batch.isEmpty()) {
            buffers[channel] = null;
            partition.emit(batch, channel);
        }
        partition.emit(element, channel);
    }

    public void release() {
        partition.release();
    }
}
