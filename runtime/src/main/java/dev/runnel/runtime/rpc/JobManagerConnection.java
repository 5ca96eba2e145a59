package dev.runnel.runtime.rpc;

import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.cluster.MemoryUsage;
import dev.runnel.runtime.cluster.OwnedThreads;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
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
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
 */
public final class JobManagerConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JobManagerConnection.class);
    /** The first delay before registering again; it doubles up to {@link #MAX_RETRY_DELAY}. */
    private static final Duration FIRST_RETRY_DELAY = Duration.ofMillis(200);
    private static final Duration MAX_RETRY_DELAY = Duration.ofSeconds(10);

    private final TaskManager taskManager;
    private final String address;
    private final ManagedChannel channel;
    private final Duration heartbeatInterval;
    private final Duration heartbeatTimeout;
    private final Consumer<String> events;
    private final OwnedThreads threads = new OwnedThreads("runnel-jobmanager-connection");
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(threads);
    private volatile boolean closed;
    // Changed on the timer thread only.
    private volatile Duration retryDelay = FIRST_RETRY_DELAY;
    private Attempt current;

    private JobManagerConnection(TaskManager taskManager, String host, int port, ClusterCredentials credentials,
                                 Configuration configuration, Consumer<String> events) {
        this.taskManager = taskManager;
        this.address = host + ":" + port;
        this.channel = RemoteClusterClient.channel(host, port, credentials);
        this.heartbeatInterval = configuration.get(RpcOptions.HEARTBEAT_INTERVAL);
        this.heartbeatTimeout = RpcOptions.heartbeatTimeout(configuration);
        this.events = events;
    }

    /**
     * Starts registering {@code taskManager} with the JobManager at {@code host}:{@code port},
     * with {@code credentials} (secret, TLS), and fetching the JARs of its jobs from the
     * JobManager's blob store; {@code events} is told, in a line each, what a user watching the
     * process should see: each registration, each loss, each failed attempt and when the next is.
     */
    public static JobManagerConnection start(TaskManager taskManager, String host, int port, ClusterCredentials credentials,
                                             Configuration configuration, Consumer<String> events) {
        JobManagerConnection connection = new JobManagerConnection(taskManager, host, port, credentials, configuration,
                events);
        // the JARs of jobs come from the JobManager's blob store, over the same channel
        RemoteClusterClient blobs = RemoteClusterClient.over(connection.address, connection.channel,
                credentials.tls().isPresent());
        taskManager.useBlobService(blobs::fetchBlob, configuration);
        connection.timer.execute(connection::connect);
        return connection;
    }

    /** {@code host:port} of the JobManager. */
    public String address() {
        return address;
    }

    private void connect() {
        if (closed) {
            return;
        }
        Attempt attempt = new Attempt();
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
        CompletableFuture.runAsync(() -> {
            if (current != null) {
                current.connection.lose("the TaskManager is shutting down");
            }
        }, timer).exceptionally(e -> null).join();
        timer.shutdown();
        channel.shutdown();
        try {
            if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
                channel.shutdownNow();
            }
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            channel.shutdownNow();
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

        void open() {
            StreamObserver<ToJobManager> out = ClientCalls.asyncBidiStreamingCall(
                    channel.newCall(TaskManagerProtocol.CONNECT, CallOptions.DEFAULT), this);
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
            ToTaskManager message = envelope.message();
            if (!fencingToken.equals(envelope.fencingToken())) {
                LOG.warn("Dropped {} from the JobManager at {}: it carries fencing token {}, not {} of the registration",
                        message.getClass().getSimpleName(), address, envelope.fencingToken(), fencingToken);
                return;
            }
            dispatch(message);
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
                return;
            }
            if (id == null) {
                String line = "Cannot register with the JobManager at " + address + ": " + cause + "; trying again in "
                        + seconds(retryDelay);
                LOG.warn("{}", line);
                events.accept(line);
                timer.execute(JobManagerConnection.this::retryLater);
                return;
            }
            String line = "Lost the JobManager at " + address + " (" + cause + "): cancelled the tasks of " + id
                    + " and registering again";
            LOG.warn("{}", line);
            events.accept(line);
            taskManager.disconnectJobManager().whenComplete((v, e) -> timer.execute(JobManagerConnection.this::retryLater));
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
