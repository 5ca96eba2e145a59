package dev.runnel.runtime.rpc;

import dev.runnel.runtime.blob.PipelineJars;
import dev.runnel.runtime.cluster.CatalogDocument;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.ClusterOverview;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.OwnedThreads;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.highavailability.LeaderInformation;
import dev.runnel.runtime.highavailability.LeaderRetrieval;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.rpc.ClusterRpc.FetchResults;
import dev.runnel.runtime.rpc.ClusterRpc.ForJob;
import dev.runnel.runtime.rpc.ClusterRpc.Outcome;
import dev.runnel.runtime.rpc.ClusterRpc.Rescale;
import dev.runnel.runtime.rpc.ClusterRpc.Savepoint;
import dev.runnel.runtime.rpc.ClusterRpc.SubmitJob;
import dev.runnel.runtime.rpc.ClusterRpc.WriteCatalog;
import dev.runnel.runtime.security.SslOptions;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A {@link ClusterClient} for a JobManager in another process, over gRPC
 * ({@link ClusterRpcServer} on the other end): what the shell and scripts use with
 * {@code --jobmanager host:port}. The JobManager's own failures arrive as the exceptions it threw;
 * a JobManager that cannot be reached, or does not answer within {@link #CALL_TIMEOUT}, gives a
 * {@link ClusterConnectionException} that names its address.
 */
public final class RemoteClusterClient implements ClusterClient {
    /** How long a call that should be quick (submit, cancel, a job's status) may take. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    private final String address;
    private final ManagedChannel channel;
    private final boolean tls;
    // set once the JobManager answered: a connection lost after that is no TLS mismatch
    private volatile boolean answered;
    /** With high availability: the leader every call goes to; null for a fixed address. */
    private final LeaderTracker leaders;
    private final LeaderRetrieval retrieval;
    private final ExecutorService waiting;
    /** The leader each job's results come from: they cannot be resumed on another. */
    private final Map<JobId, LeaderInformation> resultsFrom = new ConcurrentHashMap<>();

    private RemoteClusterClient(String address, ManagedChannel channel, boolean tls) {
        this.address = address;
        this.channel = channel;
        this.tls = tls;
        this.leaders = null;
        this.retrieval = null;
        this.waiting = null;
    }

    private RemoteClusterClient(LeaderRetrieval retrieval, ClusterCredentials credentials, Duration leaderTimeout) {
        this.address = "";
        this.channel = null;
        this.tls = credentials.tls().isPresent();
        this.leaders = new LeaderTracker(credentials, leaderTimeout);
        this.retrieval = retrieval;
        this.waiting = Executors.newCachedThreadPool(new OwnedThreads("runnel-cluster-client"));
    }

    /**
     * A client of whichever JobManager leads, as {@code retrieval} announces it (started here,
     * closed with this client): every call goes to the current leader, waiting up to
     * {@code leaderTimeout} for one when none is known. A call that fails because the leader went
     * away (unreachable, or answering as a standby) waits for the next leader and is made again
     * there, except two that cannot be: {@link #fetchResults} after a leader change fails with a
     * {@link ClusterConnectionException} (a query's results are not resumed on another JobManager),
     * and {@link #submitJob} is sent again only when the job provably did not arrive (connection
     * refused, or a standby's answer).
     */
    public static RemoteClusterClient following(LeaderRetrieval retrieval, ClusterCredentials credentials,
                                                Duration leaderTimeout) {
        RemoteClusterClient client = new RemoteClusterClient(retrieval, credentials, leaderTimeout);
        retrieval.start(client.leaders);
        return client;
    }

    /** {@code host:port} of the leading JobManager now; empty when none is known (or of the fixed JobManager). */
    public String leaderAddress() {
        return leaders == null ? address : leaders.leaderAddress();
    }

    /**
     * A client of the JobManager at {@code host}:{@code port}, after checking that it answers.
     *
     * @throws ClusterConnectionException if it does not
     */
    public static RemoteClusterClient connect(String host, int port) {
        return connect(host, port, Optional.empty());
    }

    /**
     * A client of the JobManager at {@code host}:{@code port} that proves {@code secret} on
     * every call, after checking that it answers.
     *
     * @throws ClusterConnectionException if it does not, or refuses the secret
     */
    public static RemoteClusterClient connect(String host, int port, Optional<String> secret) {
        return connect(host, port, ClusterCredentials.ofSecret(secret));
    }

    /**
     * A client of the JobManager at {@code host}:{@code port} with {@code credentials} (the
     * secret on every call, TLS), after checking that it answers.
     *
     * @throws ClusterConnectionException if it does not, or refuses them
     */
    public static RemoteClusterClient connect(String host, int port, ClusterCredentials credentials) {
        ManagedChannel channel = channel(host, port, credentials);
        RemoteClusterClient client = new RemoteClusterClient(host + ":" + port, channel, credentials.tls().isPresent());
        try {
            client.listJobs();
            client.answered = true;
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        return client;
    }

    /** {@link #channel(String, int, ClusterCredentials)} to {@code address}, {@code host:port} as a leader publishes it. */
    static ManagedChannel channel(String address, ClusterCredentials credentials) {
        int colon = address.lastIndexOf(':');
        return channel(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)), credentials);
    }

    /** A channel to the JobManager's RPC port with {@code credentials}: its secret on every call, TLS. */
    static ManagedChannel channel(String host, int port, ClusterCredentials credentials) {
        NettyChannelBuilder builder = NettyChannelBuilder.forAddress(host, port)
                .maxInboundMessageSize(JavaSerialization.MAX_BYTES);
        credentials.tls().ifPresentOrElse(tls -> builder.sslContext(tls.rpcClient()), builder::usePlaintext);
        credentials.secret().ifPresent(s -> builder.intercept(ClusterSecret.sending(s)));
        return builder.build();
    }

    /** {@code host:port} of the JobManager (following a leader: of the leader now, or empty). */
    public String address() {
        return leaderAddress();
    }

    @Override
    public JobId submitJob(JobGraph jobGraph) {
        if (leaders != null) {
            return submitToLeader(jobGraph);
        }
        // the JARs of the job's code go first, into the JobManager's blob store: TaskManagers
        // on other machines cannot read the files this client names
        JobGraph shipped = PipelineJars.ship(jobGraph, bytes -> (String) call(ClusterRpc.UPLOAD_BLOB,
                new ClusterRpc.Blob(bytes), CALL_TIMEOUT));
        return (JobId) call(ClusterRpc.SUBMIT_JOB, new SubmitJob(shipped), CALL_TIMEOUT);
    }

    /** The bytes of blob {@code key} from the JobManager's store: a TaskManager fetching a job's JAR. */
    public byte[] fetchBlob(String key) {
        if (leaders != null) {
            return routed(c -> c.fetchBlob(key));
        }
        return (byte[]) call(ClusterRpc.FETCH_BLOB, new ClusterRpc.ForBlob(key), CALL_TIMEOUT);
    }

    /** A client over {@code channel}, which the caller keeps and closes (a TaskManager's to its JobManager). */
    static RemoteClusterClient over(String address, ManagedChannel channel, boolean tls) {
        return new RemoteClusterClient(address, channel, tls);
    }

    @Override
    public void cancelJob(JobId jobId) {
        if (leaders != null) {
            routed(c -> {
                c.cancelJob(jobId);
                return null;
            });
            return;
        }
        call(ClusterRpc.CANCEL_JOB, new ForJob(jobId), CALL_TIMEOUT);
    }

    @Override
    public JobInfo getJob(JobId jobId) {
        if (leaders != null) {
            return routed(c -> c.getJob(jobId));
        }
        return (JobInfo) call(ClusterRpc.GET_JOB, new ForJob(jobId), CALL_TIMEOUT);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<JobInfo> listJobs() {
        if (leaders != null) {
            return routed(RemoteClusterClient::listJobs);
        }
        return List.copyOf((List<JobInfo>) call(ClusterRpc.LIST_JOBS, new ForJob(null), CALL_TIMEOUT));
    }

    /**
     * {@inheritDoc}
     *
     * <p>A JobManager without high availability names itself with no address (it knows none a
     * client could use): it is the one this client talks to.
     */
    @Override
    public ClusterOverview overview() {
        if (leaders != null) {
            return routed(RemoteClusterClient::overview);
        }
        ClusterOverview overview = (ClusterOverview) call(ClusterRpc.OVERVIEW, new ForJob(null), CALL_TIMEOUT);
        return new ClusterOverview(overview.jobManagers().stream().map(jm -> jm.address() == null
                ? new ClusterOverview.JobManagerEntry(address(), jm.leader()) : jm).toList(), overview.taskManagers());
    }

    @Override
    public Optional<CatalogDocument> readCatalog() {
        if (leaders != null) {
            return routed(RemoteClusterClient::readCatalog);
        }
        return Optional.ofNullable((CatalogDocument) call(ClusterRpc.READ_CATALOG, new ForJob(null), CALL_TIMEOUT));
    }

    @Override
    public boolean writeCatalog(String expectedVersion, byte[] contents) {
        if (leaders != null) {
            return routed(c -> c.writeCatalog(expectedVersion, contents));
        }
        return (Boolean) call(ClusterRpc.WRITE_CATALOG, new WriteCatalog(expectedVersion, contents), CALL_TIMEOUT);
    }

    /** The TaskManagers registered with the JobManager now, by id. */
    @SuppressWarnings("unchecked")
    public List<TaskManagerInfo> taskManagers() {
        if (leaders != null) {
            return routed(RemoteClusterClient::taskManagers);
        }
        return List.copyOf((List<TaskManagerInfo>) call(ClusterRpc.LIST_TASK_MANAGERS, new ForJob(null), CALL_TIMEOUT));
    }

    @Override
    public CompletableFuture<JobInfo> jobTermination(JobId jobId) {
        if (leaders != null) {
            return routedAsync(c -> c.jobTermination(jobId));
        }
        return callAsync(ClusterRpc.JOB_TERMINATION, new ForJob(jobId)).thenApply(JobInfo.class::cast);
    }

    @Override
    public ResultChunk fetchResults(JobId jobId, int maxRows, Duration timeout) {
        if (leaders != null) {
            return fetchFromLeader(jobId, maxRows, timeout);
        }
        return (ResultChunk) call(ClusterRpc.FETCH_RESULTS, new FetchResults(jobId, maxRows, timeout),
                timeout.plus(CALL_TIMEOUT));
    }

    @Override
    public CompletableFuture<String> triggerSavepoint(JobId jobId, String targetDirectory) {
        if (leaders != null) {
            return routedAsync(c -> c.triggerSavepoint(jobId, targetDirectory));
        }
        return callAsync(ClusterRpc.SAVEPOINT, new Savepoint(jobId, targetDirectory, false, false))
                .thenApply(String.class::cast);
    }

    @Override
    public CompletableFuture<String> stopWithSavepoint(JobId jobId, String targetDirectory, boolean drain) {
        if (leaders != null) {
            return routedAsync(c -> c.stopWithSavepoint(jobId, targetDirectory, drain));
        }
        return callAsync(ClusterRpc.SAVEPOINT, new Savepoint(jobId, targetDirectory, true, drain))
                .thenApply(String.class::cast);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The JobManager answers once the rescale is under way, so the call has the deadline of a quick
     * one ({@link #CALL_TIMEOUT}); a JobManager that refuses (an unknown or ended job, a parallelism
     * above the maximum) fails the future with its own exception.
     */
    @Override
    public CompletableFuture<Void> rescaleJob(JobId jobId, int parallelism) {
        if (leaders != null) {
            return routedAsync(c -> c.rescaleJob(jobId, parallelism));
        }
        return callAsync(ClusterRpc.RESCALE_JOB, new Rescale(jobId, parallelism),
                CallOptions.DEFAULT.withDeadlineAfter(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS))
                .thenApply(value -> null);
    }

    // ---- following the leader

    /** {@code call} on the leader; made again on the next leader when this one went away. */
    private <T> T routed(Function<RemoteClusterClient, T> call) {
        LeaderTracker.Current now = leaders.await(null);
        while (true) {
            try {
                return call.apply(now.client());
            } catch (ClusterConnectionException e) {
                if (!leaderGone(e)) {
                    throw e;
                }
                now = leaders.await(now.leader());
            }
        }
    }

    /** {@link #routed} for a call answered later, waited for on a thread of this client's. */
    private <T> CompletableFuture<T> routedAsync(Function<RemoteClusterClient, CompletableFuture<T>> call) {
        return CompletableFuture.supplyAsync(() -> routed(c -> {
            try {
                return call.apply(c).join();
            } catch (CompletionException e) {
                throw unwrap(e);
            }
        }), waiting);
    }

    private JobId submitToLeader(JobGraph jobGraph) {
        LeaderTracker.Current now = leaders.await(null);
        while (true) {
            try {
                JobId id = now.client().submitJob(jobGraph);
                resultsFrom.put(id, now.leader());
                return id;
            } catch (ClusterConnectionException e) {
                if (!notDelivered(e)) {
                    throw leaderGone(e) ? new ClusterConnectionException("The JobManager at "
                            + now.leader().rpcAddress() + " went away while it took the job, so whether it was "
                            + "submitted is unknown: look for it (SHOW JOBS) before submitting it again: "
                            + e.getMessage(), e) : e;
                }
                now = leaders.await(now.leader());
            }
        }
    }

    private ResultChunk fetchFromLeader(JobId jobId, int maxRows, Duration timeout) {
        LeaderTracker.Current now = leaders.await(null);
        LeaderInformation from = resultsFrom.computeIfAbsent(jobId, id -> now.leader());
        if (!from.sessionId().equals(now.leader().sessionId())) {
            throw failedOver(from, now.leader());
        }
        try {
            return now.client().fetchResults(jobId, maxRows, timeout);
        } catch (ClusterConnectionException e) {
            if (!leaderGone(e)) {
                throw e;
            }
            LeaderTracker.Current next;
            try {
                next = leaders.await(now.leader());
            } catch (ClusterConnectionException none) {
                throw new ClusterConnectionException("The JobManager at " + from.rpcAddress() + " went away while "
                        + "this query ran; its results cannot be resumed — run it again. " + none.getMessage(), e);
            }
            throw failedOver(from, next.leader());
        }
    }

    private static ClusterConnectionException failedOver(LeaderInformation from, LeaderInformation to) {
        return new ClusterConnectionException("The JobManager failed over from " + from.rpcAddress() + " to "
                + to.rpcAddress() + " while this query ran; its results cannot be resumed — run it again");
    }

    /** The call failed because its JobManager is unreachable or stands by: another may lead now. */
    private static boolean leaderGone(ClusterConnectionException e) {
        return Status.fromThrowable(e).getCode() == Status.Code.UNAVAILABLE;
    }

    /** Provably not delivered: nothing listened, or a standby refused it. */
    private static boolean notDelivered(ClusterConnectionException e) {
        String message = String.valueOf(e.getMessage());
        return leaderGone(e) && (message.contains("Connection refused")
                || message.contains("is a standby, not the leader"));
    }

    /** Ends the channel without waiting: calls in flight may finish (a former leader's client). */
    void shutdown() {
        channel.shutdown();
    }

    /** Closes the connection; jobs on the JobManager go on. Following a leader: also the retrieval. */
    @Override
    public void close() {
        if (leaders != null) {
            retrieval.close();
            leaders.close();
            waiting.shutdownNow();
            return;
        }
        channel.shutdown();
        try {
            if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
                channel.shutdownNow();
            }
        } catch (InterruptedException e) {
            channel.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private <Q> Object call(MethodDescriptor<Q, Outcome> method, Q request, Duration timeout) {
        try {
            return callAsync(method, request, CallOptions.DEFAULT.withDeadlineAfter(timeout.toMillis(),
                    TimeUnit.MILLISECONDS)).get();
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterConnectionException("Interrupted while waiting for the JobManager at " + address, e);
        }
    }

    private <Q> CompletableFuture<Object> callAsync(MethodDescriptor<Q, Outcome> method, Q request) {
        return callAsync(method, request, CallOptions.DEFAULT);
    }

    private <Q> CompletableFuture<Object> callAsync(MethodDescriptor<Q, Outcome> method, Q request,
                                                    CallOptions options) {
        CompletableFuture<Object> result = new CompletableFuture<>();
        ClientCalls.asyncUnaryCall(channel.newCall(method, options), request, new StreamObserver<>() {
            @Override
            public void onNext(Outcome outcome) {
                if (outcome.failure() != null) {
                    result.completeExceptionally(outcome.failure());
                } else {
                    result.complete(outcome.value());
                }
            }

            @Override
            public void onError(Throwable t) {
                result.completeExceptionally(transportFailure(method, t));
            }

            @Override
            public void onCompleted() {
                result.complete(null); // no-op when onNext completed it
            }
        });
        return result;
    }

    private RuntimeException transportFailure(MethodDescriptor<?, ?> method, Throwable t) {
        Status status = t instanceof StatusRuntimeException e ? e.getStatus() : Status.fromThrowable(t);
        String call = method.getBareMethodName();
        String why = switch (status.getCode()) {
            case UNAVAILABLE -> "cannot reach the JobManager at " + address;
            case DEADLINE_EXCEEDED -> "the JobManager at " + address + " did not answer in time";
            case UNAUTHENTICATED -> "the JobManager at " + address + " refused the call: " + ClusterSecret.REFUSED
                    + " (" + RpcOptions.CLUSTER_SECRET_FILE.key() + ")";
            default -> "the call to the JobManager at " + address + " failed (" + status.getCode() + ")";
        };
        String detail = status.getCode() == Status.Code.UNAUTHENTICATED ? null : detail(t);
        if (!tls && !answered && status.getCode() == Status.Code.UNAVAILABLE && detail != null
                && !detail.contains("Connection refused")) {
            // a TLS port hangs up on a plaintext client, which then sees a closed or reset connection
            detail += "; if it requires TLS, set " + SslOptions.INTERNAL_ENABLED.key() + " and its keystore and truststore";
        } else if (detail != null && detail.contains("certification path")) {
            detail += "; its certificate is not in " + SslOptions.INTERNAL_TRUSTSTORE.key();
        }
        return new ClusterConnectionException(capitalized(why) + (detail == null ? "" : ": " + detail)
                + " (call " + call + ")", t);
    }

    /**
     * What went wrong on the wire: the deepest cause's words ("Connection refused"), which say
     * what happened where gRPC's own say little ("io exception"); else gRPC's status.
     */
    static String detail(Throwable t) {
        Status status = Status.fromThrowable(t);
        String detail = status.getDescription() != null ? status.getDescription() : status.getCode().toString();
        for (Throwable cause = status.getCause(); cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null) {
                detail = cause.getMessage();
            }
        }
        return detail;
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** The exception a future failed with, without the wrappers of CompletableFuture. */
    static RuntimeException unwrap(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t instanceof RuntimeException e ? e : new RuntimeException(t.getMessage(), t);
    }
}
