package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.config.ConfigOption;
import java.time.Duration;
import java.util.List;

/** Flink's restart-strategy keys, with Flink's defaults ({@link RestartStrategy} reads them). */
public final class RestartOptions {
    public static final ConfigOption<String> TYPE = ConfigOption.of("restart-strategy.type", String.class, "",
            "none (disable, off), fixed-delay, failure-rate or exponential-delay; unset: exponential-delay when "
                    + "checkpointing is on, else none.");

    public static final ConfigOption<Integer> FIXED_DELAY_ATTEMPTS = ConfigOption.of(
            "restart-strategy.fixed-delay.attempts", Integer.class, 1,
            "fixed-delay: how many times a failed job is restarted before it fails for good.");
    public static final ConfigOption<Duration> FIXED_DELAY_DELAY = ConfigOption.of(
            "restart-strategy.fixed-delay.delay", Duration.class, Duration.ofSeconds(1),
            "fixed-delay: how long to wait before a restart.");

    public static final ConfigOption<Integer> FAILURE_RATE_MAX_FAILURES = ConfigOption.of(
            "restart-strategy.failure-rate.max-failures-per-interval", Integer.class, 1,
            "failure-rate: the restarts allowed within the interval before the job fails.");
    public static final ConfigOption<Duration> FAILURE_RATE_INTERVAL = ConfigOption.of(
            "restart-strategy.failure-rate.failure-rate-interval", Duration.class, Duration.ofMinutes(1),
            "failure-rate: the interval the failures are counted in.");
    public static final ConfigOption<Duration> FAILURE_RATE_DELAY = ConfigOption.of(
            "restart-strategy.failure-rate.delay", Duration.class, Duration.ofSeconds(1),
            "failure-rate: how long to wait before a restart.");

    public static final ConfigOption<Duration> EXPONENTIAL_INITIAL_BACKOFF = ConfigOption.of(
            "restart-strategy.exponential-delay.initial-backoff", Duration.class, Duration.ofSeconds(1),
            "exponential-delay: the wait before the first restart.");
    public static final ConfigOption<Duration> EXPONENTIAL_MAX_BACKOFF = ConfigOption.of(
            "restart-strategy.exponential-delay.max-backoff", Duration.class, Duration.ofMinutes(1),
            "exponential-delay: the longest wait between restarts.");
    public static final ConfigOption<Double> EXPONENTIAL_MULTIPLIER = ConfigOption.of(
            "restart-strategy.exponential-delay.backoff-multiplier", Double.class, 1.5,
            "exponential-delay: the wait is multiplied by this after every failure.");
    public static final ConfigOption<Duration> EXPONENTIAL_RESET_THRESHOLD = ConfigOption.of(
            "restart-strategy.exponential-delay.reset-backoff-threshold", Duration.class, Duration.ofHours(1),
            "exponential-delay: after running this long without a failure, the wait and the attempts start over.");
    public static final ConfigOption<Double> EXPONENTIAL_JITTER = ConfigOption.of(
            "restart-strategy.exponential-delay.jitter-factor", Double.class, 0.1,
            "exponential-delay: each wait moves randomly by up to this fraction, so jobs do not restart in step.");
    public static final ConfigOption<Integer> EXPONENTIAL_ATTEMPTS = ConfigOption.of(
            "restart-strategy.exponential-delay.attempts-before-reset-backoff", Integer.class, Integer.MAX_VALUE,
            "exponential-delay: the restarts allowed before the job fails; counted again after a reset.");

    private RestartOptions() {
    }

    public static List<ConfigOption<?>> all() {
        return List.of(TYPE, FIXED_DELAY_ATTEMPTS, FIXED_DELAY_DELAY, FAILURE_RATE_MAX_FAILURES, FAILURE_RATE_INTERVAL,
                FAILURE_RATE_DELAY, EXPONENTIAL_INITIAL_BACKOFF, EXPONENTIAL_MAX_BACKOFF, EXPONENTIAL_MULTIPLIER,
                EXPONENTIAL_RESET_THRESHOLD, EXPONENTIAL_JITTER, EXPONENTIAL_ATTEMPTS);
    }
}
