package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Random;

/**
 * Whether and when a failed job restarts: Flink's strategies, keys and defaults
 * ({@link RestartOptions}).
 * <ul>
 *   <li>{@code none} ({@code disable}, {@code off}): never;</li>
 *   <li>{@code fixed-delay}: up to {@code attempts} restarts, {@code delay} apart;</li>
 *   <li>{@code failure-rate}: while no more than {@code max-failures-per-interval} failures fell
 *       in the last {@code failure-rate-interval}, {@code delay} apart;</li>
 *   <li>{@code exponential-delay}: the wait starts at {@code initial-backoff} and is multiplied
 *       by {@code backoff-multiplier} after every failure up to {@code max-backoff}, moved by up to
 *       {@code jitter-factor} of itself; after {@code reset-backoff-threshold} without a failure
 *       it starts over, and so does the count of {@code attempts-before-reset-backoff}.</li>
 * </ul>
 * Unset, it is exponential-delay when checkpointing is on and none otherwise, as in Flink 2.
 * JobManager main thread only: {@link #failed} for every failure, then {@link #canRestart}, and
 * {@link #nextRestart} for the wait before each restart.
 */
public final class RestartStrategy {
    private enum Type { NONE, FIXED_DELAY, FAILURE_RATE, EXPONENTIAL_DELAY }

    private final Type type;
    private final Configuration config;
    private final Clock clock;
    private final Random random;
    /** failure-rate: when the failures of the last interval happened, oldest first. */
    private final Deque<Instant> recentFailures = new ArrayDeque<>();
    private int restarts;
    /** exponential-delay: the restarts since the backoff last started over, and the next wait. */
    private int attemptsSinceReset;
    private Duration backoff;
    private Instant lastFailure;

    private RestartStrategy(Type type, Configuration config, Clock clock, Random random) {
        this.type = type;
        this.config = config;
        this.clock = clock;
        this.random = random;
    }

    public static RestartStrategy from(Configuration config) {
        return from(config, Clock.systemUTC(), new Random());
    }

    /**
     * @throws ConfigException naming {@code restart-strategy.type} when it names no strategy
     */
    public static RestartStrategy from(Configuration config, Clock clock, Random random) {
        String name = config.get(RestartOptions.TYPE).trim().toLowerCase(Locale.ROOT);
        if (name.isEmpty()) {
            name = config.get(CheckpointOptions.INTERVAL).isZero() ? "none" : "exponential-delay";
        }
        Type type = switch (name) {
            case "none", "off", "disable" -> Type.NONE;
            case "fixed-delay", "fixeddelay" -> Type.FIXED_DELAY;
            case "failure-rate", "failurerate" -> Type.FAILURE_RATE;
            case "exponential-delay", "exponentialdelay" -> Type.EXPONENTIAL_DELAY;
            default -> throw ConfigException.invalidValue(RestartOptions.TYPE.key(), "Invalid value '" + name
                    + "' for option '" + RestartOptions.TYPE.key()
                    + "': expected 'none', 'fixed-delay', 'failure-rate' or 'exponential-delay'");
        };
        return new RestartStrategy(type, config, clock, random);
    }

    /** Counts a failure of the job; call before {@link #canRestart}. */
    public void failed() {
        Instant now = clock.instant();
        if (type == Type.FAILURE_RATE) {
            recentFailures.addLast(now);
            Instant windowStart = now.minus(config.get(RestartOptions.FAILURE_RATE_INTERVAL));
            while (!recentFailures.isEmpty() && recentFailures.peekFirst().isBefore(windowStart)) {
                recentFailures.pollFirst();
            }
        } else if (type == Type.EXPONENTIAL_DELAY) {
            Duration initial = config.get(RestartOptions.EXPONENTIAL_INITIAL_BACKOFF);
            boolean reset = lastFailure == null || Duration.between(lastFailure, now)
                    .compareTo(config.get(RestartOptions.EXPONENTIAL_RESET_THRESHOLD)) >= 0;
            if (reset) {
                backoff = initial;
                attemptsSinceReset = 0;
            } else {
                double next = backoff.toMillis() * config.get(RestartOptions.EXPONENTIAL_MULTIPLIER);
                long max = config.get(RestartOptions.EXPONENTIAL_MAX_BACKOFF).toMillis();
                backoff = Duration.ofMillis((long) Math.min(next, max));
            }
        }
        lastFailure = now;
    }

    /** Whether the job may restart once more after the failures counted so far. */
    public boolean canRestart() {
        return switch (type) {
            case NONE -> false;
            case FIXED_DELAY -> restarts < config.get(RestartOptions.FIXED_DELAY_ATTEMPTS);
            case FAILURE_RATE -> recentFailures.size() <= config.get(RestartOptions.FAILURE_RATE_MAX_FAILURES);
            case EXPONENTIAL_DELAY -> attemptsSinceReset < config.get(RestartOptions.EXPONENTIAL_ATTEMPTS);
        };
    }

    /** Counts a restart and returns how long to wait before it. */
    public Duration nextRestart() {
        restarts++;
        return switch (type) {
            case NONE, FIXED_DELAY -> config.get(RestartOptions.FIXED_DELAY_DELAY);
            case FAILURE_RATE -> config.get(RestartOptions.FAILURE_RATE_DELAY);
            case EXPONENTIAL_DELAY -> {
                attemptsSinceReset++;
                Duration wait = backoff != null ? backoff : config.get(RestartOptions.EXPONENTIAL_INITIAL_BACKOFF);
                double jitter = config.get(RestartOptions.EXPONENTIAL_JITTER) * wait.toMillis();
                long moved = Math.round(wait.toMillis() + (random.nextDouble() * 2 - 1) * jitter);
                yield Duration.ofMillis(Math.max(0, moved));
            }
        };
    }

    /**
     * Why the job fails although it could restart before: {@code the job restarted 3 times and
     * the fixed-delay restart strategy allows no more (restart-strategy.fixed-delay.attempts = 3)}.
     */
    public String gaveUp() {
        String times = restarts + (restarts == 1 ? " time" : " times");
        return switch (type) {
            case NONE -> "restarts are off (" + RestartOptions.TYPE.key() + " = none)";
            case FIXED_DELAY -> "the job restarted " + times + " and the fixed-delay restart strategy allows no more ("
                    + RestartOptions.FIXED_DELAY_ATTEMPTS.key() + " = " + config.get(RestartOptions.FIXED_DELAY_ATTEMPTS)
                    + ")";
            case FAILURE_RATE -> "the job failed " + recentFailures.size() + " times within "
                    + config.get(RestartOptions.FAILURE_RATE_INTERVAL).toSeconds() + " s and the failure-rate restart"
                    + " strategy allows " + config.get(RestartOptions.FAILURE_RATE_MAX_FAILURES) + " ("
                    + RestartOptions.FAILURE_RATE_MAX_FAILURES.key() + ")";
            case EXPONENTIAL_DELAY -> "the job restarted " + times + " and the exponential-delay restart strategy"
                    + " allows no more (" + RestartOptions.EXPONENTIAL_ATTEMPTS.key() + " = "
                    + config.get(RestartOptions.EXPONENTIAL_ATTEMPTS) + ")";
        };
    }

    public int restarts() {
        return restarts;
    }
}
