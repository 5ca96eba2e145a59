package dev.runnel.planner.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.session.Session;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SET of the event-time keys. */
class EventTimeOptionsTest {
    @Test
    void theWatermarkIntervalIsAKnownKeyWithADurationValue() {
        try (Session session = new Session(null, new Configuration(Map.of()))) {
            session.execute("SET 'pipeline.auto-watermark-interval' = '50 ms'");
            session.execute("SET 'table.exec.source.idle-timeout' = '2 s'");
            assertThat(session.configuration().get(RuntimeOptions.AUTO_WATERMARK_INTERVAL)).isEqualTo(Duration.ofMillis(50));
            assertThatThrownBy(() -> session.execute("SET 'pipeline.auto-watermark-intervall' = '50 ms'"))
                    .hasMessageContaining("Did you mean 'pipeline.auto-watermark-interval'?");
        }
    }
}
