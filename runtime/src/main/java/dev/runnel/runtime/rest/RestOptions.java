package dev.runnel.runtime.rest;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import java.util.List;

/** The options of the REST endpoint; keys and defaults as in Flink. */
public final class RestOptions {
    private RestOptions() {
    }

    public static final ConfigOption<Integer> PORT = ConfigOption.of("rest.port", Integer.class, 8081,
            "The port of the REST endpoint (and the one clients connect to); 0 picks any free port.");

    public static final ConfigOption<String> BIND_PORT = ConfigOption.of("rest.bind-port", String.class, null,
            "The port, list (\"50100,50101\") or range (\"50100-50200\") the REST endpoint binds to; "
                    + "the first free one is taken. Overrides rest.port for binding.");

    public static final ConfigOption<String> BIND_ADDRESS = ConfigOption.of("rest.bind-address", String.class,
            "127.0.0.1", "The address the REST endpoint listens on (Runnel's default is the loopback address).");

    public static final ConfigOption<String> ADDRESS = ConfigOption.of("rest.address", String.class, null,
            "The host name clients use to reach the REST endpoint; by default the bind address.");

    /** Whether {@code configuration} asks for a REST endpoint: {@code rest.port} or {@code rest.bind-port} is set. */
    public static boolean isConfigured(Configuration configuration) {
        return configuration.contains(PORT.key()) || configuration.contains(BIND_PORT.key());
    }

    public static List<ConfigOption<?>> all() {
        return List.of(PORT, BIND_PORT, BIND_ADDRESS, ADDRESS);
    }
}
