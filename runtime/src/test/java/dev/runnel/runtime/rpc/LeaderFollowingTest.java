package dev.runnel.runtime.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.highavailability.HighAvailabilityType;
import dev.runnel.runtime.highavailability.LeaderContender;
import dev.runnel.runtime.highavailability.LeaderElection;
import dev.runnel.runtime.highavailability.LeaderInformation;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.sink.CollectSinkOperatorFactory;
import dev.runnel.runtime.rpc.TaskManagerProtocol.FromJobManager;
import dev.runnel.runtime.rpc.TaskManagerProtocol.Register;
import dev.runnel.runtime.rpc.TaskManagerProtocol.Registered;
import dev.runnel.runtime.rpc.TaskManagerProtocol.Reply;
import dev.runnel.runtime.rpc.TaskManagerProtocol.SubmitTask;
import dev.runnel.runtime.rpc.TaskManagerProtocol.ToJobManager;
import dev.runnel.runtime.taskmanager.TaskManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import dev.runnel.runtime.testing.TestSources;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TaskManagers and clients that follow the leading JobManager through ZooKeeper (curator-test's
 * {@link TestingServer}): two JobManagers in this JVM, each on its own RPC port bound once, that
 * lead and stand by as a real election decides.
 */
class LeaderFollowingTest {
    @TempDir
    Path storageDir;

    private TestingServer zooKeeper;
    private Configuration configuration;
    private final List<AutoCloseable> closing = new ArrayList<>();
    private final List<String> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startZooKeeper() throws Exception {
        zooKeeper = new TestingServer();
        configuration = new Configuration();
        configuration.set(HighAvailabilityOptions.TYPE, HighAvailabilityType.ZOOKEEPER);
        configuration.set(HighAvailabilityOptions.ZOOKEEPER_QUORUM, zooKeeper.getConnectString());
        configuration.set(HighAvailabilityOptions.STORAGE_DIR, storageDir.toUri().toString());
        configuration.set(HighAvailabilityOptions.SESSION_TIMEOUT, Duration.ofSeconds(4));
        configuration.set(HighAvailabilityOptions.CONNECTION_TIMEOUT, Duration.ofSeconds(5));
        configuration.set(HighAvailabilityOptions.RETRY_WAIT, Duration.ofMillis(100));
    }

    @AfterEach
    void stop() throws Exception {
        try {
            for (int i = closing.size() - 1; i >= 0; i--) {
                closing.get(i).close();
            }
        } finally {
            zooKeeper.close();
        }
    }

    private <T extends AutoCloseable> T closedAfter(T resource) {
        closing.add(resource);
        return resource;
    }

    private HighAvailabilityServices services() {
        return closedAfter(HighAvailabilityServicesFactory.create(configuration));
    }

    /**
     * A JobManager process as the shell wires one: its port bound once; while it leads, its RPC
     * server serves it with sessions fenced by the term's session id.
     */
    final class JobManagerProcess implements LeaderContender, AutoCloseable {
        final EmbeddedCluster cluster = EmbeddedCluster.startJobManager(configuration);
        final ClusterRpcServer server = ClusterRpcServer.startStandby("127.0.0.1", 0, ClusterCredentials.NONE);
        final LeaderElection election = services().jobManagerLeaderElection();
        volatile TaskManagerSessions sessions;
        volatile UUID session;

        JobManagerProcess start() {
            election.start(this);
            return this;
        }

        String address() {
            return "127.0.0.1:" + server.port();
        }

        @Override
        public void grantLeadership(UUID sessionId) {
            session = sessionId;
            sessions = TaskManagerSessions.of(cluster.jobManager(), configuration, sessionId);
            server.lead(cluster, sessions);
            election.confirmLeadership(new LeaderInformation(sessionId, address(), ""));
        }

        @Override
        public void revokeLeadership() {
            server.standBy();
            sessions.close();
        }

        @Override
        public void close() {
            election.close();
            server.close();
            cluster.close();
        }
    }

    private JobManagerProcess jobManager() {
        return closedAfter(new JobManagerProcess());
    }

    private TaskManager taskManager() {
        return closedAfter(new TaskManager(new TaskManagerId("tm-ha"), 1));
    }

