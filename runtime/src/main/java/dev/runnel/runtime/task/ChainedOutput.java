package dev.runnel.runtime.task;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;

/**
 * The output of an operator whose rows go to the next operator of the same chain: rows are
 * buffered into a batch that goes to the next operator's {@code processBatch} when full or on
 * {@link #flush()}, which also flushes the next operator's output.
 */
final class ChainedOutput implements Output {
    private final Operator next;
    private final String nextName;
    private final Output nextOutput;
    private final int batchSize;
    private RowBatch buffer;

    ChainedOutput(Operator next, String nextName, Output nextOutput, int batchSize) {
        this.next = next;
        this.nextName = nextName;
        this.nextOutput = nextOutput;
        this.batchSize = batchSize;
        this.buffer = new RowBatch(batchSize);
    }

    @Override
    public void collect(Row row) {
        buffer.add(row);
        if (buffer.size() >= batchSize) {
            pushBuffer();
        }
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        pushBuffer();
        OperatorException.invoke(nextName, () -> next.processWatermark(watermark));
    }

    /** Operators do not handle statuses: it skips the next operator, after the rows buffered for it. */
    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        pushBuffer();
        nextOutput.emitWatermarkStatus(status);
    }

    @Override
    public void flush() {
        pushBuffer();
        nextOutput.flush();
    }

    private void pushBuffer() {
        if (buffer.isEmpty()) {
            return;
        }
        RowBatch batch = buffer;
        // The next operator may keep the batch, so this output starts a new one.
        buffer = new RowBatch(batchSize);
        OperatorException.invoke(nextName, () -> next.processBatch(batch, 0));
    }
}
