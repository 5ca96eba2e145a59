package dev.runnel.runtime.connector.datagen;

import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.RowType;
import java.util.List;

/**
 * The datagen source of one table. Its readers split {@code number-of-rows}, every sequence
 * and {@code rows-per-second} among the subtasks, and checkpoint their positions
 * ({@link DataGenReader}).
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

    /** The table and options such as {@code rows-per-second} may change between a savepoint and the resumed job. */
    @Override
    public String stateSignature() {
        return "TableSourceScan(connector=[datagen])";
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
        return new DataGenReader(rowType, specs, numberOfRows, (double) rowsPerSecond / parallelism, subtaskIndex,
                parallelism, System::nanoTime, RowBatch.DEFAULT_CAPACITY);
    }

    @Override
    public String toString() {
        return name;
    }
}
