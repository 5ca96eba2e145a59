package dev.runnel.runtime.operators.aggregate;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.aggregate.functions.ViewSource;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@link LocalGroupAggregateOperatorFactory}: rows accumulate per group key in memory, emitted
 * as partial rows (key fields, accumulators, change of the row count) in the order the keys
 * arrived, when the mini-batch holds {@code size} rows, {@code allowLatency} after its first row,
 * before a watermark, before a checkpoint barrier and at the end of input.
 */
final class LocalGroupAggregateOperator extends AbstractOperator {
    private final LocalGroupAggregateOperatorFactory spec;
    private final AggregatesHandle aggregates;
    private final int[] groupKeys;
    private final Map<Row, Partial> partials = new LinkedHashMap<>();
    private MiniBatchTrigger trigger;

    /** One key's accumulators and the change of its row count since the last emit. */
    private static final class Partial {
        final Object[] acc;
        long count;

        Partial(Object[] acc) {
            this.acc = acc;
        }
    }

    LocalGroupAggregateOperator(LocalGroupAggregateOperatorFactory spec) {
        this.spec = spec;
        this.aggregates = spec.aggregates();
        this.groupKeys = spec.groupKeys();
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        trigger = new MiniBatchTrigger(spec.miniBatch(), context.processingTimeService(), this::emit);
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            Partial partial = partials.computeIfAbsent(GroupAggregateOperator.key(row, groupKeys), k -> new Partial(aggregates.createAccumulators()));
            if (row.kind() == RowKind.INSERT || row.kind() == RowKind.UPDATE_AFTER) {
                aggregates.accumulate(partial.acc, row, ViewSource.NONE);
                partial.count++;
            } else {
                aggregates.retract(partial.acc, row, ViewSource.NONE);
                partial.count--;
            }
            trigger.rowBuffered();
        }
    }

    /** Sends every key's partial row on and forgets them. */
    private void emit() {
        trigger.flushed();
        for (Map.Entry<Row, Partial> e : partials.entrySet()) {
            Object[] key = e.getKey().fields();
            Object[] acc = e.getValue().acc;
            Object[] fields = new Object[key.length + acc.length + 1];
            System.arraycopy(key, 0, fields, 0, key.length);
            System.arraycopy(acc, 0, fields, key.length, acc.length);
            fields[fields.length - 1] = e.getValue().count;
            output.collect(new Row(RowKind.INSERT, fields));
        }
        partials.clear();
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        emit();
        super.processWatermark(watermark);
    }

    /** Nothing is state: what the buffer holds goes downstream before the barrier. */
    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        emit();
    }

    @Override
    public void endInput(int input) throws Exception {
        emit();
    }

    @Override
    public void finish() throws Exception {
        emit();
    }

    @Override
    public void close() {
        if (trigger != null) {
            trigger.cancel();
        }
    }
}
