package dev.runnel.runtime.metrics;

/**
 * How back-pressured a task or vertex is, by the share of time it was blocked waiting to send,
 * with the thresholds of Flink's web UI: up to 10% is OK, up to 50% LOW, more HIGH.
 */
public enum BackPressureLevel {
    OK, LOW, HIGH;

    /** The level of a task back-pressured {@code backPressuredTimeMsPerSecond} of each second. */
    public static BackPressureLevel of(long backPressuredTimeMsPerSecond) {
        if (backPressuredTimeMsPerSecond > 500) {
            return HIGH;
        }
        return backPressuredTimeMsPerSecond > 100 ? LOW : OK;
    }
}
