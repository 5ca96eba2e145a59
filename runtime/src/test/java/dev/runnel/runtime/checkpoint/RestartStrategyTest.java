package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Flink's restart strategies with Flink's defaults, on a clock the test moves. */
class RestartStrategyTest {
    private Instant now = Instant.parse("2026-12-01T00:00:00Z");
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    private RestartStrategy strategy(Map<String, String> options) {
        return RestartStrategy.from(new Configuration(options), clock, new Random(7));
    }

    /* Fails the job and, while the strategy lets it, restarts it: the waits, then whether the last failure ended it. */
    private List<Duration> failures(RestartStrategy strategy, int count, Duration apart) {
        List<Duration> waits = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            strategy.failed();
            if (!strategy.canRestart()) {
                break;
            }
            waits.add(strategy.nextRestart());
            now = now.plus(apart);
        }
        return waits;
    }

    @Test
    void withoutCheckpointingNoneElseExponentialDelayAsInFlink2() {
        RestartStrategy off = strategy(Map.of());
        off.failed();
        assertThat(off.canRestart()).isFalse();
        assertThat(off.gaveUp()).contains("restart-strategy.type = none");

        RestartStrategy defaults = strategy(Map.of("execution.checkpointing.interval", "10 s",
                "restart-strategy.exponential-delay.jitter-factor", "0"));
        assertThat(failures(defaults, 12, Duration.ofSeconds(1))).extracting(Duration::toMillis)
                .as("1 s times 1.5 per failure, up to a minute").startsWith(1000L, 1500L, 2250L, 3375L)
                .endsWith(60_000L).hasSize(12);
    }

    @Test
    void fixedDelayRestartsOnceByDefault() {
        RestartStrategy fixed = strategy(Map.of("restart-strategy.type", "fixed-delay"));
        assertThat(failures(fixed, 5, Duration.ofSeconds(1))).containsExactly(Duration.ofSeconds(1));
        assertThat(fixed.gaveUp()).isEqualTo("the job restarted 1 time and the fixed-delay restart strategy allows no"
                + " more (restart-strategy.fixed-delay.attempts = 1)");
        RestartStrategy three = strategy(Map.of("restart-strategy.type", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", "3", "restart-strategy.fixed-delay.delay", "200 ms"));
        assertThat(failures(three, 10, Duration.ofSeconds(1))).hasSize(3).containsOnly(Duration.ofMillis(200));
    }

    @Test
    void failureRateCountsTheFailuresOfTheLastInterval() {
        Map<String, String> options = Map.of("restart-strategy.type", "failure-rate",
                "restart-strategy.failure-rate.max-failures-per-interval", "2",
                "restart-strategy.failure-rate.failure-rate-interval", "1 min",
                "restart-strategy.failure-rate.delay", "5 s");
        RestartStrategy slow = strategy(options);
        assertThat(failures(slow, 10, Duration.ofSeconds(40))).as("never 3 failures within a minute").hasSize(10)
                .containsOnly(Duration.ofSeconds(5));
        RestartStrategy fast = strategy(options);
        assertThat(failures(fast, 10, Duration.ofSeconds(10))).as("the third within a minute fails the job").hasSize(2);
        assertThat(fast.gaveUp()).isEqualTo("the job failed 3 times within 60 s and the failure-rate restart strategy"
                + " allows 2 (restart-strategy.failure-rate.max-failures-per-interval)");
    }

    @Test
    void exponentialDelayStartsOverAfterTheResetThresholdAndCountsItsAttempts() {
        RestartStrategy strategy = strategy(Map.of("restart-strategy.type", "exponential-delay",
                "restart-strategy.exponential-delay.initial-backoff", "1 s",
                "restart-strategy.exponential-delay.backoff-multiplier", "2",
                "restart-strategy.exponential-delay.max-backoff", "5 s",
                "restart-strategy.exponential-delay.reset-backoff-threshold", "10 min",
                "restart-strategy.exponential-delay.jitter-factor", "0",
                "restart-strategy.exponential-delay.attempts-before-reset-backoff", "4"));
        assertThat(failures(strategy, 10, Duration.ofSeconds(1))).extracting(Duration::toMillis)
                .containsExactly(1000L, 2000L, 4000L, 5000L);
        assertThat(strategy.gaveUp()).contains("allows no more (restart-strategy.exponential-delay"
                + ".attempts-before-reset-backoff = 4)");

        RestartStrategy healthy = strategy(Map.of("restart-strategy.type", "exponential-delay",
                "restart-strategy.exponential-delay.jitter-factor", "0",
                "restart-strategy.exponential-delay.reset-backoff-threshold", "10 min",
                "restart-strategy.exponential-delay.attempts-before-reset-backoff", "2"));
        assertThat(failures(healthy, 2, Duration.ofSeconds(1))).hasSize(2);
        now = now.plus(Duration.ofMinutes(11));
        assertThat(failures(healthy, 1, Duration.ofSeconds(1))).as("after running 11 minutes it starts over")
                .containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void jitterMovesEachWaitByAtMostItsFactor() {
        RestartStrategy strategy = strategy(Map.of("restart-strategy.type", "exponential-delay",
                "restart-strategy.exponential-delay.backoff-multiplier", "1",
                "restart-strategy.exponential-delay.jitter-factor", "0.1"));
        List<Duration> waits = failures(strategy, 50, Duration.ofSeconds(1));
        assertThat(waits).allMatch(d -> d.toMillis() >= 900 && d.toMillis() <= 1100);
        assertThat(waits.stream().distinct().count()).as("not all the same").isGreaterThan(5);
    }

    @Test
    void anUnknownTypeNamesTheKeyAndTheTypes() {
        assertThatThrownBy(() -> strategy(Map.of("restart-strategy.type", "sometimes")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Invalid value 'sometimes' for option 'restart-strategy.type': expected 'none', 'fixed-delay',"
                        + " 'failure-rate' or 'exponential-delay'");
    }
}
