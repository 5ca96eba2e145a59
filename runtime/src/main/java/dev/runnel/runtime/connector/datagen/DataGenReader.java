package dev.runnel.runtime.connector.datagen;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Generates the rows of one datagen subtask at its share of {@code rows-per-second}: row
 * {@code k} becomes due {@code k / rate} seconds after the first poll, and a poll emits the rows
 * that are due, at most one batch. When fewer than a chunk (10 ms worth of rows) are due it
 * returns {@link InputStatus#NOTHING_AVAILABLE}, and {@link #isAvailable()} completes, on a
 * timer thread, when they are.
 */
final class DataGenReader implements SourceReader {
    private final DataGenGenerators.Generator[] generators;
    private final double[] nullRates;
    private final double rowsPerSecond;
    private final LongSupplier nanoClock;
    private final int batchSize;
    private final SplittableRandom random = new SplittableRandom();
    private long remaining;
    private boolean started;
    private long startNanos;
    private long emitted;
    private long wanted = 1;

    DataGenReader(DataGenGenerators.Generator[] generators, double[] nullRates, double rowsPerSecond, long rows) {
        this(generators, nullRates, rowsPerSecond, rows, System::nanoTime, RowBatch.DEFAULT_CAPACITY);
    }

    DataGenReader(DataGenGenerators.Generator[] generators, double[] nullRates, double rowsPerSecond, long rows,
                  LongSupplier nanoClock, int batchSize) {
        this.generators = generators;
        this.nullRates = nullRates;
        this.rowsPerSecond = rowsPerSecond;
        this.remaining = rows;
        this.nanoClock = nanoClock;
        this.batchSize = batchSize;
    }

    @Override
    public void open(OperatorContext context) {
    }

    @Override
    public InputStatus pollNext(Output output) {
        if (remaining <= 0) {
            return InputStatus.END_OF_INPUT;
        }
        long now = nanoClock.getAsLong();
        if (!started) {
            // System.nanoTime() may be negative, so no sentinel value
            started = true;
            startNanos = now;
        }
        long due = dueBy(now) - emitted;
        if (due > rowsPerSecond + batchSize) {
            // after a stall, do not burst through everything that fell due: restart the clock
            startNanos = now - (long) (emitted / rowsPerSecond * 1e9);
            due = dueBy(now) - emitted;
        }
        // wait until a chunk of rows is due (a hundredth of a second's worth, at most a batch) rather
        // than emitting tiny batches as fast as the task polls
        wanted = Math.min(Math.max(1, Math.min(batchSize, (long) (rowsPerSecond / 100))), remaining);
        if (due < wanted) {
            return InputStatus.NOTHING_AVAILABLE;
        }
        long n = Math.min(Math.min(due, batchSize), remaining);
        for (long i = 0; i < n; i++) {
            output.collect(nextRow());
        }
        emitted += n;
        remaining -= n;
        output.flush();
        return remaining <= 0 ? InputStatus.END_OF_INPUT : InputStatus.MORE_AVAILABLE;
    }

    /** How many rows are due by {@code now}: the first at once, then one every {@code 1/rate} s. */
    private long dueBy(long now) {
        double rows = (now - startNanos) / 1e9 * rowsPerSecond + 1;
        return rows >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) rows;
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
        long dueNanos = startNanos + (long) Math.ceil((emitted + wanted - 1) / rowsPerSecond * 1e9);
        long waitMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(dueNanos - nanoClock.getAsLong()) + 1);
        return CompletableFuture.runAsync(() -> { },
                CompletableFuture.delayedExecutor(waitMillis, TimeUnit.MILLISECONDS, Runnable::run));
    }

    /** This subtask's share of {@code rows-per-second}. */
    double rowsPerSecond() {
        return rowsPerSecond;
    }
}
