package dev.runnel.runtime.metrics;

import java.util.ArrayDeque;
import java.util.function.LongSupplier;

/**
 * Turns a task's total idle and back-pressured time into {@link TaskTimes} over a recent window,
 * as Flink's {@code idleTimeMsPerSecond}, {@code backPressuredTimeMsPerSecond} and
 * {@code busyTimeMsPerSecond} are. The task's thread brackets its waits with the two
 * {@link WaitTimer}s; its TaskManager calls {@link #sample()} about once a second (Flink's
 * metric view updater), and {@link #current()} rates the time since the oldest of the last
 * {@value #WINDOW_SAMPLES} samples, so the figures cover the last few seconds however often
 * someone asks. Until the first samples, the window starts when the meter was made.
 *
 * <p>Thread-safe.
 */
public final class TaskTimeMeter {
    /** The samples kept: at one a second, the window is 4 to 5 seconds long. */
    static final int WINDOW_SAMPLES = 5;

    private final WaitTimer idle = new WaitTimer();
    private final WaitTimer backPressured = new WaitTimer();
    private final LongSupplier nanoClock;
    /** Oldest first; never empty. */
    private final ArrayDeque<Sample> samples = new ArrayDeque<>();

    private record Sample(long atNanos, long idleNanos, long backPressuredNanos) {
    }

    public TaskTimeMeter(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
        samples.add(new Sample(nanoClock.getAsLong(), 0, 0));
    }

    /** The time the task waits for input (or, at a source, for data to become available). */
    public WaitTimer idle() {
        return idle;
    }

    /** The time the task waits for room downstream: a full output channel, or the client. */
    public WaitTimer backPressured() {
        return backPressured;
    }

    /** Records the totals now, dropping the samples that fell out of the window. */
    public synchronized void sample() {
        samples.addLast(takeSample());
        while (samples.size() > WINDOW_SAMPLES) {
            samples.removeFirst();
        }
    }

    /** The shares of the window's time spent busy, back-pressured and idle, up to now. */
    public synchronized TaskTimes current() {
        Sample now = takeSample();
        Sample from = samples.peekFirst();
        long elapsed = now.atNanos - from.atNanos;
        if (elapsed <= 0) {
            return new TaskTimes(0, 0, 0);
        }
        long idleMs = msPerSecond(now.idleNanos - from.idleNanos, elapsed);
        long backPressuredMs = Math.min(1000 - idleMs, msPerSecond(now.backPressuredNanos - from.backPressuredNanos,
                elapsed));
        return new TaskTimes(1000 - idleMs - backPressuredMs, backPressuredMs, idleMs);
    }

    private Sample takeSample() {
        long now = nanoClock.getAsLong();
        return new Sample(now, idle.totalNanos(now), backPressured.totalNanos(now));
    }

    private static long msPerSecond(long nanos, long elapsedNanos) {
        return Math.max(0, Math.min(1000, Math.round(nanos * 1000.0 / elapsedNanos)));
    }
}