    @Test
    void aStandbyAnswersEveryCallAndRegistrationWithUnavailable() {
        ClusterRpcServer standby = closedAfter(ClusterRpcServer.startStandby("127.0.0.1", 0, ClusterCredentials.NONE));
        String address = "127.0.0.1:" + standby.port();

        assertThatThrownBy(() -> RemoteClusterClient.connect("127.0.0.1", standby.port()))
                .isInstanceOf(ClusterConnectionException.class)
                .hasMessageContaining("The JobManager at " + address + " is a standby, not the leader");

        JobManagerConnection connection = closedAfter(JobManagerConnection.start(taskManager(), "127.0.0.1",
                standby.port(), ClusterCredentials.NONE, configuration, events::add));
        await().until(() -> events.stream().anyMatch(e -> e.startsWith("Cannot register with the JobManager at "
                + address) && e.contains("is a standby, not the leader")));
        assertThat(connection.address()).isEqualTo(address);
    }

    @Test
    void aTaskManagerFollowsTheLeaderFromOneJobManagerToTheNext() {
        JobManagerProcess a = jobManager().start();
        await().until(() -> a.server.isLeading());
        JobManagerProcess b = jobManager().start();
        TaskManager taskManager = taskManager();
        JobManagerConnection connection = closedAfter(JobManagerConnection.start(taskManager,
                services().jobManagerLeaderRetrieval(), ClusterCredentials.NONE, configuration, events::add));

        await().until(() -> a.cluster.registeredTaskManagers().size() == 1);
        assertThat(connection.address()).isEqualTo(a.address());
        assertThat(b.cluster.registeredTaskManagers()).isEmpty();

        a.election.close(); // A steps down: B is elected and publishes itself

        await().until(() -> b.cluster.registeredTaskManagers().size() == 1);
        assertThat(connection.address()).isEqualTo(b.address());
        assertThat(events).anyMatch(e -> e.startsWith("Lost the JobManager at " + a.address()));
        assertThat(events).anyMatch(e -> e.startsWith("Registered with the JobManager at " + b.address()));
        assertThat(connection.rejectedMessages()).isZero();
    }

    /**
     * A fake JobManager on a port from the OS, published as leader of a term of the election:
     * it answers a registration with {@code registeredWith} (null: the term's token), then
     * commands the TaskManager with {@code commandsWith}, recording what the TaskManager sends.
     * What a deposed leader's late message looks like, or a JobManager the retrieval did not announce.
     */
    private record FakeLeader(String address, UUID term, List<ToJobManager> received) {
    }

    private FakeLeader fakeLeader(UUID registeredWith, UUID commandsWith) throws Exception {
        List<UUID> term = new CopyOnWriteArrayList<>();
        List<ToJobManager> received = new CopyOnWriteArrayList<>();
        ServerServiceDefinition fake = ServerServiceDefinition.builder(TaskManagerProtocol.SERVICE)
                .addMethod(TaskManagerProtocol.CONNECT, ServerCalls.asyncBidiStreamingCall(
                        (StreamObserver<FromJobManager> out) -> new StreamObserver<ToJobManager>() {
                            @Override
                            public void onNext(ToJobManager message) {
                                received.add(message);
                                if (message instanceof Register) {
                                    UUID token = registeredWith == null ? term.get(0) : registeredWith;
                                    out.onNext(new FromJobManager(token, new Registered("tm-ha",
                                            Duration.ofSeconds(10), Duration.ofSeconds(50))));
                                    out.onNext(new FromJobManager(commandsWith, new SubmitTask(1, null)));
                                }
                            }

                            @Override
                            public void onError(Throwable t) {
                            }

                            @Override
                            public void onCompleted() {
                            }
                        }))
                .build();
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(fake)
                .build().start();
        closing.add(server::shutdownNow);
        String address = "127.0.0.1:" + server.getPort();
        LeaderElection election = closedAfter(services().jobManagerLeaderElection());
        election.start(new LeaderContender() {
            @Override
            public void grantLeadership(UUID sessionId) {
                term.add(sessionId);
                election.confirmLeadership(new LeaderInformation(sessionId, address, ""));
            }

            @Override
            public void revokeLeadership() {
            }
        });
        await().until(() -> !term.isEmpty());
        return new FakeLeader(address, term.get(0), received);
    }

    private JobManagerConnection followingTaskManager() {
        return closedAfter(JobManagerConnection.start(taskManager(), services().jobManagerLeaderRetrieval(),
                ClusterCredentials.NONE, configuration, events::add));
    }

