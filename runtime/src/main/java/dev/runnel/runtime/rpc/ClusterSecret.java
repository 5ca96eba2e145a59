package dev.runnel.runtime.rpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster secret on every call ({@link RpcOptions#CLUSTER_SECRET_FILE}): the client sends it
 * in a header, the server refuses a call without it, or with another, before anything of the
 * call is read (so before any job graph is deserialized), and logs the peer's address.
 */
final class ClusterSecret {
    static final String REFUSED = "wrong or missing cluster secret";
    private static final Logger LOG = LoggerFactory.getLogger(ClusterSecret.class);
    private static final Metadata.Key<String> HEADER =
            Metadata.Key.of("runnel-cluster-secret", Metadata.ASCII_STRING_MARSHALLER);

    private ClusterSecret() {
    }

    /** Sends {@code secret} with every call. */
    static ClientInterceptor sending(String secret) {
        return new ClientInterceptor() {
            @Override
            public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options,
                                                         Channel next) {
                return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                    @Override
                    public void start(Listener<A> listener, Metadata headers) {
                        headers.put(HEADER, secret);
                        super.start(listener, headers);
                    }
                };
            }
        };
    }

    /** Refuses every call that does not carry {@code secret}. */
    static ServerInterceptor requiring(String secret) {
        byte[] expected = secret.getBytes(StandardCharsets.UTF_8);
        return new ServerInterceptor() {
            @Override
            public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                               ServerCallHandler<Q, A> next) {
                String given = headers.get(HEADER);
                // constant time: the comparison does not tell how much of a guess was right
                if (given == null || !MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8))) {
                    LOG.warn("Refused the call {} from {}: {}", call.getMethodDescriptor().getBareMethodName(),
                            call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR), REFUSED);
                    call.close(Status.UNAUTHENTICATED.withDescription(REFUSED), new Metadata());
                    return new ServerCall.Listener<>() {
                    };
                }
                return next.startCall(call, headers);
            }
        };
    }
}
