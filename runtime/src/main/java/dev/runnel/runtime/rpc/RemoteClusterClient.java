package dev.runnel.runtime.rpc;

import dev.runnel.runtime.blob.PipelineJars;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.rpc.ClusterRpc.FetchResults;
import dev.runnel.runtime.rpc.ClusterRpc.ForJob;
import dev.runnel.runtime.rpc.ClusterRpc.Outcome;
import dev.runnel.runtime.rpc.ClusterRpc.Savepoint;
import dev.runnel.runtime.rpc.ClusterRpc.SubmitJob;
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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

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

    private RemoteClusterClient(String address, ManagedChannel channel, boolean tls) {
        this.address = address;
        this.channel = channel;
        this.tls = tls;
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

    /** A channel to the JobManager's RPC port with {@code credentials}: its secret on every call, TLS. */
    static ManagedChannel channel(String host, int port, ClusterCredentials credentials) {
        NettyChannelBuilder builder = NettyChannelBuilder.forAddress(host, port)
                .maxInboundMessageSize(JavaSerialization.MAX_BYTES);
        credentials.tls().ifPresentOrElse(tls -> builder.sslContext(tls.rpcClient()), builder::usePlaintext);
        credentials.secret().ifPresent(s -> builder.intercept(ClusterSecret.sending(s)));
        return builder.build();
    }

    /** {@code host:port} of the JobManager. */
    public String address() {
        return address;
    }

    @Override
    public JobId submitJob(JobGraph jobGraph) {
        // the JARs of the job's code go first, into the JobManager's blob store: TaskManagers
        // on other machines cannot read the files this client names
        JobGraph shipped = PipelineJars.ship(jobGraph, bytes -> (String) call(ClusterRpc.UPLOAD_BLOB,
                new ClusterRpc.Blob(bytes), CALL_TIMEOUT));
        return (JobId) call(ClusterRpc.SUBMIT_JOB, new SubmitJob(shipped), CALL_TIMEOUT);
    }

    /** The bytes of blob {@code key} from the JobManager's store: a TaskManager fetching a job's JAR. */
    public byte[] fetchBlob(String key) {
        return (byte[]) call(ClusterRpc.FETCH_BLOB, new ClusterRpc.ForBlob(key), CALL_TIMEOUT);
    }

    /** A client over {@code channel}, which the caller keeps and closes (a TaskManager's to its JobManager). */
    static RemoteClusterClient over(String address, ManagedChannel channel, boolean tls) {
        return new RemoteClusterClient(address, channel, tls);
    }

    @Override
    public void cancelJob(JobId jobId) {
        call(ClusterRpc.CANCEL_JOB, new ForJob(jobId), CALL_TIMEOUT);
    }

    @Override
    public JobInfo getJob(JobId jobId) {
        return (JobInfo) call(ClusterRpc.GET_JOB, new ForJob(jobId), CALL_TIMEOUT);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<JobInfo> listJobs() {
        return List.copyOf((List<JobInfo>) call(ClusterRpc.LIST_JOBS, new ForJob(null), CALL_TIMEOUT));
    }

    /** The TaskManagers registered with the JobManager now, by id. */
    @SuppressWarnings("unchecked")
    public List<TaskManagerInfo> taskManagers() {
        return List.copyOf((List<TaskManagerInfo>) call(ClusterRpc.LIST_TASK_MANAGERS, new ForJob(null), CALL_TIMEOUT));
    }

    @Override
    public CompletableFuture<JobInfo> jobTermination(JobId jobId) {
        return callAsync(ClusterRpc.JOB_TERMINATION, new ForJob(jobId)).thenApply(JobInfo.class::cast);
    }

    @Override
    public ResultChunk fetchResults(JobId jobId, int maxRows, Duration timeout) {
        return (ResultChunk) call(ClusterRpc.FETCH_RESULTS, new FetchResults(jobId, maxRows, timeout),
                timeout.plus(CALL_TIMEOUT));
    }

    @Override
    public CompletableFuture<String> triggerSavepoint(JobId jobId, String targetDirectory) {
        return callAsync(ClusterRpc.SAVEPOINT, new Savepoint(jobId, targetDirectory, false, false))
                .thenApply(String.class::cast);
    }

    @Override
    public CompletableFuture<String> stopWithSavepoint(JobId jobId, String targetDirectory, boolean drain) {
        return callAsync(ClusterRpc.SAVEPOINT, new Savepoint(jobId, targetDirectory, true, drain))
                .thenApply(String.class::cast);
    }

    /** Closes the connection; jobs on the JobManager go on. */
    @Override
    public void close() {
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
