package dev.runnel.runtime.metrics;

import java.io.Serializable;

/**
 * How a task spent the last few seconds, in milliseconds per second as Flink's task metrics of
 * the same names: back-pressured (blocked waiting for room in an output channel, or for the
 * client to take a collect sink's rows), idle (waiting for input) and busy (the rest:
 * processing). The three add up to about 1,000.
 */
public record TaskTimes(long busyTimeMsPerSecond, long backPressuredTimeMsPerSecond, long idleTimeMsPerSecond)
        implements Serializable {

    public TaskTimes {
        if (busyTimeMsPerSecond < 0 || backPressuredTimeMsPerSecond < 0 || idleTimeMsPerSecond < 0) {
            throw new IllegalArgumentException("Times must not be negative: busy " + busyTimeMsPerSecond
                    + ", back-pressured " + backPressuredTimeMsPerSecond + ", idle " + idleTimeMsPerSecond);
        }
    }

    /** Each time the larger of the two, as Flink's web UI shows a vertex by its busiest subtask. */
    public TaskTimes max(TaskTimes other) {
        return new TaskTimes(Math.max(busyTimeMsPerSecond, other.busyTimeMsPerSecond),
                Math.max(backPressuredTimeMsPerSecond, other.backPressuredTimeMsPerSecond),
                Math.max(idleTimeMsPerSecond, other.idleTimeMsPerSecond));
    }

    /** {@link #backPressuredTimeMsPerSecond} rated as Flink's web UI rates it. */
    public BackPressureLevel backPressureLevel() {
        return BackPressureLevel.of(backPressuredTimeMsPerSecond);
    }

    /** A share of the second as a whole percentage: 873 ms/s is 87. */
    public static long percent(long msPerSecond) {
        return Math.min(100, Math.round(msPerSecond / 10.0));
    }
}
