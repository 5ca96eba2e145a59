package dev.runnel.runtime.source.values;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.source.PacedGeneratorReader;
import dev.runnel.runtime.stream.RowBatch;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Emits one subtask's share of a {@link ValuesSourceFactory}'s rows, a batch per poll, as fast
 * as the job takes them. Split {@code i} of {@code p} is the rows at positions
 * {@code i, i + p, …}; its checkpointed position is how many of them were emitted.
 */
final class ValuesSourceReader extends PacedGeneratorReader {
    private final List<RowKind> kinds;
    private final List<Object[]> values;

    ValuesSourceReader(List<RowKind> kinds, List<Object[]> values, int subtaskIndex, int parallelism) {
        super(0, subtaskIndex, parallelism, RowBatch.DEFAULT_CAPACITY, System::nanoTime);
        this.kinds = kinds;
        this.values = values;
    }

    @Override
    protected long splitSize(int index, int count) {
        return values.size() / count + (index < values.size() % count ? 1 : 0);
    }

    @Override
    protected LongFunction<Row> splitRows(int index, int count) {
        return n -> {
            int i = (int) (index + n * count);
            return new Row(kinds.get(i), values.get(i).clone());
        };
    }
}
