package dev.runnel.runtime.source;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * A reader that generates a bounded or endless number of rows at a rate, paced by a
 * {@link RatePacer}: a poll emits the rows that are due, at most one batch; when too few are
 * due it returns {@link InputStatus#NOTHING_AVAILABLE}, and {@link #isAvailable()} completes,
 * on a timer thread, when they are. Subclasses say how to make the next row.
 */
public abstract class PacedGeneratorReader implements SourceReader {
    private final RatePacer pacer;
    private long remaining;

    /**
     * @param rowsPerSecond this reader's rate; 0 or less for as fast as possible
     * @param rows how many rows to generate ({@link Long#MAX_VALUE} for no end)
     */
    protected PacedGeneratorReader(double rowsPerSecond, long rows, int batchSize, LongSupplier nanoClock) {
        this.pacer = new RatePacer(rowsPerSecond, batchSize, nanoClock);
        this.remaining = rows;
    }

    /** The next row; called once per row, in order. */
    protected abstract Row nextRow();

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

    @Override
    public CompletableFuture<Void> isAvailable() {
        return pacer.available();
    }
}
