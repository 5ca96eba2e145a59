package dev.runnel.runtime.source.values;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A bounded source of fixed rows (SQL {@code VALUES}, tests). Subtask {@code i} of {@code p}
 * emits the rows at positions {@code i, i + p, i + 2p, …}, so together they emit each row once;
 * its readers checkpoint how far they got ({@link ValuesSourceReader}).
 */
public final class ValuesSourceFactory implements SourceFactory {
    private final String name;
    // Row is not Serializable: keep the kinds and values, and build fresh rows in each reader.
    private final List<RowKind> kinds;
    private final List<Object[]> values;

    public ValuesSourceFactory(String name, List<Row> rows) {
        this.name = Objects.requireNonNull(name, "name");
        this.kinds = new ArrayList<>(rows.size());
        this.values = new ArrayList<>(rows.size());
        for (Row row : rows) {
            kinds.add(row.kind());
            values.add(row.fields().clone());
        }
    }

    public ValuesSourceFactory(List<Row> rows) {
        this("Values(tuples=[" + rows.size() + " rows])", rows);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean isBounded() {
        return true;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        return new ValuesSourceReader(kinds, values, subtaskIndex, parallelism);
    }
}
