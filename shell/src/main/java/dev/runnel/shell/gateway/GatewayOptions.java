package dev.runnel.shell.gateway;

import dev.runnel.runtime.config.ConfigOption;
import java.time.Duration;

/** The gateway's configuration keys (Flink's SQL gateway's names, where it has them). */
public final class GatewayOptions {
    /** Flink's default port of its SQL gateway's endpoint is 8083; Avatica's custom is 8765, which the JDBC URL assumes. */
    public static final int DEFAULT_PORT = 8765;

    public static final ConfigOption<Duration> SESSION_IDLE_TIMEOUT = ConfigOption.of(
            "sql-gateway.session.idle-timeout", Duration.class, Duration.ofMinutes(10),
            "A session (a JDBC connection) that makes no call for this long is closed, and its queries' jobs "
                    + "cancelled; a killed client's session ends so.");
    public static final ConfigOption<Duration> SESSION_CHECK_INTERVAL = ConfigOption.of(
            "sql-gateway.session.check-interval", Duration.class, Duration.ofMinutes(1),
            "How often the gateway looks for idle sessions.");

    private GatewayOptions() {
    }
}
