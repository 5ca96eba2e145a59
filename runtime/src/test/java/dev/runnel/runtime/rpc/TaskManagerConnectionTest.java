package dev.runnel.runtime.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.netty.NettyExchange;
import dev.runnel.runtime.operators.sink.CollectSinkOperatorFactory;
import dev.runnel.runtime.source.values.ValuesSourceFactory;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.taskmanager.TaskManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import dev.runnel.runtime.testing.TestOperators;
import dev.runnel.runtime.testing.TestSources;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A JobManager and a TaskManager that talk over {@link TaskManagerProtocol} on a real gRPC
 * connection (in one JVM here; the shell's cluster tests run them as processes).
 */
class TaskManagerConnectionTest {
    private final Configuration configuration = new Configuration();
    private final List<String> events = new CopyOnWriteArrayList<>();
    private EmbeddedCluster cluster;
    private TaskManagerSessions sessions;
    private ClusterRpcServer server;
    private TaskManager taskManager;
    private JobManagerConnection connection;

    private void start(int port) {
        cluster = EmbeddedCluster.startJobManager(configuration);
        sessions = TaskManagerSessions.of(cluster.jobManager(), configuration);
        server = ClusterRpcServer.start(cluster, Optional.of(sessions), "127.0.0.1", port, ClusterCredentials.NONE);
    }

    private void connectTaskManager(int slots) {
        taskManager = new TaskManager(new TaskManagerId("tm-test"), slots);
        connection = JobManagerConnection.start(taskManager, "127.0.0.1", server.port(), ClusterCredentials.NONE,
                configuration, events::add);
    }

    @AfterEach
    void stop() {
        if (connection != null) {
            connection.close();
        }
        if (taskManager != null) {
            taskManager.close();
        }
        stopJobManager();
    }

    private void stopJobManager() {
        if (cluster != null) {
            cluster.close();
            server.close();
            sessions.close();
            cluster = null;
        }
    }

    private static JobGraph job(int parallelism, long rows) {
        List<Row> values = new ArrayList<>();
        for (long i = 0; i < rows; i++) {
            values.add(Row.of(i));
        }
        return new JobGraph("values",
                List.of(new JobVertex(1, "Source", parallelism, new ValuesSourceFactory(values), List.of()),
                        new JobVertex(2, "Sink", parallelism, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Rebalance())), new Configuration());
    }

    private List<Row> results(JobId id) {
        List<Row> rows = new ArrayList<>();
        ResultChunk chunk;
        do {
            chunk = cluster.fetchResults(id, 1000, Duration.ofSeconds(1));
            rows.addAll(chunk.rows());
        } while (!chunk.endOfResult());
        return rows;
    }

    @Test
    void aJobRunsOnARegisteredTaskManagerAndItsRowsComeBack() {
        start(0);
        connectTaskManager(2);
        await().until(() -> cluster.registeredTaskManagers().size() == 1);
        assertThat(cluster.registeredTaskManagers().get(0).location().path()).contains("pid " + ProcessHandle.current().pid());

        JobId id = cluster.submitJob(job(2, 5000));

        assertThat(results(id)).hasSize(5000);
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.FINISHED);
        assertThat(events).anyMatch(e -> e.startsWith("Registered with the JobManager at 127.0.0.1:" + server.port()));
    }

    /** A job that runs until cancelled: a source that never ends. */
    private static JobGraph endless() {
        return new JobGraph("endless",
                List.of(new JobVertex(1, "Source", 1, new TestSources.Unbounded(10, 1000), List.of()),
                        new JobVertex(2, "Sink", 1, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())), new Configuration());
    }

    @Test
    void aTaskManagerWhoseConnectionClosesIsLostAtOnceAndItsJobFails() {
        start(0);
        connectTaskManager(1);
        await().until(() -> cluster.registeredTaskManagers().size() == 1);
        JobId id = cluster.submitJob(job(1, 1_000_000));
        await().until(() -> cluster.getJob(id).status() == JobStatus.RUNNING);

        connection.close(); // as when its process dies: the stream ends

        await().atMost(Duration.ofSeconds(10)).until(() -> cluster.registeredTaskManagers().isEmpty());
        assertThat(cluster.jobTermination(id).join().failureCause()).contains("TaskManager tm-test").contains("was lost");
    }

    @Test
    void whenTheJobManagerIsLostTheTaskManagerCancelsItsTasksAndRegistersWithTheNextOne() {
        start(0);
        int port = server.port();
        connectTaskManager(1);
        await().until(() -> cluster.registeredTaskManagers().size() == 1);
        JobId id = cluster.submitJob(endless());
        await().until(() -> cluster.getJob(id).status() == JobStatus.RUNNING);

        server.close(); // the JobManager's port goes away with its connections, as when its process dies
        await().atMost(Duration.ofSeconds(10)).until(() -> events.stream().anyMatch(e -> e.startsWith("Lost the JobManager")));
        await().atMost(Duration.ofSeconds(20)).until(() -> taskManager.requestCounters(id).join().isEmpty());
        cluster.close();
        sessions.close();

        start(port);
        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.registeredTaskManagers().size() == 1);
        // the JobManager counts it before the TaskManager has read its answer
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(events).filteredOn(e -> e.startsWith("Registered with the JobManager")).hasSize(2));
        JobId next = cluster.submitJob(job(1, 10));
        assertThat(results(next)).hasSize(10);
    }

    @Test
    void aJobManagerThatCannotBeReachedIsTriedAgainWithAClearError() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        taskManager = new TaskManager(new TaskManagerId("tm-test"), 1);
        connection = JobManagerConnection.start(taskManager, "127.0.0.1", closed, ClusterCredentials.NONE, configuration,
                events::add);

        await().atMost(Duration.ofSeconds(20)).until(() -> events.stream()
                .filter(e -> e.startsWith("Cannot register with the JobManager at 127.0.0.1:" + closed)).count() >= 3);
        assertThat(events.get(0)).contains("Connection refused").contains("trying again in");
    }

    @Test
    void aSilentJobManagerCountsAsLostAfterTheHeartbeatTimeout() {
        configuration.set(RpcOptions.HEARTBEAT_INTERVAL.key(), "100 ms");
        configuration.set(RpcOptions.HEARTBEAT_TIMEOUT.key(), "500 ms");
        // accepts the stream, reads every message and never says a word
        ServerServiceDefinition silent = ServerServiceDefinition.builder(TaskManagerProtocol.SERVICE)
                .addMethod(TaskManagerProtocol.CONNECT, ServerCalls.asyncBidiStreamingCall(
                        out -> new StreamObserver<TaskManagerProtocol.ToJobManager>() {
                            @Override
                            public void onNext(TaskManagerProtocol.ToJobManager value) {
                            }

                            @Override
                            public void onError(Throwable t) {
                            }

                            @Override
                            public void onCompleted() {
                            }
                        }))
                .build();
        Server server = NettyServerBuilder
                .forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(silent).build();
        try {
            server.start();
            taskManager = new TaskManager(new TaskManagerId("tm-test"), 1);
            connection = JobManagerConnection.start(taskManager, "127.0.0.1", server.getPort(), ClusterCredentials.NONE,
                    configuration, events::add);

            await().atMost(Duration.ofSeconds(10)).until(() -> !events.isEmpty());
            assertThat(events.get(0)).startsWith("Cannot register with the JobManager")
                    .contains("no heartbeat for").contains("heartbeat.timeout");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            server.shutdownNow();
        }
    }

    private final List<AutoCloseable> remote = new ArrayList<>();

    /** {@code count} TaskManagers with a slot each and a data port of their own, registered. */
    private List<TaskManager> startTaskManagersWithExchange(int count) {
        List<TaskManager> taskManagers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            LocalChannelRegistry channels = new LocalChannelRegistry();
            NettyExchange exchange = NettyExchange.start(channels, "127.0.0.1", 0, "127.0.0.1", Optional.empty());
            TaskManager tm = new TaskManager(new TaskManagerId("tm-" + (char) ('a' + i)), 1, channels, exchange);
            JobManagerConnection link = JobManagerConnection.start(tm, "127.0.0.1", server.port(), ClusterCredentials.NONE,
                    configuration, events::add);
            // closed in reverse: the connection, then the TaskManager, then its data port
            remote.add(exchange);
            remote.add(tm);
            remote.add(link);
            taskManagers.add(tm);
            await().until(() -> cluster.registeredTaskManagers().size() == taskManagers.size());
        }
        return taskManagers;
    }

    @AfterEach
    void stopRemote() throws Exception {
        for (int i = remote.size() - 1; i >= 0; i--) {
            remote.get(i).close();
        }
    }

    /** Source and sink at parallelism 2 behind REBALANCE: each source subtask sends to both sinks, one on the other TaskManager. */
    private static JobGraph acrossTaskManagers(SourceFactory source, OperatorFactory sink) {
        return new JobGraph("across",
                List.of(new JobVertex(1, "Source", 2, source, List.of()), new JobVertex(2, "Sink", 2, null, List.of(sink))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Rebalance())), new Configuration());
    }

    @Test
    void subtasksOnTwoTaskManagersExchangeRowsOverTheNetwork() {
        start(0);
        startTaskManagersWithExchange(2);

        JobId id = cluster.submitJob(acrossTaskManagers(new TestSources.Sequence(200_000, 100),
                new CollectSinkOperatorFactory()));

        List<Row> rows = results(id);
        assertThat(rows).hasSize(200_000);
        assertThat(rows.stream().map(r -> (Long) r.getField(0)).distinct().count()).isEqualTo(200_000);
        JobInfo end = cluster.jobTermination(id).join();
        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(end.history().failures()).isEmpty();
    }

    @Test
    void aSlowSinkOnAnotherTaskManagerHoldsTheSourceBackAndNoChannelGrowsPastItsCapacity() {
        start(0);
        List<TaskManager> taskManagers = startTaskManagersWithExchange(2);

        JobId id = cluster.submitJob(acrossTaskManagers(new TestSources.Unbounded(100),
                new TestOperators.SlowSink(20_000)));
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id).recordsOut() >= 50_000);

        JobInfo job = cluster.getJob(id);
        int capacity = new Configuration().get(RuntimeOptions.BUFFERS_PER_CHANNEL);
        int batch = new Configuration().get(RuntimeOptions.BATCH_SIZE);
        // 4 channels, each holding at most its capacity at the producer, as much at the consumer, and
        // a batch in each hand: far less than the millions an unchecked source would have sent by now
        long bound = 4L * (2L * capacity + 2) * batch;
        assertThat(job.recordsIn() - job.recordsOut()).as("rows sent but not yet sunk").isLessThan(bound);
        for (TaskManager tm : taskManagers) {
            assertThat(tm.channels().channelsOf(id)).allMatch(c -> c.maxDepth() <= c.capacity());
        }
        cluster.cancelJob(id);
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.CANCELED);
    }
}
