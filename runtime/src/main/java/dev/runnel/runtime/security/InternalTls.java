package dev.runnel.runtime.security;

import dev.runnel.runtime.config.Configuration;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import java.util.Optional;
import javax.net.ssl.SSLException;

/**
 * TLS for the internal connections ({@code security.ssl.internal.*}): the JobManager's RPC port
 * (gRPC) and the data connections between TaskManagers (Netty). Both ends present the key of
 * their keystore and accept only peers whose certificate their truststore holds (mutual
 * authentication, as Flink's internal TLS); a client also checks that the server's
 * certificate names the host it dialled. gRPC brings its own (shaded) copy of Netty, so there
 * are two sets of contexts over the same keys.
 */
public final class InternalTls {
    private final KeyMaterial keys;

    private InternalTls(KeyMaterial keys) {
        this.keys = keys;
    }

    /**
     * TLS as configuration says: empty unless {@code security.ssl.internal.enabled}.
     *
     * @throws dev.runnel.runtime.config.ConfigException naming the key of a store that cannot be read
     */
    public static Optional<InternalTls> from(Configuration configuration) {
        if (!configuration.get(SslOptions.INTERNAL_ENABLED)) {
            return Optional.empty();
        }
        return Optional.of(new InternalTls(KeyMaterial.read(configuration, KeyMaterial.INTERNAL, true)));
    }

    /** For the JobManager's RPC server. */
    public io.grpc.netty.shaded.io.netty.handler.ssl.SslContext rpcServer() {
        return build(() -> GrpcSslContexts.configure(
                        io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder.forServer(keys.keys()))
                .trustManager(keys.trust()).protocols(keys.protocol())
                .clientAuth(io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth.REQUIRE).build());
    }

    /** For a client of the RPC port: a TaskManager or a shell. */
    public io.grpc.netty.shaded.io.netty.handler.ssl.SslContext rpcClient() {
        return build(() -> GrpcSslContexts.forClient().keyManager(keys.keys()).trustManager(keys.trust())
                .protocols(keys.protocol()).build());
    }

    /** For a TaskManager's data port. */
    public io.netty.handler.ssl.SslContext dataServer() {
        return build(() -> io.netty.handler.ssl.SslContextBuilder.forServer(keys.keys()).trustManager(keys.trust())
                .protocols(keys.protocol()).clientAuth(io.netty.handler.ssl.ClientAuth.REQUIRE).build());
    }

    /** For a TaskManager's connection to another's data port. */
    public io.netty.handler.ssl.SslContext dataClient() {
        return build(() -> io.netty.handler.ssl.SslContextBuilder.forClient().keyManager(keys.keys())
                .trustManager(keys.trust()).protocols(keys.protocol()).endpointIdentificationAlgorithm("HTTPS")
                .build());
    }

    private interface Builder<T> {
        T build() throws SSLException;
    }

    private static <T> T build(Builder<T> builder) {
        try {
            return builder.build();
        } catch (SSLException e) {
            throw new IllegalStateException("Cannot set up TLS for internal connections: " + e.getMessage(), e);
        }
    }
}
