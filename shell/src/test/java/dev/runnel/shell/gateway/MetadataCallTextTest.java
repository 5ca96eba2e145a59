package dev.runnel.shell.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.jdbc.MetadataCall;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The gateway reads back what the driver's {@link MetadataCall} writes. */
class MetadataCallTextTest {
    @Test
    void argumentsOfAnyTextAndNullsComeBackAsTheDriverSentThem() {
        String sql = MetadataCall.of("getFunctions", null, "my db", "t\nwith 'odd' ~ name%").toSql();

        assertThat(MetadataCallText.parse(sql)).contains(new MetadataCallText("getFunctions",
                Arrays.asList(null, "my db", "t\nwith 'odd' ~ name%")));
    }

    @Test
    void otherStatementsAndUnknownCallsAreNotMetadataCalls() {
        assertThat(MetadataCallText.parse("SELECT 1")).isEmpty();
        assertThat(MetadataCallText.parse("-- runnel:jdbc-metadata dropEverything\nx")).isEmpty();
    }
}
