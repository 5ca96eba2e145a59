package dev.runnel.jdbc;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The connection properties the Runnel driver knows, in the URL's query or in the
 * {@link java.util.Properties} given to {@code connect}. Names match case-insensitively.
 *
 * <p>Besides these, a key that contains a dot is a Flink-style session option
 * ({@code table.exec.mini-batch.enabled}, {@code execution.runtime-mode}, …) that the
 * gateway applies to the new session; any other key is refused.
 */
public enum DriverProperty {
    USER("user", null, "User name for the gateway's HTTP Basic authentication"),
    PASSWORD("password", null, "Password for the gateway's HTTP Basic authentication"),
    SSL("ssl", "false", "true to talk HTTPS (TLS) to the gateway", "true", "false"),
    TRUSTSTORE("truststore", null,
            "Trust store file (JKS or PKCS12) with the gateway's certificate; needs ssl=true"),
    TRUSTSTORE_PASSWORD("truststore_password", null, "Password of the trust store"),
    HOSTNAME_VERIFICATION("hostname_verification", "STRICT",
            "STRICT checks that the gateway's certificate names its host; NONE does not",
            "STRICT", "NONE"),
    FETCH_SIZE("fetch_size", "100", "Rows fetched from the gateway per round trip"),
    CONNECT_TIMEOUT("connect_timeout", "10",
            "Seconds to wait for the TCP connection to the gateway");

    private final String key;
    private final String defaultValue;
    private final String description;
    private final String[] choices;

    DriverProperty(String key, String defaultValue, String description, String... choices) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.description = description;
        this.choices = choices;
    }

    /** The name in the URL and in the connection properties. */
    public String key() {
        return key;
    }

    String defaultValue() {
        return defaultValue;
    }

    String description() {
        return description;
    }

    String[] choices() {
        return choices.length == 0 ? null : choices.clone();
    }

    static Optional<DriverProperty> byKey(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(p -> p.key.equals(lower)).findFirst();
    }

    /** Whether {@code key} names a session option passed to the gateway rather than the driver. */
    static boolean isSessionOption(String key) {
        return key.indexOf('.') > 0 && !key.endsWith(".");
    }

    static String knownKeys() {
        return Arrays.stream(values()).map(DriverProperty::key).collect(Collectors.joining(", "));
    }
}
