package dev.runnel.runtime.operators.calc;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.stream.RowBatch;

/**
 * Emits each row {@code [n, f1, …, fk]} {@code n} times as {@code [n, f1, …, fk, f1, …, fk]},
 * with the row's kind (Flink's {@code ReplicateRows} table function in a correlate, which ends its
 * {@code INTERSECT ALL} and {@code EXCEPT ALL} plans): a retracted count retracts its copies. A
 * NULL or non-positive {@code n} emits nothing. Stateless.
 */
final class ReplicateRowsOperator extends AbstractOperator {

    @Override
    public void processBatch(RowBatch batch, int input) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            Object count = row.getField(0);
            if (count == null) {
                continue;
            }
            Object[] fields = row.fields();
            Object[] copy = new Object[2 * fields.length - 1];
            System.arraycopy(fields, 0, copy, 0, fields.length);
            System.arraycopy(fields, 1, copy, fields.length, fields.length - 1);
            for (long c = ((Number) count).longValue(); c > 0; c--) {
                output.collect(new Row(row.kind(), copy.clone()));
            }
        }
    }
}
