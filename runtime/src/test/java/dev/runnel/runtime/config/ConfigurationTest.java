package dev.runnel.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConfigurationTest {
    private static final ConfigOption<Duration> INTERVAL =
            ConfigOption.of("test.interval", Duration.class, Duration.ZERO, "An interval.");

    @Test
    void durationsSetAsValuesReadBack() {
        Configuration configuration = new Configuration();
        configuration.set(INTERVAL, Duration.ofSeconds(90));
        assertThat(configuration.get(INTERVAL)).isEqualTo(Duration.ofSeconds(90));
        assertThat(configuration.copy().get(INTERVAL)).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void durationsParseFlinkUnits() {
        Configuration configuration = new Configuration();
        configuration.set("test.interval", "2 min");
        assertThat(configuration.get(INTERVAL)).isEqualTo(Duration.ofMinutes(2));
        configuration.set("test.interval", "250");
        assertThat(configuration.get(INTERVAL)).isEqualTo(Duration.ofMillis(250));
    }
}
