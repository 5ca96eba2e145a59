package dev.runnel.runtime.rpc;

import dev.runnel.runtime.blob.BlobStore;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.rest.RestGateway;
import dev.runnel.runtime.rpc.ClusterRpc.Blob;
import dev.runnel.runtime.rpc.ClusterRpc.FetchResults;
import dev.runnel.runtime.rpc.ClusterRpc.ForBlob;
import dev.runnel.runtime.rpc.ClusterRpc.ForJob;
import dev.runnel.runtime.rpc.ClusterRpc.Outcome;
import dev.runnel.runtime.rpc.ClusterRpc.Savepoint;
import dev.runnel.runtime.rpc.ClusterRpc.SubmitJob;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a {@link ClusterClient} (the JobManager of this process) to clients in other processes
 * over gRPC: the other end of {@link RemoteClusterClient}. Calls run on gRPC's executor, so that
 * one client's long call (a fetch waiting for rows, a job's termination) never holds another's.
 */
public final class ClusterRpcServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterRpcServer.class);

    private final Server server;

    private ClusterRpcServer(Server server) {
        this.server = server;
    }

    /** {@link #start(ClusterClient, String, int, Optional)} without a cluster secret. */
    public static ClusterRpcServer start(ClusterClient cluster, String host, int port) {
        return start(cluster, host, port, Optional.empty());
    }

    /**
     * Starts serving {@code cluster} on {@code host}:{@code port} ({@code 0}: a free port, see
     * {@link #port()}); with a {@code secret}, every call must carry it.
     *
     * @throws UncheckedIOException if the address cannot be bound, naming it
     */
    public static ClusterRpcServer start(ClusterClient cluster, String host, int port, Optional<String> secret) {
        return start(cluster, Optional.empty(), host, port, ClusterCredentials.ofSecret(secret));
    }

    /**
     * {@link #start(ClusterClient, String, int, Optional)} with {@code credentials} (a secret,
     * TLS), and with {@code taskManagers} the same port takes the registrations of TaskManager
     * processes, as Flink's JobManager RPC port does.
     */
    public static ClusterRpcServer start(ClusterClient cluster, Optional<TaskManagerSessions> taskManagers,
                                         String host, int port, ClusterCredentials credentials) {
        Optional<String> secret = credentials.secret();
        ServerServiceDefinition service = ServerServiceDefinition.builder(ClusterRpc.SERVICE)
                .addMethod(ClusterRpc.SUBMIT_JOB, unary((SubmitJob r) -> cluster.submitJob(r.jobGraph())))
                .addMethod(ClusterRpc.CANCEL_JOB, unary((ForJob r) -> {
                    cluster.cancelJob(r.jobId());
                    return null;
                }))
                .addMethod(ClusterRpc.GET_JOB, unary((ForJob r) -> cluster.getJob(r.jobId())))
                .addMethod(ClusterRpc.LIST_JOBS, unary((ForJob r) -> new ArrayList<>(cluster.listJobs())))
                .addMethod(ClusterRpc.JOB_TERMINATION, async((ForJob r) -> cluster.jobTermination(r.jobId())))
                .addMethod(ClusterRpc.FETCH_RESULTS,
                        unary((FetchResults r) -> cluster.fetchResults(r.jobId(), r.maxRows(), r.timeout())))
                .addMethod(ClusterRpc.SAVEPOINT, async((Savepoint r) -> r.stop()
                        ? cluster.stopWithSavepoint(r.jobId(), r.targetDirectory(), r.drain())
                        : cluster.triggerSavepoint(r.jobId(), r.targetDirectory())))
                .addMethod(ClusterRpc.LIST_TASK_MANAGERS, unary((ForJob r) -> new ArrayList<>(
                        cluster instanceof RestGateway gateway ? gateway.registeredTaskManagers() : List.of())))
                .addMethod(ClusterRpc.UPLOAD_BLOB, unary((Blob r) -> blobs(cluster).put(r.bytes())))
                .addMethod(ClusterRpc.FETCH_BLOB, unary((ForBlob r) -> blobs(cluster).read(r.key())))
                .build();
        InetSocketAddress address = new InetSocketAddress(host, port);
        NettyServerBuilder builder = NettyServerBuilder.forAddress(address)
                .maxInboundMessageSize(JavaSerialization.MAX_BYTES)
                .addService(guarded(service, secret));
        taskManagers.ifPresent(sessions -> builder.addService(guarded(sessions.service(), secret)));
        credentials.tls().ifPresent(tls -> builder.sslContext(tls.rpcServer()));
        try {
            Server server = builder.build().start();
            LOG.info("Cluster RPC listening on {}:{}", host, server.getPort());
            return new ClusterRpcServer(server);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot listen for cluster calls on " + host + ":" + port + ": "
                    + e.getMessage(), e);
        }
    }

    private static BlobStore blobs(ClusterClient cluster) {
        BlobStore store = cluster instanceof EmbeddedCluster embedded ? embedded.blobStore() : null;
        if (store == null) {
            throw new IllegalStateException("This JobManager keeps no JARs of jobs: its TaskManagers run in its"
                    + " process and load them where they are");
        }
        return store;
    }

    private static ServerServiceDefinition guarded(ServerServiceDefinition service, Optional<String> secret) {
        return secret.map(s -> ServerInterceptors.intercept(service, ClusterSecret.requiring(s))).orElse(service);
    }

    /** The port calls arrive on. */
    public int port() {
        return server.getPort();
    }

    /** Stops taking calls; calls in flight get up to five seconds to finish. */
    @Override
    public void close() {
        server.shutdown();
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private static <Q> io.grpc.ServerCallHandler<Q, Outcome> unary(Function<Q, Object> call) {
        return ServerCalls.asyncUnaryCall((request, reply) -> {
            Outcome outcome;
            try {
                outcome = Outcome.of(call.apply(request));
            } catch (RuntimeException e) {
                outcome = Outcome.failed(e);
            }
            answer(reply, outcome);
        });
    }

    private static <Q> io.grpc.ServerCallHandler<Q, Outcome> async(Function<Q, CompletableFuture<?>> call) {
        return ServerCalls.asyncUnaryCall((request, reply) -> {
            CompletableFuture<?> future;
            try {
                future = call.apply(request);
            } catch (RuntimeException e) {
                answer(reply, Outcome.failed(e));
                return;
            }
            future.whenComplete((value, failure) -> answer(reply, failure == null ? Outcome.of(value)
                    : Outcome.failed(RemoteClusterClient.unwrap(failure))));
        });
    }

    private static void answer(StreamObserver<Outcome> reply, Outcome outcome) {
        try {
            reply.onNext(outcome);
            reply.onCompleted();
        } catch (RuntimeException e) {
            // the client went away (cancelled its call): nothing to answer
            LOG.debug("Could not answer a cluster call", e);
        }
    }
}
