package dev.runnel.runtime.metrics;

/**
 * The total time one thread spent in one kind of wait, such as waiting for room in a full
 * output channel (Flink's {@code TimerGauge}). The waiting thread brackets each wait with
 * {@link #start} and {@link #stop}; any thread may read the total, which includes the wait in
 * progress, so a task blocked for a minute shows as blocked during that minute rather than
 * after it.
 *
 * <p>Only the blocking paths call it, never the per-record ones: the cost is a lock and a
 * {@link System#nanoTime()} per wait, while the thread is about to sleep anyway.
 */
public final class WaitTimer {
    private long totalNanos;
    /** When the wait in progress began; meaningful only while {@code waiting}. */
    private long startedAt;
    private boolean waiting;

    /** The calling thread begins to wait at {@code nowNanos}; a second call before {@link #stop} is ignored. */
    public synchronized void start(long nowNanos) {
        if (!waiting) {
            waiting = true;
            startedAt = nowNanos;
        }
    }

    /** The wait that began at {@link #start} ended at {@code nowNanos}. */
    public synchronized void stop(long nowNanos) {
        if (waiting) {
            waiting = false;
            totalNanos += Math.max(0, nowNanos - startedAt);
        }
    }

    /** All time spent waiting up to {@code nowNanos}, including the wait in progress. */
    public synchronized long totalNanos(long nowNanos) {
        return waiting ? totalNanos + Math.max(0, nowNanos - startedAt) : totalNanos;
    }
}
