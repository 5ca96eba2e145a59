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
import dev.runnel.runtime.rpc.ClusterRpc.Rescale;
import dev.runnel.runtime.rpc.ClusterRpc.Savepoint;
import dev.runnel.runtime.rpc.ClusterRpc.SubmitJob;
import dev.runnel.runtime.rpc.ClusterRpc.WriteCatalog;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
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
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a {@link ClusterClient} (the JobManager of this process) to clients in other processes
 * over gRPC: the other end of {@link RemoteClusterClient}. Calls run on gRPC's executor, so that
 * one client's long call (a fetch waiting for rows, a job's termination) never holds another's.
 *
 * <p>With high availability a JobManager process binds its port once ({@link #startStandby}) and
 * then {@linkplain #lead leads} and {@linkplain #standBy() stands by} as its terms of leadership
 * begin and end. While it stands by, every client call and every TaskManager registration fails
 * with {@code UNAVAILABLE} and says that this JobManager is a standby, so that clients and
 * TaskManagers look for the leader elsewhere.
 */
public final class ClusterRpcServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterRpcServer.class);

    /** What this server serves while it leads: the JobManager's client API and, if any, its TaskManager registrations. */
    private record Leading(ClusterClient cluster, Optional<TaskManagerSessions> sessions) {
    }

    private final String host;
    private final AtomicReference<Leading> leading = new AtomicReference<>();
    private volatile Server server;

    private ClusterRpcServer(String host) {
        this.host = host;
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
        ClusterRpcServer server = new ClusterRpcServer(host);
        server.leading.set(new Leading(cluster, taskManagers));
        server.bind(port, credentials, taskManagers.isPresent());
        return server;
    }

    /**
     * Binds {@code host}:{@code port} ({@code 0}: a free port) for a JobManager that may lead
     * later: until {@link #lead} every call and registration fails with {@code UNAVAILABLE}.
     *
     * @throws UncheckedIOException if the address cannot be bound, naming it
     */
    public static ClusterRpcServer startStandby(String host, int port, ClusterCredentials credentials) {
        ClusterRpcServer server = new ClusterRpcServer(host);
        server.bind(port, credentials, true);
        return server;
    }

    /**
     * From now on serves {@code cluster}'s client API and takes TaskManager registrations into
     * {@code sessions} (made with the term's session id as fencing token). Replaces what an
     * earlier term served, if {@link #standBy()} was not called.
     */
    public void lead(ClusterClient cluster, TaskManagerSessions sessions) {
        leading.set(new Leading(cluster, Optional.of(sessions)));
        LOG.info("Cluster RPC on {} serves the leading JobManager (fencing token {})", address(),
                sessions.fencingToken());
    }

    /**
     * Stops serving the JobManager: new calls and registrations fail with {@code UNAVAILABLE};
     * calls in flight may finish, and the TaskManager streams stay until the term's
     * {@link TaskManagerSessions#close()} ends them.
     */
    public void standBy() {
        if (leading.getAndSet(null) != null) {
            LOG.info("Cluster RPC on {} stands by", address());
        }
    }

    /** Whether this server serves a JobManager now. */
    public boolean isLeading() {
        return leading.get() != null;
    }

    private void bind(int port, ClusterCredentials credentials, boolean takesTaskManagers) {
        Optional<String> secret = credentials.secret();
        ServerServiceDefinition service = ServerServiceDefinition.builder(ClusterRpc.SERVICE)
                .addMethod(ClusterRpc.SUBMIT_JOB, unary((ClusterClient c, SubmitJob r) -> c.submitJob(r.jobGraph())))
                .addMethod(ClusterRpc.CANCEL_JOB, unary((ClusterClient c, ForJob r) -> {
                    c.cancelJob(r.jobId());
                    return null;
                }))
                .addMethod(ClusterRpc.GET_JOB, unary((ClusterClient c, ForJob r) -> c.getJob(r.jobId())))
                .addMethod(ClusterRpc.LIST_JOBS, unary((ClusterClient c, ForJob r) -> new ArrayList<>(c.listJobs())))
                .addMethod(ClusterRpc.JOB_TERMINATION, async((ClusterClient c, ForJob r) -> c.jobTermination(r.jobId())))
                .addMethod(ClusterRpc.FETCH_RESULTS,
                        unary((ClusterClient c, FetchResults r) -> c.fetchResults(r.jobId(), r.maxRows(), r.timeout())))
                .addMethod(ClusterRpc.SAVEPOINT, async((ClusterClient c, Savepoint r) -> r.stop()
                        ? c.stopWithSavepoint(r.jobId(), r.targetDirectory(), r.drain())
                        : c.triggerSavepoint(r.jobId(), r.targetDirectory())))
                .addMethod(ClusterRpc.RESCALE_JOB, async((ClusterClient c, Rescale r) -> c.rescaleJob(r.jobId(),
                        r.parallelism())))
                .addMethod(ClusterRpc.LIST_TASK_MANAGERS, unary((ClusterClient c, ForJob r) -> new ArrayList<>(
                        c instanceof RestGateway gateway ? gateway.registeredTaskManagers() : List.of())))
                .addMethod(ClusterRpc.OVERVIEW, unary((ClusterClient c, ForJob r) -> c.overview()))
                .addMethod(ClusterRpc.READ_CATALOG, unary((ClusterClient c, ForJob r) -> c.readCatalog().orElse(null)))
                .addMethod(ClusterRpc.WRITE_CATALOG, unary((ClusterClient c, WriteCatalog r) ->
                        c.writeCatalog(r.expectedVersion(), r.contents())))
                .addMethod(ClusterRpc.UPLOAD_BLOB, unary((ClusterClient c, Blob r) -> blobs(c).put(r.bytes())))
                .addMethod(ClusterRpc.FETCH_BLOB, unary((ClusterClient c, ForBlob r) -> blobs(c).read(r.key())))
                .build();
        InetSocketAddress address = new InetSocketAddress(host, port);
        NettyServerBuilder builder = NettyServerBuilder.forAddress(address)
                .maxInboundMessageSize(JavaSerialization.MAX_BYTES)
                .addService(guarded(service, secret));
        if (takesTaskManagers) {
            builder.addService(guarded(taskManagerService(), secret));
        }
        credentials.tls().ifPresent(tls -> builder.sslContext(tls.rpcServer()));
        try {
            server = builder.build().start();
            LOG.info("Cluster RPC listening on {}:{}", host, server.getPort());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot listen for cluster calls on " + host + ":" + port + ": "
                    + e.getMessage(), e);
        }
    }

    /** Registrations go to the sessions of the term that leads now, or are refused. */
    private ServerServiceDefinition taskManagerService() {
        return ServerServiceDefinition.builder(TaskManagerProtocol.SERVICE)
                .addMethod(TaskManagerProtocol.CONNECT, ServerCalls.asyncBidiStreamingCall(out -> {
                    Leading now = leading.get();
                    if (now == null || now.sessions().isEmpty()) {
                        out.onError(standbyStatus().asRuntimeException());
                        return new Ignored<>();
                    }
                    return now.sessions().get().connect(out);
                }))
                .build();
    }

    private Status standbyStatus() {
        return Status.UNAVAILABLE.withDescription(standbyDescription(address()));
    }

    /** What a standby answers: clients recognise it ({@link RemoteClusterClient}) and wait for the leader. */
    static String standbyDescription(String address) {
        return "The JobManager at " + address + " is a standby, not the leader";
    }

    private String address() {
        Server s = server;
        return host + ":" + (s == null ? "?" : s.getPort());
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

    private <Q> io.grpc.ServerCallHandler<Q, Outcome> unary(BiFunction<ClusterClient, Q, Object> call) {
        return ServerCalls.asyncUnaryCall((request, reply) -> {
            Leading now = leading.get();
            if (now == null) {
                reply.onError(standbyStatus().asRuntimeException());
                return;
            }
            Outcome outcome;
            try {
                outcome = Outcome.of(call.apply(now.cluster(), request));
            } catch (RuntimeException e) {
                outcome = Outcome.failed(e);
            }
            answer(reply, outcome);
        });
    }

    private <Q> io.grpc.ServerCallHandler<Q, Outcome> async(
            BiFunction<ClusterClient, Q, CompletableFuture<?>> call) {
        return ServerCalls.asyncUnaryCall((request, reply) -> {
            Leading now = leading.get();
            if (now == null) {
                reply.onError(standbyStatus().asRuntimeException());
                return;
            }
            CompletableFuture<?> future;
            try {
                future = call.apply(now.cluster(), request);
            } catch (RuntimeException e) {
                answer(reply, Outcome.failed(e));
                return;
            }
            future.whenComplete((value, failure) -> answer(reply, failure == null ? Outcome.of(value)
                    : Outcome.failed(RemoteClusterClient.unwrap(failure))));
        });
    }

    /** The other end of a stream refused at once: what the peer still sends is dropped. */
    private static final class Ignored<T> implements StreamObserver<T> {
        @Override
        public void onNext(T value) {
        }

        @Override
        public void onError(Throwable t) {
        }

        @Override
        public void onCompleted() {
        }
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
