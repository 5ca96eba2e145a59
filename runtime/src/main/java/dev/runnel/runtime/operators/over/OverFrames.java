package dev.runnel.runtime.operators.over;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.aggregate.functions.ViewSource;

/** What the OVER operators share: a bounded frame's aggregates computed afresh, and the row they emit. */
final class OverFrames {
    private OverFrames() {
    }

    /** The aggregates of the rows of {@code frame}, accumulated from scratch (so no retraction is needed). */
    static Object[] aggregate(AggregatesHandle aggregates, Iterable<Row> frame) {
        ViewSource heapViews = ViewSource.heap();
        Object[] acc = aggregates.createAccumulators();
        for (Row row : frame) {
            aggregates.accumulate(acc, row, heapViews);
        }
        return aggregates.getValues(acc, heapViews);
    }

    /** The output row of {@code row}: its fields followed by {@code values}, an insert. */
    static Row withAggregates(Row row, Object[] values) {
        Object[] fields = row.fields();
        Object[] out = new Object[fields.length + values.length];
        System.arraycopy(fields, 0, out, 0, fields.length);
        System.arraycopy(values, 0, out, fields.length, values.length);
        return new Row(RowKind.INSERT, out);
    }
}
