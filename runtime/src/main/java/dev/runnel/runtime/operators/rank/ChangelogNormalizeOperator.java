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
import java.time.Duration;

/**
 * Keeps the last row of each key and emits, for an upsert ({@code +I} or {@code +U}), {@code +I}
 * when the key is new and {@code -U old, +U new} when it replaces a row; for a delete
 * ({@code -D}, or {@code -U}), {@code -D} of the kept row, or nothing when the key has none.
 * An upsert equal to the kept row emits nothing, unless state expires (state TTL): then
 * downstream operators must hear of the key again to keep it alive, as in Flink.
 *
 * <p>The keys an input batch touches stay in memory until the batch ends ({@link KeptRows}): state
 * is read and written once per key and batch.
 */
final class ChangelogNormalizeOperator extends AbstractOperator {
    private final ChangelogNormalizeOperatorFactory spec;
    private KeyedStateBackend backend;
    private KeptRows last;
    private boolean ttl;

    ChangelogNormalizeOperator(ChangelogNormalizeOperatorFactory spec) {
        this.spec = spec;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        backend = context.keyedStateBackend(Serializers.row(KeyFields.types(spec.keyFields(), spec.inputTypes())));
        Duration stateTtl = context.configuration().get(StateOptions.STATE_TTL);
        ttl = stateTtl != null && !stateTtl.isZero();
        last = new KeptRows(backend,
                backend.valueState(StateDescriptor.of("last-row", Serializers.row(spec.inputTypes()), stateTtl)));
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            KeptRows.Kept k = last.get(KeyFields.of(row, spec.keyFields()));
            if (row.kind() == RowKind.INSERT || row.kind() == RowKind.UPDATE_AFTER) {
                Row current = new Row(RowKind.INSERT, row.fields().clone());
                if (k.row == null) {
                    output.collect(current.copy());
                } else if (!ttl && Row.valuesEqual(k.row.fields(), current.fields())) {
                    continue;
                } else {
                    output.collect(new Row(RowKind.UPDATE_BEFORE, k.row.fields().clone()));
                    output.collect(new Row(RowKind.UPDATE_AFTER, current.fields().clone()));
                }
                k.row = current;
            } else if (k.row != null) {
                output.collect(new Row(RowKind.DELETE, k.row.fields().clone()));
                k.row = null;
            } else {
                continue; // deleting a key that holds no row
            }
            k.dirty = true;
        }
        last.store();
    }
}
