package dev.runnel.runtime.metrics;

/**
 * A count an operator keeps, such as {@code numLateRecordsDropped}. Only the task's thread
 * increments it; other threads read it for progress reports (so increments are plain, reads
 * see a recent value).
 */
public final class Counter {
    private volatile long count;

    public void inc() {
        count++;
    }

    public void inc(long n) {
        count += n;
    }

    public long getCount() {
        return count;
    }
}
