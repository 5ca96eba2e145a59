package dev.runnel.runtime.connector.datagen;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.PacedGeneratorReader;
import dev.runnel.runtime.stream.RowBatch;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/** Generates the rows of one datagen subtask at its share of {@code rows-per-second}. */
final class DataGenReader extends PacedGeneratorReader {
    private final DataGenGenerators.Generator[] generators;
    private final double[] nullRates;
    private final double rowsPerSecond;
    private final SplittableRandom random = new SplittableRandom();

    DataGenReader(DataGenGenerators.Generator[] generators, double[] nullRates, double rowsPerSecond, long rows) {
        this(generators, nullRates, rowsPerSecond, rows, System::nanoTime, RowBatch.DEFAULT_CAPACITY);
    }

    DataGenReader(DataGenGenerators.Generator[] generators, double[] nullRates, double rowsPerSecond, long rows,
                  LongSupplier nanoClock, int batchSize) {
        super(rowsPerSecond, rows, batchSize, nanoClock);
        this.generators = generators;
        this.nullRates = nullRates;
        this.rowsPerSecond = rowsPerSecond;
    }

    @Override
    protected Row nextRow() {
        Object[] fields = new Object[generators.length];
        for (int i = 0; i < fields.length; i++) {
            Object value = generators[i].next(random);
            fields[i] = nullRates[i] > 0 && random.nextDouble() < nullRates[i] ? null : value;
        }
        return Row.of(fields);
    }

    /** This subtask's share of {@code rows-per-second}. */
    double rowsPerSecond() {
        return rowsPerSecond;
    }
}
