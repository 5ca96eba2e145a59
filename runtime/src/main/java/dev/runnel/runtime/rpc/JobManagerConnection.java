package dev.runnel.runtime.rpc;

import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.cluster.MemoryUsage;
import dev.runnel.runtime.cluster.OwnedThreads;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.highavailability.LeaderInformation;
import dev.runnel.runtime.highavailability.LeaderRetrieval;
import dev.runnel.runtime.highavailability.LeaderRetrievalListener;
import dev.runnel.runtime.jobmanager.JobManagerGateway;
import dev.runnel.runtime.rpc.TaskManagerProtocol.AcknowledgeCheckpoint;
import dev.runnel.runtime.rpc.TaskManagerProtocol.CancelTask;
import dev.runnel.runtime.rpc.TaskManagerProtocol.CheckpointAborted;
import dev.runnel.runtime.rpc.TaskManagerProtocol.CheckpointComplete;
import dev.runnel.runtime.rpc.TaskManagerProtocol.DeclineCheckpoint;
import dev.runnel.runtime.rpc.TaskManagerProtocol.FailTask;
import dev.runnel.runtime.rpc.TaskManagerProtocol.FromJobManager;
import dev.runnel.runtime.rpc.TaskManagerProtocol.Heartbeat;
import dev.runnel.runtime.rpc.TaskManagerProtocol.Register;
import dev.runnel.runtime.rpc.TaskManagerProtocol.Registered;
import dev.runnel.runtime.rpc.TaskManagerProtocol.ReleaseChannels;
import dev.runnel.runtime.rpc.TaskManagerProtocol.ReleaseJob;
import dev.runnel.runtime.rpc.TaskManagerProtocol.Reply;
import dev.runnel.runtime.rpc.TaskManagerProtocol.RequestCounters;
import dev.runnel.runtime.rpc.TaskManagerProtocol.Results;
import dev.runnel.runtime.rpc.TaskManagerProtocol.SubmitTask;
import dev.runnel.runtime.rpc.TaskManagerProtocol.TaskState;
import dev.runnel.runtime.rpc.TaskManagerProtocol.ToEnumerator;
import dev.runnel.runtime.rpc.TaskManagerProtocol.ToJobManager;
import dev.runnel.runtime.rpc.TaskManagerProtocol.ToReader;
import dev.runnel.runtime.rpc.TaskManagerProtocol.ToTaskManager;
import dev.runnel.runtime.rpc.TaskManagerProtocol.TriggerCheckpoint;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.TaskExecutionState;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import dev.runnel.runtime.taskmanager.TaskManager;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TaskManager process's link to its JobManager: registers the {@link TaskManager} over
 * {@link TaskManagerProtocol}, hands the JobManager's messages to it, and is its
 * {@link JobManagerGateway}. When the JobManager is lost (the connection breaks, or it is silent
 * for {@code heartbeat.timeout}) the TaskManager cancels its tasks and frees its slots, and this
 * registers again, with a growing delay between attempts, for as long as the process runs; a
 * JobManager that cannot be reached is tried the same way.
 *
 * <p>With high availability it follows the leader a {@link LeaderRetrieval} announces: a new
 * leader ends the registration with the old one (as a lost JobManager does) and starts one with
 * the new; "no leader" ends it and waits. A message from a JobManager counts only when its
 * fencing token is both that of the registration and the session id of the leader announced last;
 * any other is dropped, logged and told to {@code events} ({@link #rejectedMessages()}).
 *
 * <p>Registrations, leader changes and retries run on this connection's one timer thread.
 */
public final class JobManagerConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JobManagerConnection.class);
    /** The first delay before registering again; it doubles up to {@link #MAX_RETRY_DELAY}. */
    private static final Duration FIRST_RETRY_DELAY = Duration.ofMillis(200);
    private static final Duration MAX_RETRY_DELAY = Duration.ofSeconds(10);

    /**
     * A JobManager to register with: its address, the channel to it, and with high availability
     * the session id it was announced with (null for a fixed address).
     */
    private record Target(String address, ManagedChannel channel, RemoteClusterClient blobs, UUID sessionId) {
        static Target of(String address, UUID sessionId, ClusterCredentials credentials) {
            ManagedChannel channel = RemoteClusterClient.channel(address, credentials);
            return new Target(address, channel, RemoteClusterClient.over(address, channel,
                    credentials.tls().isPresent()), sessionId);
        }

        void close() {
            channel.shutdown();
        }
    }

    private final TaskManager taskManager;
    private final ClusterCredentials credentials;
    private final Optional<LeaderRetrieval> retrieval;
    private final Duration heartbeatInterval;
    private final Duration heartbeatTimeout;
    private final Consumer<String> events;
    private final OwnedThreads threads = new OwnedThreads("runnel-jobmanager-connection");
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(threads);
    private final AtomicLong rejected = new AtomicLong();
    private volatile boolean closed;
    /** The JobManager registered with or to register with; null while no leader is known. Set on the timer thread. */
    private volatile Target target;
    /** The session id of the leader announced last (null: none); set on the retrieval's thread, at once. */
    private volatile UUID announcedSession;
    // Changed on the timer thread only.
    private volatile Duration retryDelay = FIRST_RETRY_DELAY;
    private Attempt current;

    private JobManagerConnection(TaskManager taskManager, Optional<LeaderRetrieval> retrieval,
                                 ClusterCredentials credentials, Configuration configuration, Consumer<String> events) {
        this.taskManager = taskManager;
        this.retrieval = retrieval;
        this.credentials = credentials;
        this.heartbeatInterval = configuration.get(RpcOptions.HEARTBEAT_INTERVAL);
        this.heartbeatTimeout = RpcOptions.heartbeatTimeout(configuration);
        this.events = events;
    }

    /**
     * Starts registering {@code taskManager} with the JobManager at {@code host}:{@code port},
     * with {@code credentials} (secret, TLS), and fetching the JARs of its jobs from the
     * JobManager's blob store; {@code events} is told, in a line each, what a user watching the
     * process should see: each registration, each loss, each failed attempt and when the next is.
     * The fencing token is the one the JobManager registered this TaskManager with.
     */
    public static JobManagerConnection start(TaskManager taskManager, String host, int port, ClusterCredentials credentials,
                                             Configuration configuration, Consumer<String> events) {
        JobManagerConnection connection = new JobManagerConnection(taskManager, Optional.empty(), credentials,
                configuration, events);
        connection.target = Target.of(host + ":" + port, null, credentials);
        connection.useBlobs(configuration);
        connection.timer.execute(connection::connect);
        return connection;
    }

    /**
     * Starts following the leader {@code retrieval} announces (which this connection starts,
     * and closes on {@link #close()}): registers {@code taskManager} with each leader in turn at
     * its {@code rpcAddress}, and fetches the JARs of jobs from the leader's blob store;
     * {@code events} as in {@link #start(TaskManager, String, int, ClusterCredentials, Configuration, Consumer)},
     * plus each leader change and each message rejected for its fencing token.
     */
    public static JobManagerConnection start(TaskManager taskManager, LeaderRetrieval retrieval,
                                             ClusterCredentials credentials, Configuration configuration,
                                             Consumer<String> events) {
        JobManagerConnection connection = new JobManagerConnection(taskManager, Optional.of(retrieval), credentials,
                configuration, events);
        connection.useBlobs(configuration);
        retrieval.start(connection.new Follower());
        return connection;
    }

    private void useBlobs(Configuration configuration) {
        // the JARs of jobs come from the (leading) JobManager's blob store, over the same channel
        taskManager.useBlobService(key -> {
            Target now = target;
            if (now == null) {
                throw new ClusterConnectionException("No JobManager leads now to fetch blob " + key + " from");
            }
            return now.blobs().fetchBlob(key);
        }, configuration);
    }

    /** {@code host:port} of the JobManager registered with or to register with; empty while no leader is known. */
    public String address() {
        Target now = target;
        return now == null ? "" : now.address();
    }

    /** How many messages were dropped because their fencing token was not the current leader's. */
    public long rejectedMessages() {
        return rejected.get();
    }

    /** Told the leaders by the retrieval; the switch itself happens on the timer thread. */
    private final class Follower implements LeaderRetrievalListener {
        @Override
        public void notifyLeader(LeaderInformation leader) {
            announcedSession = leader.sessionId();
            execute(() -> follow(leader));
        }

        @Override
        public void notifyNoLeader() {
            announcedSession = null;
            execute(() -> follow(null));
        }

        @Override
        public void handleError(Throwable error) {
            String line = "The leader retrieval failed; no longer following the JobManager leader: "
                    + error.getMessage();
            LOG.error("{}", line, error);
            events.accept(line);
        }
    }

    private void execute(Runnable task) {
        try {
            timer.execute(task);
        } catch (RejectedExecutionException e) {
            // closed
        }
    }

    /** On the timer thread: ends the registration with the former leader, and registers with {@code leader} if any. */
    private void follow(LeaderInformation leader) {
        if (closed) {
            return;
        }
        Target former = target;
        try {
            target = leader == null ? null : Target.of(leader.rpcAddress(), leader.sessionId(), credentials);
        } catch (RuntimeException e) {
            // not host:port: nothing to register with until a leader publishes a usable address
            target = null;
            String line = "Ignoring the leader's address " + leader.rpcAddress() + ": " + e.getMessage();
            LOG.warn("{}", line);
            events.accept(line);
        }
        retryDelay = FIRST_RETRY_DELAY;
        String line = leader == null ? "No JobManager leads now" + (former == null ? "" : " (was " + former.address()
                + "); waiting for a leader") : "The JobManager at " + leader.rpcAddress() + " leads now (session "
                + leader.sessionId() + ")";
        LOG.info("{}", line);
        events.accept(line);
        Attempt attempt = current;
        if (attempt != null && !attempt.ended) {
            // its loss disconnects the TaskManager, then registers with the new target
            attempt.connection.lose(leader == null ? "no JobManager leads now"
                    : "the leader changed to " + leader.rpcAddress());
        } else {
            connect();
        }
        if (former != null) {
            former.close();
        }
    }

    /** On the timer thread: a registration with the target, unless one is under way or no leader is known. */
    private void connect() {
        if (closed || target == null || (current != null && !current.ended)) {
            return;
        }
        Attempt attempt = new Attempt(target);
        current = attempt;
        attempt.open();
    }

    private void retryLater() {
        if (closed) {
            return;
        }
        Duration delay = retryDelay;
        retryDelay = retryDelay.multipliedBy(2).compareTo(MAX_RETRY_DELAY) > 0 ? MAX_RETRY_DELAY
                : retryDelay.multipliedBy(2);
        timer.schedule(this::connect, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static String seconds(Duration delay) {
        return delay.toMillis() < 1000 ? delay.toMillis() + " ms" : delay.toSeconds() + " s";
    }

    /** Stops registering and closes the connection (the JobManager counts this TaskManager lost). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        retrieval.ifPresent(LeaderRetrieval::close);
        CompletableFuture.runAsync(() -> {
            if (current != null) {
                current.connection.lose("the TaskManager is shutting down");
            }
        }, timer).exceptionally(e -> null).join();
        timer.shutdown();
        Target last = target;
        try {
            if (last != null) {
                last.channel().shutdown();
                if (!last.channel().awaitTermination(5, TimeUnit.SECONDS)) {
                    last.channel().shutdownNow();
                }
            }
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            if (last != null) {
                last.channel().shutdownNow();
            }
            Thread.currentThread().interrupt();
        }
    }

    /**
     * One registration: a stream to the JobManager, and the gateway the TaskManager reports
     * through while it lives.
     */
    private final class Attempt implements JobManagerGateway, StreamObserver<FromJobManager> {
        private final CompletableFuture<Void> registered = new CompletableFuture<>();
        // gRPC may call back (onError: the JobManager is unreachable) before open() has the stream
        private final CompletableFuture<StreamConnection<ToJobManager>> opened = new CompletableFuture<>();
        private volatile StreamConnection<ToJobManager> connection;
        private volatile UUID fencingToken;
        /** What came before the registration was acknowledged (gRPC calls onNext one at a time). */
        private final List<FromJobManager> beforeRegistered = new ArrayList<>();
        private volatile String id;
        private final Target to;
        private final String address;
        /** Set on the timer thread once the TaskManager let go of it after its loss: another registration may begin. */
        private volatile boolean ended;

        Attempt(Target to) {
            this.to = to;
            this.address = to.address();
        }

        void open() {
            StreamObserver<ToJobManager> out = ClientCalls.asyncBidiStreamingCall(
                    to.channel().newCall(TaskManagerProtocol.CONNECT, CallOptions.DEFAULT), this);
            connection = new StreamConnection<>(out, TaskManagerProtocol.TO_JOB_MANAGER, timer,
                    () -> new Heartbeat(MemoryUsage.ofThisJvm()),
                    this::lost);
            opened.complete(connection);
            connection.heartbeats(heartbeatInterval, heartbeatTimeout);
            taskManager.registerAt(this);
        }

        @Override
        public CompletableFuture<Void> registerTaskManager(TaskExecutorGateway ignored, int numberOfSlots) {
            connection.send(new Register(taskManager.taskManagerId().value(), numberOfSlots, RpcHosts.localHostName(),
                    ProcessHandle.current().pid(), Runtime.getRuntime().availableProcessors(),
                    Runtime.getRuntime().maxMemory(), taskManager.dataAddress()));
            return registered;
        }

        @Override
        public void onNext(FromJobManager envelope) {
            opened.join().heard();
            ToTaskManager message = envelope.message();
            if (message instanceof Registered r) {
                if (!current(envelope.fencingToken())) {
                    // a JobManager that is not (or not yet, to this TaskManager) the announced leader
                    reject(envelope);
                    connection.lose("it answered the registration with fencing token " + envelope.fencingToken()
                            + ", not the announced leader's " + announcedSession);
                    return;
                }
                fencingToken = envelope.fencingToken();
                id = r.taskManagerId();
                connection.heartbeats(r.heartbeatInterval(), r.heartbeatTimeout());
                timer.execute(() -> retryDelay = FIRST_RETRY_DELAY);
                String line = "Registered with the JobManager at " + address + " as " + id + ", "
                        + taskManager.numberOfSlots() + " slots";
                LOG.info("{}", line);
                events.accept(line);
                registered.complete(null);
                List<FromJobManager> waiting = List.copyOf(beforeRegistered);
                beforeRegistered.clear();
                waiting.forEach(this::handle);
                return;
            }
            if (message instanceof Heartbeat) {
                return;
            }
            if (fencingToken == null) {
                // The JobManager may deploy to its slots before the acknowledgement goes out.
                beforeRegistered.add(envelope);
                return;
            }
            handle(envelope);
        }

        private void handle(FromJobManager envelope) {
            if (!fencingToken.equals(envelope.fencingToken()) || !current(envelope.fencingToken())) {
                reject(envelope);
                return;
            }
            dispatch(envelope.message());
        }

        /** Whether {@code token} is the announced leader's: with a fixed address, any JobManager's. */
        private boolean current(UUID token) {
            return to.sessionId() == null || token.equals(announcedSession);
        }

        private void reject(FromJobManager envelope) {
            rejected.incrementAndGet();
            UUID expected = to.sessionId() == null ? fencingToken : announcedSession;
            String line = "Rejected " + envelope.message().getClass().getSimpleName() + " from the JobManager at "
                    + address + ": fencing token " + envelope.fencingToken() + " is not the current leader's "
                    + expected;
            LOG.warn("{}", line);
            events.accept(line);
        }

        private void dispatch(ToTaskManager message) {
            if (message instanceof SubmitTask m) {
                connection.reply(m.callId(), taskManager.submitTask(m.deployment()), reply -> reply);
            } else if (message instanceof CancelTask m) {
                taskManager.cancelTask(m.attemptId());
            } else if (message instanceof TriggerCheckpoint m) {
                taskManager.triggerCheckpoint(m.attemptId(), m.barrier(), m.stop());
            } else if (message instanceof ToReader m) {
                taskManager.sendSourceEvent(m.attemptId(), m.event());
            } else if (message instanceof CheckpointComplete m) {
                taskManager.notifyCheckpointComplete(m.jobId(), m.checkpointId());
            } else if (message instanceof CheckpointAborted m) {
                taskManager.notifyCheckpointAborted(m.jobId(), m.checkpointId());
            } else if (message instanceof ReleaseChannels m) {
                taskManager.releaseChannels(m.jobId(), m.generation());
            } else if (message instanceof ReleaseJob m) {
                taskManager.releaseJob(m.jobId());
            } else if (message instanceof RequestCounters m) {
                connection.reply(m.callId(), taskManager.requestCounters(m.jobId()).thenApply(HashMap::new),
                        reply -> reply);
            } else if (message instanceof FailTask m) {
                taskManager.failTask(m.attemptId(), m.failure());
            } else if (message instanceof Reply m) {
                connection.replied(m);
            }
        }

        @Override
        public void onError(Throwable t) {
            opened.join().lose(RemoteClusterClient.detail(t));
        }

        @Override
        public void onCompleted() {
            opened.join().lose("the JobManager ended the connection");
        }

        /** On whatever thread noticed it. */
        private void lost(String cause) {
            registered.completeExceptionally(new ClusterConnectionException("Lost the JobManager at " + address
                    + ": " + cause));
            if (closed) {
                ended = true;
                return;
            }
            if (id == null) {
                String line = "Cannot register with the JobManager at " + address + ": " + cause + "; trying again in "
                        + seconds(retryDelay);
                LOG.warn("{}", line);
                events.accept(line);
                execute(this::next);
                return;
            }
            String line = "Lost the JobManager at " + address + " (" + cause + "): cancelled the tasks of " + id
                    + " and registering again";
            LOG.warn("{}", line);
            events.accept(line);
            taskManager.disconnectJobManager().whenComplete((v, e) -> execute(this::next));
        }

        /**
         * On the timer thread, once the TaskManager let go of this registration: the next one,
         * at once with a new leader, after the retry delay with the same JobManager.
         */
        private void next() {
            ended = true;
            if (target != to) {
                connect();
            } else {
                retryLater();
            }
        }

        // ---- JobManagerGateway, for the TaskManager's reports

        @Override
        public void updateTaskExecutionState(TaskExecutionState state) {
            connection.send(new TaskState(state));
        }

        @Override
        public CompletableFuture<Void> offerResults(ExecutionAttemptId attemptId, List<Row> rows, long firstOffset) {
            return connection.call(callId -> new Results(callId, attemptId, rows, firstOffset)).thenApply(v -> null);
        }

        @Override
        public void acknowledgeCheckpoint(ExecutionAttemptId attemptId, long checkpointId, TaskStateSnapshot state) {
            connection.send(new AcknowledgeCheckpoint(attemptId, checkpointId, state));
        }

        @Override
        public void declineCheckpoint(ExecutionAttemptId attemptId, long checkpointId, String reason) {
            connection.send(new DeclineCheckpoint(attemptId, checkpointId, reason));
        }

        @Override
        public void sendSourceEvent(ExecutionAttemptId attemptId, SourceEvent event) {
            connection.send(new ToEnumerator(attemptId, event));
        }
    }
}
