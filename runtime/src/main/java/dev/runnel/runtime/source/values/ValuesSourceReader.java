package dev.runnel.runtime.source.values;

import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceReader;
import java.util.List;

/** Emits one subtask's share of a {@link ValuesSourceFactory}'s rows, a batch per poll. */
final class ValuesSourceReader implements SourceReader {
    private final List<Row> rows;
    private int next;
    private int batchSize;

    ValuesSourceReader(List<Row> rows) {
        this.rows = rows;
    }

    @Override
    public void open(OperatorContext context) {
        batchSize = context.configuration().get(RuntimeOptions.BATCH_SIZE);
    }

    @Override
    public InputStatus pollNext(Output output) {
        int end = Math.min(rows.size(), next + batchSize);
        for (; next < end; next++) {
            output.collect(rows.get(next));
        }
        return next < rows.size() ? InputStatus.MORE_AVAILABLE : InputStatus.END_OF_INPUT;
    }
}
