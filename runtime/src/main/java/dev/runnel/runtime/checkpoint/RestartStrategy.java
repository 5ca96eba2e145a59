package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import java.time.Duration;
import java.util.Locale;

/**
 * Whether and when a failed job restarts ({@code restart-strategy.type}): {@code none},
 * {@code fixed-delay} (up to {@code restart-strategy.fixed-delay.attempts} restarts,
 * {@code …delay} apart) or {@code exponential-delay} (the same attempts, the delay doubling
 * from {@code …fixed-delay.delay} up to a minute). Unset, it is fixed-delay when checkpointing
 * is on and none otherwise, as in Flink. JobManager main thread only.
 */
public final class RestartStrategy {
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(1);

    private final String type;
    private final int maxAttempts;
    private final Duration delay;
    private int restarts;

    private RestartStrategy(String type, int maxAttempts, Duration delay) {
        this.type = type;
        this.maxAttempts = maxAttempts;
        this.delay = delay;
    }

    public static RestartStrategy from(Configuration config) {
        String type = config.get(CheckpointOptions.RESTART_STRATEGY).trim().toLowerCase(Locale.ROOT);
        if (type.isEmpty()) {
            type = config.get(CheckpointOptions.INTERVAL).isZero() ? "none" : "fixed-delay";
        }
        type = switch (type) {
            case "none", "off", "disable" -> "none";
            case "fixed-delay", "fixeddelay" -> "fixed-delay";
            case "exponential-delay" -> "exponential-delay";
            default -> throw ConfigException.invalidValue(CheckpointOptions.RESTART_STRATEGY.key(), "Invalid value \'" + type
                    + "' for option '" + CheckpointOptions.RESTART_STRATEGY.key()
                    + "': expected 'none', 'fixed-delay' or 'exponential-delay'", null);
        };
        return new RestartStrategy(type, config.get(CheckpointOptions.RESTART_ATTEMPTS), config.get(CheckpointOptions.RESTART_DELAY));
    }

    /** Whether the job may restart once more. */
    public boolean canRestart() {
        return !type.equals("none") && restarts < maxAttempts;
    }

    /** Counts a restart and returns how long to wait before it. */
    public Duration nextRestart() {
        restarts++;
        if (type.equals("exponential-delay")) {
            long factor = 1L << Math.min(20, restarts - 1);
            Duration backoff = delay.multipliedBy(factor);
            return backoff.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff;
        }
        return delay;
    }

    /**
     * Why the job fails although it could restart before: {@code the job restarted 3 times and
     * the fixed-delay restart strategy allows no more (restart-strategy.fixed-delay.attempts = 3)}.
     */
    public String gaveUp() {
        return "the job restarted " + restarts + (restarts == 1 ? " time" : " times") + " and the " + type
                + " restart strategy allows no more (" + CheckpointOptions.RESTART_ATTEMPTS.key() + " = " + maxAttempts + ")";
    }

    public int restarts() {
        return restarts;
    }
}
