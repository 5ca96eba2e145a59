package dev.runnel.runtime.connector.datagen;

import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.types.RowType;
import java.util.List;

/**
 * The datagen source of one table. Its readers split {@code number-of-rows}, every sequence
 * and {@code rows-per-second} among the subtasks.
 */
final class DataGenSource implements SourceFactory {
    private final String name;
    private final RowType rowType;
    private final List<FieldSpec> specs;
    private final long rowsPerSecond;
    private final Long numberOfRows;

    DataGenSource(String name, RowType rowType, List<FieldSpec> specs, long rowsPerSecond, Long numberOfRows) {
        this.name = name;
        this.rowType = rowType;
        this.specs = List.copyOf(specs);
        this.rowsPerSecond = rowsPerSecond;
        this.numberOfRows = numberOfRows;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean isBounded() {
        return numberOfRows != null || specs.stream().anyMatch(FieldSpec::isSequence);
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        if (subtaskIndex < 0 || subtaskIndex >= parallelism) {
            throw new IllegalArgumentException("subtask " + subtaskIndex + " of " + parallelism);
        }
        long rows = Long.MAX_VALUE;
        if (numberOfRows != null) {
            rows = numberOfRows / parallelism + (subtaskIndex < numberOfRows % parallelism ? 1 : 0);
        }
        for (FieldSpec spec : specs) {
            if (spec.isSequence()) {
                rows = Math.min(rows, DataGenGenerators.sequenceShare(spec, subtaskIndex, parallelism));
            }
        }
        DataGenGenerators.Generator[] generators = new DataGenGenerators.Generator[specs.size()];
        for (int i = 0; i < generators.length; i++) {
            FieldSpec spec = specs.get(i);
            generators[i] = spec.isSequence()
                    ? DataGenGenerators.sequence(spec, rowType.type(i), subtaskIndex, parallelism)
                    : DataGenGenerators.random(spec, rowType.type(i));
        }
        double[] nullRates = specs.stream().mapToDouble(FieldSpec::nullRate).toArray();
        return new DataGenReader(generators, nullRates, (double) rowsPerSecond / parallelism, rows);
    }

    @Override
    public String toString() {
        return name;
    }
}
