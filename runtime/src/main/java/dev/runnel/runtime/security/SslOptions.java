package dev.runnel.runtime.security;

import dev.runnel.runtime.config.ConfigOption;
import java.util.List;

/**
 * Flink's {@code security.ssl.*} keys: TLS for the internal connections (the RPC port of the
 * JobManager, which TaskManagers and shells use, and the data connections between
 * TaskManagers), with mutual authentication, and for the REST endpoint. Keystores and
 * truststores are files the user supplies.
 */
public final class SslOptions {
    public static final ConfigOption<Boolean> INTERNAL_ENABLED = ConfigOption.of("security.ssl.internal.enabled",
            Boolean.class, false, "TLS, with mutual authentication, on the RPC port and the data connections between "
                    + "TaskManagers. Every process of the cluster (and every shell attached to it) needs the keys below.");
    public static final ConfigOption<String> INTERNAL_KEYSTORE = ConfigOption.of("security.ssl.internal.keystore",
            String.class, null, "The keystore with this process's key and certificate for internal connections.");
    public static final ConfigOption<String> INTERNAL_KEYSTORE_PASSWORD = ConfigOption.of(
            "security.ssl.internal.keystore-password", String.class, null, "The password of the internal keystore.");
    public static final ConfigOption<String> INTERNAL_KEY_PASSWORD = ConfigOption.of(
            "security.ssl.internal.key-password", String.class, null,
            "The password of the key in the internal keystore (default: the keystore's password).");
    public static final ConfigOption<String> INTERNAL_KEYSTORE_TYPE = ConfigOption.of(
            "security.ssl.internal.keystore-type", String.class, "pkcs12", "The internal keystore's type.");
    public static final ConfigOption<String> INTERNAL_TRUSTSTORE = ConfigOption.of("security.ssl.internal.truststore",
            String.class, null, "The truststore with the certificates internal peers must present.");
    public static final ConfigOption<String> INTERNAL_TRUSTSTORE_PASSWORD = ConfigOption.of(
            "security.ssl.internal.truststore-password", String.class, null, "The password of the internal truststore.");
    public static final ConfigOption<String> INTERNAL_TRUSTSTORE_TYPE = ConfigOption.of(
            "security.ssl.internal.truststore-type", String.class, "pkcs12", "The internal truststore's type.");

    public static final ConfigOption<Boolean> REST_ENABLED = ConfigOption.of("security.ssl.rest.enabled",
            Boolean.class, false, "HTTPS on the REST endpoint.");
    public static final ConfigOption<String> REST_KEYSTORE = ConfigOption.of("security.ssl.rest.keystore",
            String.class, null, "The keystore with the REST endpoint's key and certificate.");
    public static final ConfigOption<String> REST_KEYSTORE_PASSWORD = ConfigOption.of(
            "security.ssl.rest.keystore-password", String.class, null, "The password of the REST keystore.");
    public static final ConfigOption<String> REST_KEY_PASSWORD = ConfigOption.of("security.ssl.rest.key-password",
            String.class, null, "The password of the key in the REST keystore (default: the keystore's password).");
    public static final ConfigOption<String> REST_KEYSTORE_TYPE = ConfigOption.of("security.ssl.rest.keystore-type",
            String.class, "pkcs12", "The REST keystore's type.");
    public static final ConfigOption<String> REST_TRUSTSTORE = ConfigOption.of("security.ssl.rest.truststore",
            String.class, null, "The truststore REST clients' certificates are checked against (with "
                    + "security.ssl.rest.authentication-enabled).");
    public static final ConfigOption<String> REST_TRUSTSTORE_PASSWORD = ConfigOption.of(
            "security.ssl.rest.truststore-password", String.class, null, "The password of the REST truststore.");
    public static final ConfigOption<String> REST_TRUSTSTORE_TYPE = ConfigOption.of(
            "security.ssl.rest.truststore-type", String.class, "pkcs12", "The REST truststore's type.");
    public static final ConfigOption<Boolean> REST_AUTHENTICATION_ENABLED = ConfigOption.of(
            "security.ssl.rest.authentication-enabled", Boolean.class, false,
            "Whether REST clients must present a certificate of the REST truststore (mutual TLS).");

    public static final ConfigOption<String> PROTOCOL = ConfigOption.of("security.ssl.protocol", String.class,
            "TLSv1.2", "The TLS protocol version (TLSv1.2 or TLSv1.3), for internal connections and REST.");

    private SslOptions() {
    }

    public static List<ConfigOption<?>> all() {
        return List.of(INTERNAL_ENABLED, INTERNAL_KEYSTORE, INTERNAL_KEYSTORE_PASSWORD, INTERNAL_KEY_PASSWORD,
                INTERNAL_KEYSTORE_TYPE, INTERNAL_TRUSTSTORE, INTERNAL_TRUSTSTORE_PASSWORD, INTERNAL_TRUSTSTORE_TYPE,
                REST_ENABLED, REST_KEYSTORE, REST_KEYSTORE_PASSWORD, REST_KEY_PASSWORD, REST_KEYSTORE_TYPE,
                REST_TRUSTSTORE, REST_TRUSTSTORE_PASSWORD, REST_TRUSTSTORE_TYPE, REST_AUTHENTICATION_ENABLED, PROTOCOL);
    }
}
