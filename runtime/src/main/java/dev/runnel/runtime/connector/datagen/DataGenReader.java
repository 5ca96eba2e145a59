package dev.runnel.runtime.connector.datagen;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.RatePacer;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * Generates the rows of one datagen subtask at its share of {@code rows-per-second}, paced by a
 * {@link RatePacer}: a poll emits the rows that are due, at most one batch; when too few are
 * due it returns {@link InputStatus#NOTHING_AVAILABLE}, and {@link #isAvailable()} completes,
 * on a timer thread, when they are.
 */
final class DataGenReader implements SourceReader {
    private final DataGenGenerators.Generator[] generators;
    private final double[] nullRates;
    private final double rowsPerSecond;
    private final RatePacer pacer;
    private final SplittableRandom random = new SplittableRandom();
    private long remaining;

    DataGenReader(DataGenGenerators.Generator[] generators, double[] nullRates, double rowsPerSecond, long rows) {
        this(generators, nullRates, rowsPerSecond, rows, System::nanoTime, RowBatch.DEFAULT_CAPACITY);
    }

    DataGenReader(DataGenGenerators.Generator[] generators, double[] nullRates, double rowsPerSecond, long rows,
                  LongSupplier nanoClock, int batchSize) {
        this.generators = generators;
        this.nullRates = nullRates;
        this.rowsPerSecond = rowsPerSecond;
        this.remaining = rows;
        this.pacer = new RatePacer(rowsPerSecond, batchSize, nanoClock);
    }

    @Override
    public void open(OperatorContext context) {
    }

    @Override
    public InputStatus pollNext(Output output) {
        if (remaining <= 0) {
            return InputStatus.END_OF_INPUT;
        }
        long n = pacer.permits(remaining);
        if (n == 0) {
            return InputStatus.NOTHING_AVAILABLE;
        }
        for (long i = 0; i < n; i++) {
            output.collect(nextRow());
        }
        pacer.emitted(n);
        remaining -= n;
        output.flush();
        return remaining <= 0 ? InputStatus.END_OF_INPUT : InputStatus.MORE_AVAILABLE;
    }

    private Row nextRow() {
        Object[] fields = new Object[generators.length];
        for (int i = 0; i < fields.length; i++) {
            Object value = generators[i].next(random);
            fields[i] = nullRates[i] > 0 && random.nextDouble() < nullRates[i] ? null : value;
        }
        return Row.of(fields);
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return pacer.available();
    }

    /** This subtask's share of {@code rows-per-second}. */
    double rowsPerSecond() {
        return rowsPerSecond;
    }
}
