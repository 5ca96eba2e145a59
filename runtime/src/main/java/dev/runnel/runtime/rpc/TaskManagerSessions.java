package dev.runnel.runtime.rpc;

import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.MemoryUsage;
import dev.runnel.runtime.cluster.OwnedThreads;
import dev.runnel.runtime.cluster.TaskManagerLocation;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobmanager.JobManager;
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
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.TaskCounters;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JobManager's end of {@link TaskManagerProtocol}: every TaskManager process that connects
 * becomes a {@link TaskExecutorGateway} in the JobManager's slot pool for as long as its stream
 * lives, and its messages become calls of {@link dev.runnel.runtime.jobmanager.JobManagerGateway}.
 * When the stream breaks, or the TaskManager is silent for {@code heartbeat.timeout}, the
 * JobManager learns that it was lost ({@link JobManager#taskManagerLost}): its slots leave the
 * pool and its subtasks fail over.
 */
public final class TaskManagerSessions implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TaskManagerSessions.class);

    private final JobManager jobManager;
    private final Duration heartbeatInterval;
    private final Duration heartbeatTimeout;
    /** On every message to a TaskManager: the leader's session id, or a new one each time a JobManager starts. */
    private final UUID fencingToken;
    private final OwnedThreads threads = new OwnedThreads("runnel-heartbeats");
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(threads);
    // Guarded by this: every id handed out, so that a TaskManager that registers again gets a new one.
    private final Set<String> ids = new HashSet<>();
    private final Set<Session> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private TaskManagerSessions(JobManager jobManager, Duration heartbeatInterval, Duration heartbeatTimeout,
                                UUID fencingToken) {
        this.jobManager = jobManager;
        this.fencingToken = Objects.requireNonNull(fencingToken, "fencingToken");
        this.heartbeatInterval = heartbeatInterval;
        this.heartbeatTimeout = heartbeatTimeout;
    }

    /** TaskManager connections for {@code jobManager}, with the heartbeat options of {@code configuration}. */
    public static TaskManagerSessions of(JobManager jobManager, Configuration configuration) {
        return of(jobManager, configuration, UUID.randomUUID());
    }

    /**
     * TaskManager connections for {@code jobManager} in one term of leadership: every message to
     * a TaskManager carries {@code fencingToken}, the leader's session id, which the TaskManager
     * checks against the leader it retrieved.
     */
    public static TaskManagerSessions of(JobManager jobManager, Configuration configuration, UUID fencingToken) {
        return new TaskManagerSessions(jobManager, configuration.get(RpcOptions.HEARTBEAT_INTERVAL),
                RpcOptions.heartbeatTimeout(configuration), fencingToken);
    }

    /** The token on every message to a TaskManager. */
    public UUID fencingToken() {
        return fencingToken;
    }

    ServerServiceDefinition service() {
        return ServerServiceDefinition.builder(TaskManagerProtocol.SERVICE)
                .addMethod(TaskManagerProtocol.CONNECT, ServerCalls.asyncBidiStreamingCall(this::connect))
                .build();
    }

    /** A new TaskManager stream; one that arrives after {@link #close()} is ended at once. */
    StreamObserver<ToJobManager> connect(StreamObserver<FromJobManager> out) {
        Session session = new Session(out);
        open.add(session);
        if (closed) {
            session.connection.lose("this JobManager's term as leader ended");
        }
        return session;
    }

    private synchronized String uniqueId(String name) {
        String id = name;
        for (int n = 2; !ids.add(id); n++) {
            id = name + "-" + n;
        }
        return id;
    }

    /**
     * Ends every TaskManager stream at once (each TaskManager notices immediately, and registers
     * again with whoever leads) and stops the heartbeats.
     */
    @Override
    public void close() {
        closed = true;
        for (Session session : List.copyOf(open)) {
            session.connection.lose("this JobManager's term as leader ended");
        }
        timer.shutdownNow();
    }

    /** One TaskManager's registration: its stream, and its gateway in the slot pool. */
    private final class Session implements TaskExecutorGateway, StreamObserver<ToJobManager> {
        private final StreamConnection<FromJobManager> connection;
        private volatile TaskManagerId id;
        private volatile Register registration;
        private volatile String describe = "A TaskManager that did not register yet";
        private volatile MemoryUsage memory; // as of its last heartbeat

        Session(StreamObserver<FromJobManager> out) {
            this.connection = new StreamConnection<>(out, TaskManagerProtocol.FROM_JOB_MANAGER, timer,
                    () -> fenced(new Heartbeat(null)), this::lost);
            // a peer that connects and never registers is dropped after the timeout too
            connection.heartbeats(heartbeatInterval, heartbeatTimeout);
        }

        private FromJobManager fenced(ToTaskManager message) {
            return new FromJobManager(fencingToken, message);
        }

        private void send(ToTaskManager message) {
            connection.send(fenced(message));
        }

        @Override
        public void onNext(ToJobManager message) {
            connection.heard();
            if (message instanceof Heartbeat heartbeat && heartbeat.memory() != null) {
                memory = heartbeat.memory();
            }
            if (message instanceof Register register) {
                register(register);
            } else if (id == null) {
                if (!(message instanceof Heartbeat)) {
                    connection.lose("it sent " + message.getClass().getSimpleName() + " before registering");
                }
            } else if (message instanceof TaskState m) {
                jobManager.updateTaskExecutionState(m.state());
            } else if (message instanceof Results m) {
                connection.reply(m.callId(), jobManager.offerResults(m.attemptId(), m.rows(), m.firstOffset()),
                        this::fenced);
            } else if (message instanceof AcknowledgeCheckpoint m) {
                jobManager.acknowledgeCheckpoint(m.attemptId(), m.checkpointId(), m.state());
            } else if (message instanceof DeclineCheckpoint m) {
                jobManager.declineCheckpoint(m.attemptId(), m.checkpointId(), m.reason());
            } else if (message instanceof ToEnumerator m) {
                jobManager.sendSourceEvent(m.attemptId(), m.event());
            } else if (message instanceof Reply m) {
                connection.replied(m);
            }
        }

        private void register(Register register) {
            if (id != null) {
                connection.lose("it registered twice on one connection");
                return;
            }
            TaskManagerId taskManager = new TaskManagerId(uniqueId(register.name()));
            describe = "TaskManager " + taskManager + " (pid " + register.pid() + " on " + register.host() + ")";
            registration = register;
            id = taskManager;
            jobManager.registerTaskManager(this, register.slots()).whenComplete((ok, failure) -> {
                if (failure != null) {
                    connection.lose("the JobManager refused its registration: " + failure.getMessage());
                    return;
                }
                LOG.info("{} registered with {} slots", describe, register.slots());
                send(new Registered(taskManager.value(), heartbeatInterval, heartbeatTimeout));
            });
        }

        @Override
        public void onError(Throwable t) {
            connection.lose("its connection broke (" + RemoteClusterClient.detail(t) + ")");
        }

        @Override
        public void onCompleted() {
            connection.lose("it disconnected");
        }

        private void lost(String cause) {
            open.remove(this);
            String message = describe + " was lost: " + cause;
            if (id == null) {
                LOG.info("{}", message);
                return;
            }
            LOG.warn("{}", message);
            jobManager.taskManagerLost(id, message);
        }

        // ---- TaskExecutorGateway

        @Override
        public TaskManagerId taskManagerId() {
            return id;
        }

        @Override
        public String dataAddress() {
            return registration.dataAddress();
        }

        @Override
        public TaskManagerLocation location() {
            Register r = registration;
            String data = r.dataAddress();
            return new TaskManagerLocation("pid " + r.pid() + " on " + r.host(), connection.lastHeardMillis(),
                    r.cpuCores(), r.heapBytes(), data == null ? -1
                    : Integer.parseInt(data.substring(data.lastIndexOf(':') + 1)), memory);
        }

        @Override
        public CompletableFuture<Void> submitTask(TaskDeploymentDescriptor deployment) {
            return connection.call(callId -> fenced(new SubmitTask(callId, deployment))).thenApply(v -> null);
        }

        @Override
        public void cancelTask(ExecutionAttemptId attemptId) {
            send(new CancelTask(attemptId));
        }

        @Override
        public void releaseJob(JobId jobId) {
            send(new ReleaseJob(jobId));
        }

        @Override
        public void releaseChannels(JobId jobId, int generation) {
            send(new ReleaseChannels(jobId, generation));
        }

        @Override
        public void triggerCheckpoint(ExecutionAttemptId attemptId, CheckpointBarrier barrier, StopMode stop) {
            send(new TriggerCheckpoint(attemptId, barrier, stop));
        }

        @Override
        public void sendSourceEvent(ExecutionAttemptId attemptId, SourceEvent event) {
            send(new ToReader(attemptId, event));
        }

        @Override
        public void notifyCheckpointComplete(JobId jobId, long checkpointId) {
            send(new CheckpointComplete(jobId, checkpointId));
        }

        @Override
        public void notifyCheckpointAborted(JobId jobId, long checkpointId) {
            send(new CheckpointAborted(jobId, checkpointId));
        }

        @Override
        public void failTask(ExecutionAttemptId attemptId, RuntimeException failure) {
            send(new FailTask(attemptId, failure));
        }

        @Override
        @SuppressWarnings("unchecked")
        public CompletableFuture<Map<ExecutionAttemptId, TaskCounters>> requestCounters(JobId jobId) {
            // a lost TaskManager has no counters to add: the job's view goes on without them
            return connection.call(callId -> fenced(new RequestCounters(callId, jobId)))
                    .handle((counters, failure) -> failure == null
                            ? (Map<ExecutionAttemptId, TaskCounters>) counters : Map.of());
        }
    }
}
