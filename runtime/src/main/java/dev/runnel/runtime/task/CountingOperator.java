package dev.runnel.runtime.task;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;

/** Wraps a sink operator to count the rows it receives (a job's records out). */
final class CountingOperator implements Operator {
    private final Operator delegate;
    // Written by the task's thread only; read by others for progress reports.
    private volatile long count;

    CountingOperator(Operator delegate) {
        this.delegate = delegate;
    }

    long count() {
        return count;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        delegate.open(context);
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        count += batch.size();
        delegate.processBatch(batch, input);
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        delegate.processWatermark(watermark);
    }

    @Override
    public void endInput(int input) throws Exception {
        delegate.endInput(input);
    }

    @Override
    public void finish() throws Exception {
        delegate.finish();
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        delegate.prepareSnapshotPreBarrier(checkpointId);
    }

    @Override
    public void snapshotState(long checkpointId) throws Exception {
        delegate.snapshotState(checkpointId);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        delegate.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        delegate.notifyCheckpointAborted(checkpointId);
    }

    @Override
    public void close() throws Exception {
        delegate.close();
    }
}
