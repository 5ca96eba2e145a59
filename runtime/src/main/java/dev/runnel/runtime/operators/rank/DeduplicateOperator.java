package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.stream.RowBatch;

/**
 * Flink's deduplication: keeps one row per key in a value state. Keep-first on processing time
 * emits the first row of each key and nothing else (insert-only); keep-last emits {@code +I}
 * for a key's first row and {@code -U old, +U new} for every later one. On event time a row
 * replaces the kept one when its time is earlier (keep first) or not earlier (keep last), so
 * the result does not depend on arrival order. Rows arrive insert-only (the planner ensures it).
 *
 * <p>The keys an input batch touches stay in memory until the batch ends ({@link KeptRows}): the
 * rows of one key in a batch read its state once and write it at most once; the changes emitted
 * stay those of one row at a time.
 */
final class DeduplicateOperator extends AbstractOperator {
    private final DeduplicateOperatorFactory spec;
    private KeyedStateBackend backend;
    private KeptRows kept;

    DeduplicateOperator(DeduplicateOperatorFactory spec) {
        this.spec = spec;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        backend = context.keyedStateBackend(Serializers.row(KeyFields.types(spec.keyFields(), spec.inputTypes())));
        String name = spec.keepLastRow() ? "last-row" : "first-row";
        kept = new KeptRows(backend, backend.valueState(StateDescriptor.of(name, Serializers.row(spec.inputTypes()),
                context.configuration().get(StateOptions.STATE_TTL))));
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            KeptRows.Kept k = kept.get(KeyFields.of(row, spec.keyFields()));
            Row current = new Row(RowKind.INSERT, row.fields().clone());
            if (k.row == null) {
                output.collect(current.copy());
            } else if (replaces(k.row, current)) {
                output.collect(new Row(RowKind.UPDATE_BEFORE, k.row.fields().clone()));
                output.collect(new Row(RowKind.UPDATE_AFTER, current.fields().clone()));
            } else {
                continue;
            }
            k.row = current;
            k.dirty = true;
        }
        kept.store();
    }

    private boolean replaces(Row previous, Row current) {
        if (spec.rowtimeField() < 0) {
            return spec.keepLastRow();
        }
        long before = time(previous);
        long now = time(current);
        return spec.keepLastRow() ? now >= before : now < before;
    }

    /** A NULL time sorts before every time, so that it never wins "last" over a real time. */
    private long time(Row row) {
        Object t = row.getField(spec.rowtimeField());
        return t == null ? Long.MIN_VALUE : (Long) t;
    }
}
