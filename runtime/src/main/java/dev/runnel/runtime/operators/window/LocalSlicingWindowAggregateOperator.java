package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.aggregate.functions.ViewSource;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import java.util.List;
import java.util.Map;

/**
 * {@link LocalWindowAggregateOperatorFactory}: rows accumulate per key and slice in a
 * {@link SliceBuffer}, emitted as partial rows (key fields, slice end, accumulators) before the
 * watermark that fires a window of one of them goes on, before a checkpoint barrier, at the end
 * of input, and when the buffer holds {@code table.exec.window-agg.buffer-size-limit} slices.
 * Late rows pass on in partial rows too: the global phase, which knows which windows fired,
 * drops them.
 */
final class LocalSlicingWindowAggregateOperator extends AbstractOperator {
    private final LocalWindowAggregateOperatorFactory spec;
    private final AggregatesHandle aggregates;
    private final SliceBuffer buffer;
    private int bufferLimit;
    private long watermark = Long.MIN_VALUE;

    LocalSlicingWindowAggregateOperator(LocalWindowAggregateOperatorFactory spec) {
        this.spec = spec;
        this.aggregates = spec.aggregates();
        this.buffer = new SliceBuffer(aggregates, this::firesAt);
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        bufferLimit = StateOptions.windowAggBufferSizeLimit(context.configuration());
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            WindowAggregateOperator.requireInsert(row, context.operatorName());
            Row key = WindowAggregateOperator.key(row, spec.keyFields());
            long sliceEnd = (Long) row.getField(spec.windowEndField());
            aggregates.accumulate(buffer.accumulators(key, sliceEnd), row, ViewSource.NONE);
            if (buffer.size() >= bufferLimit) {
                emit();
            }
        }
    }

    /** Sends every slice held on as a partial row and forgets it. */
    private void emit() {
        for (Map.Entry<Row, List<SliceBuffer.Slice>> keyed : buffer.byKey().entrySet()) {
            Object[] key = keyed.getKey().fields();
            for (SliceBuffer.Slice slice : keyed.getValue()) {
                Object[] partial = new Object[key.length + 1 + slice.acc().length];
                System.arraycopy(key, 0, partial, 0, key.length);
                partial[key.length] = slice.end();
                System.arraycopy(slice.acc(), 0, partial, key.length + 1, slice.acc().length);
                output.collect(new Row(RowKind.INSERT, partial));
            }
        }
        buffer.clear();
    }

    /**
     * When the first window of the slice ending at {@code sliceEnd} that the watermark has not
     * fired fires (that of its last window when all have: a late slice).
     */
    private long firesAt(long sliceEnd) {
        SliceAssigner slices = spec.slices();
        long last = slices.lastWindowEnd(sliceEnd);
        for (long end = sliceEnd; end < last; end += slices.sliceSize()) {
            long fires = spec.time().windowTime(slices.window(end));
            if (fires > watermark) {
                return fires;
            }
        }
        return spec.time().windowTime(slices.window(last));
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        if (buffer.firesBy(mark.timestamp())) {
            emit();
        }
        watermark = Math.max(watermark, mark.timestamp());
        super.processWatermark(mark);
    }

    /** Nothing is state: what the buffer holds goes downstream before the barrier. */
    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        emit();
    }

    @Override
    public void finish() throws Exception {
        emit();
    }
}
