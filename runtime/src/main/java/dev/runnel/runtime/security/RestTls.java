package dev.runnel.runtime.security;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import dev.runnel.runtime.config.Configuration;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * HTTPS for the REST endpoint ({@code security.ssl.rest.*}): the endpoint presents the key of
 * its keystore; with {@code security.ssl.rest.authentication-enabled} clients must present one
 * of its truststore's certificates too.
 */
public final class RestTls {
    private final KeyMaterial keys;
    private final boolean clientAuthentication;

    private RestTls(KeyMaterial keys, boolean clientAuthentication) {
        this.keys = keys;
        this.clientAuthentication = clientAuthentication;
    }

    /**
     * HTTPS as configuration says: empty unless {@code security.ssl.rest.enabled}.
     *
     * @throws dev.runnel.runtime.config.ConfigException naming the key of a store that cannot be read
     */
    public static Optional<RestTls> from(Configuration configuration) {
        if (!configuration.get(SslOptions.REST_ENABLED)) {
            return Optional.empty();
        }
        boolean mutual = configuration.get(SslOptions.REST_AUTHENTICATION_ENABLED);
        return Optional.of(new RestTls(KeyMaterial.read(configuration, KeyMaterial.REST, mutual), mutual));
    }

    /** What a JDK {@code HttpsServer} is set up with. */
    public HttpsConfigurator configurator() {
        SSLContext context = keys.sslContext();
        return new HttpsConfigurator(context) {
            @Override
            public void configure(HttpsParameters params) {
                SSLParameters parameters = context.getDefaultSSLParameters();
                parameters.setProtocols(new String[] {keys.protocol()});
                parameters.setNeedClientAuth(clientAuthentication);
                params.setSSLParameters(parameters);
            }
        };
    }
}
