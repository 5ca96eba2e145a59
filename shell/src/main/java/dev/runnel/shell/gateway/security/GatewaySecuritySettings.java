package dev.runnel.shell.gateway.security;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How {@code runnel gateway} protects its port, as its command line says
 * ({@link GatewaySecurityOptions} and the gateway's {@code --bind}).
 *
 * @param bind                       the address to listen on ({@code --bind}); the gateway's default is 127.0.0.1
 * @param authenticate               HTTP Basic authentication against {@code usersFile} ({@code --auth})
 * @param allowUnauthenticatedRemote serve a non-loopback address without authentication all the same
 *                                   ({@code --allow-unauthenticated-remote})
 * @param usersFile                  the user file ({@code --users-file}, default {@link GatewayUsers#defaultFile()})
 * @param tls                        HTTPS with the user's keystore, if any
 */
public record GatewaySecuritySettings(String bind, boolean authenticate, boolean allowUnauthenticatedRemote,
                                      Path usersFile, Optional<Tls> tls) {
    /** The gateway's default address: this machine only. */
    public static final String DEFAULT_BIND = "127.0.0.1";

    public GatewaySecuritySettings {
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(usersFile, "usersFile");
        Objects.requireNonNull(tls, "tls");
    }

    /** Loopback only, no authentication, no TLS: the gateway without any security flag. */
    public static GatewaySecuritySettings loopback() {
        return new GatewaySecuritySettings(DEFAULT_BIND, false, false, GatewayUsers.defaultFile(), Optional.empty());
    }

    public GatewaySecuritySettings withBind(String address) {
        return new GatewaySecuritySettings(address, authenticate, allowUnauthenticatedRemote, usersFile, tls);
    }

    public GatewaySecuritySettings withAuthentication(Path users) {
        return new GatewaySecuritySettings(bind, true, allowUnauthenticatedRemote, users, tls);
    }

    public GatewaySecuritySettings withTls(Tls keystore) {
        return new GatewaySecuritySettings(bind, authenticate, allowUnauthenticatedRemote, usersFile,
                Optional.of(keystore));
    }

    /**
     * HTTPS with the key and certificate of a keystore the user supplies.
     *
     * @param keystore     the keystore file ({@code --ssl-keystore})
     * @param passwordFile the file whose first line is its password ({@code --ssl-keystore-password-file};
     *                     {@code -} for standard input); the key's password is the same
     * @param type         its type ({@code --ssl-keystore-type}, default {@code pkcs12})
     */
    public record Tls(Path keystore, String passwordFile, String type) {
        public Tls {
            Objects.requireNonNull(keystore, "keystore");
            Objects.requireNonNull(passwordFile, "passwordFile");
            Objects.requireNonNull(type, "type");
        }
    }
}
