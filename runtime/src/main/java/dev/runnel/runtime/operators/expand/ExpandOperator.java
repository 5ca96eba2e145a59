package dev.runnel.runtime.operators.expand;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.stream.RowBatch;
import java.util.List;

/** Emits, for each input row, one row per projection of {@link ExpandOperatorFactory}, keeping the row's kind. */
final class ExpandOperator extends AbstractOperator {
    private final List<ExpandOperatorFactory.Projection> projections;

    ExpandOperator(List<ExpandOperatorFactory.Projection> projections) {
        this.projections = projections;
    }

    @Override
    public void processBatch(RowBatch batch, int input) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            for (ExpandOperatorFactory.Projection projection : projections) {
                output.collect(new Row(row.kind(), projection.apply(row.fields())));
            }
        }
    }
}
