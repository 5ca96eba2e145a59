package dev.runnel.runtime.rpc;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.security.InternalTls;
import java.util.Optional;

/**
 * What a cluster's internal connections prove and how they are protected: the cluster secret
 * every RPC and data connection carries ({@link RpcOptions#CLUSTER_SECRET_FILE}), and TLS with
 * mutual authentication ({@code security.ssl.internal.*}). Either, both or neither.
 */
public record ClusterCredentials(Optional<String> secret, Optional<InternalTls> tls) {
    public static final ClusterCredentials NONE = new ClusterCredentials(Optional.empty(), Optional.empty());

    /**
     * As configuration sets them.
     *
     * @throws dev.runnel.runtime.config.ConfigException naming the key of a file that cannot be read
     */
    public static ClusterCredentials from(Configuration configuration) {
        return new ClusterCredentials(RpcOptions.clusterSecret(configuration), InternalTls.from(configuration));
    }

    /** A secret (or none), without TLS. */
    public static ClusterCredentials ofSecret(Optional<String> secret) {
        return new ClusterCredentials(secret, Optional.empty());
    }
}