    @Test
    void commandsWithAFormerTermsTokenAreRejectedAndStartNoTask() throws Exception {
        UUID former = UUID.randomUUID();
        FakeLeader leader = fakeLeader(null, former);
        JobManagerConnection connection = followingTaskManager();

        await().until(() -> connection.rejectedMessages() == 1);
        assertThat(events).anyMatch(e -> e.startsWith("Registered with the JobManager at " + leader.address()));
        assertThat(events).contains("Rejected SubmitTask from the JobManager at " + leader.address()
                + ": fencing token " + former + " is not the current leader's " + leader.term());
        // a SubmitTask taken would have been answered (accepted or failed): none was
        assertThat(leader.received()).noneMatch(Reply.class::isInstance);
    }

    @Test
    void aRegistrationAnsweredWithAnotherTokenThanTheAnnouncedLeadersIsRefused() throws Exception {
        UUID other = UUID.randomUUID();
        FakeLeader leader = fakeLeader(other, other);
        JobManagerConnection connection = followingTaskManager();

        await().until(() -> connection.rejectedMessages() >= 2);
        assertThat(events).contains("Rejected Registered from the JobManager at " + leader.address()
                + ": fencing token " + other + " is not the current leader's " + leader.term());
        assertThat(events).noneMatch(e -> e.startsWith("Registered with"));
        assertThat(leader.received()).noneMatch(Reply.class::isInstance);
    }

    private RemoteClusterClient client(Duration leaderTimeout) {
        return closedAfter(RemoteClusterClient.following(services().jobManagerLeaderRetrieval(),
                ClusterCredentials.NONE, leaderTimeout));
    }

    @Test
    void aClientWaitsForTheNextLeaderAndListsJobsThere() throws Exception {
        JobManagerProcess a = jobManager().start();
        await().until(() -> a.server.isLeading());
        JobManagerProcess b = jobManager().start();
        RemoteClusterClient client = client(Duration.ofSeconds(30));
        assertThat(client.listJobs()).isEmpty();
        assertThat(client.leaderAddress()).isEqualTo(a.address());

        // A stands by before the election says so: the call finds a standby and waits for the next leader
        a.server.standBy();
        CompletableFuture<List<JobInfo>> listed = CompletableFuture.supplyAsync(client::listJobs);
        a.election.close();

        assertThat(listed.get(30, TimeUnit.SECONDS)).isEmpty();
        assertThat(client.leaderAddress()).isEqualTo(b.address());
    }

    @Test
    void aRescaleGoesToTheLeaderWhichAnswersForItself() {
        JobManagerProcess a = jobManager().start();
        await().until(() -> a.server.isLeading());
        RemoteClusterClient client = client(Duration.ofSeconds(30));

        // the leader knows no such job: its own refusal comes back, not a connection failure
        assertThatThrownBy(() -> client.rescaleJob(new JobId("0123456789abcdef0123456789abcdef"), 2)
                .get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isNotInstanceOf(ClusterConnectionException.class);
    }

    @Test
    void fetchingResultsAcrossALeaderChangeFailsClearly() {
        JobManagerProcess a = jobManager().start();
        await().until(() -> a.server.isLeading());
        JobManagerProcess b = jobManager().start();
        closedAfter(JobManagerConnection.start(taskManager(), services().jobManagerLeaderRetrieval(),
                ClusterCredentials.NONE, configuration, events::add));
        await().until(() -> a.cluster.registeredTaskManagers().size() == 1);
        RemoteClusterClient client = client(Duration.ofSeconds(30));
        JobId id = client.submitJob(new JobGraph("endless",
                List.of(new JobVertex(1, "Source", 1, new TestSources.Unbounded(10, 1000), List.of()),
                        new JobVertex(2, "Sink", 1, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())), new Configuration()));
        await().until(() -> !client.fetchResults(id, 100, Duration.ofMillis(200)).rows().isEmpty());

        a.election.close();
        await().until(() -> client.leaderAddress().equals(b.address()));

        assertThatThrownBy(() -> client.fetchResults(id, 100, Duration.ofMillis(200)))
                .isInstanceOf(ClusterConnectionException.class)
                .hasMessage("The JobManager failed over from " + a.address() + " to " + b.address()
                        + " while this query ran; its results cannot be resumed — run it again");
    }

    @Test
    void withoutALeaderACallFailsAfterTheLeaderTimeoutSayingSo() {
        RemoteClusterClient client = client(Duration.ofMillis(300));

        assertThatThrownBy(client::listJobs).isInstanceOf(ClusterConnectionException.class)
                .hasMessageStartingWith("No JobManager leads the cluster: none took over within 300 ms")
                .hasMessageContaining("announced none yet");
        assertThat(client.leaderAddress()).isEmpty();
    }
}
