package dev.runnel.runtime.source;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Paces a generating source to a rate: row {@code k} becomes due {@code k / rate} seconds after
 * the first poll. A poll may emit what is due, but waits until a chunk (a hundredth of a
 * second's worth, at most a batch) is due rather than emitting tiny batches; after a stall it
 * does not burst through everything that fell due. A rate of 0 or less means no limit.
 * Used from the task's thread only.
 */
public final class RatePacer {
    private final double rowsPerSecond;
    private final LongSupplier nanoClock;
    private final int batchSize;
    private boolean started;
    private long startNanos;
    private long emitted;
    private long wanted = 1;

    public RatePacer(double rowsPerSecond, int batchSize, LongSupplier nanoClock) {
        this.rowsPerSecond = rowsPerSecond;
        this.batchSize = batchSize;
        this.nanoClock = nanoClock;
    }

    public RatePacer(double rowsPerSecond, int batchSize) {
        this(rowsPerSecond, batchSize, System::nanoTime);
    }

    /**
     * How many rows may be emitted now, at most a batch and {@code remaining}; 0 when the caller
     * should return {@link InputStatus#NOTHING_AVAILABLE} and wait for {@link #available()}.
     * The caller then reports what it emitted with {@link #emitted(long)}.
     */
    public long permits(long remaining) {
        if (rowsPerSecond <= 0) {
            return Math.min(batchSize, remaining);
        }
        long now = nanoClock.getAsLong();
        if (!started) {
            // System.nanoTime() may be negative, so no sentinel value
            started = true;
            startNanos = now;
        }
        long due = dueBy(now) - emitted;
        if (due > rowsPerSecond + batchSize) {
            startNanos = now - (long) (emitted / rowsPerSecond * 1e9);
            due = dueBy(now) - emitted;
        }
        wanted = Math.min(Math.max(1, Math.min(batchSize, (long) (rowsPerSecond / 100))), remaining);
        if (due < wanted) {
            return 0;
        }
        return Math.min(Math.min(due, batchSize), remaining);
    }

    public void emitted(long rows) {
        emitted += rows;
    }

    /** Completes when the next chunk is due; only meaningful after {@link #permits} returned 0. */
    public CompletableFuture<Void> available() {
        if (rowsPerSecond <= 0) {
            return CompletableFuture.completedFuture(null);
        }
        long dueNanos = startNanos + (long) Math.ceil((emitted + wanted - 1) / rowsPerSecond * 1e9);
        long waitMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(dueNanos - nanoClock.getAsLong()) + 1);
        return CompletableFuture.runAsync(() -> { },
                CompletableFuture.delayedExecutor(waitMillis, TimeUnit.MILLISECONDS, Runnable::run));
    }

    /** How many rows are due by {@code now}: the first at once, then one every {@code 1/rate} s. */
    private long dueBy(long now) {
        double rows = (now - startNanos) / 1e9 * rowsPerSecond + 1;
        return rows >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) rows;
    }
}
