package dev.runnel.runtime.highavailability.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport.ElectionLog;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport.RecordingContender;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport.RecordingListener;
import dev.runnel.runtime.highavailability.LeaderRetrieval;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two contenders, each with a client of its own, and a follower on a real ensemble of three
 * ZooKeeper servers (curator-test's {@link TestingCluster}, ports from the OS, 100 ms ticks so
 * that a 2 s session is allowed).
 */
class ZooKeeperEnsembleFailoverTest {
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path storageDir;

    private TestingCluster ensemble;
    private List<InstanceSpec> servers;
    private final List<ZooKeeperHighAvailabilityServices> opened = new ArrayList<>();
    private final ElectionLog log = new ElectionLog();
    private final RecordingListener listener = new RecordingListener();
    private ZooKeeperHighAvailabilityServices first;
    private ZooKeeperHighAvailabilityServices second;
    private RecordingContender jm1;
    private RecordingContender jm2;

    @BeforeEach
    void startEnsemble() throws Exception {
        servers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            servers.add(new InstanceSpec(null, -1, -1, -1, true, -1, 100, -1));
        }
        ensemble = new TestingCluster(servers);
        ensemble.start();
    }

    @AfterEach
    void stop() throws Exception {
        try {
            opened.forEach(ZooKeeperHighAvailabilityServices::close);
        } finally {
            ensemble.close();
        }
    }

    /** {@code jm-1} leads (it entered first), {@code jm-2} stands by, the follower knows {@code jm-1}. */
    private void contend(boolean tolerateSuspended) {
        first = open(tolerateSuspended);
        jm1 = new RecordingContender("jm-1", log, first.jobManagerLeaderElection()).start();
        await().atMost(WAIT).until(() -> "jm-1".equals(log.leader()));
        second = open(tolerateSuspended);
        jm2 = new RecordingContender("jm-2", log, second.jobManagerLeaderElection()).start();
        LeaderRetrieval retrieval = second.jobManagerLeaderRetrieval();
        retrieval.start(listener);
        await().atMost(WAIT).until(() -> "jm-1:6123".equals(listener.rpcAddress()));
    }

    private ZooKeeperHighAvailabilityServices open(boolean tolerateSuspended) {
        Configuration config = ZooKeeperHighAvailabilityServicesTest.configuration(ensemble.getConnectString(),
                storageDir);
        config.set(HighAvailabilityOptions.SESSION_TIMEOUT, SESSION_TIMEOUT);
        config.set(HighAvailabilityOptions.TOLERATE_SUSPENDED_CONNECTIONS, tolerateSuspended);
        ZooKeeperHighAvailabilityServices services =
                (ZooKeeperHighAvailabilityServices) HighAvailabilityServicesFactory.create(config);
        opened.add(services);
        return services;
    }

    private void killServerOf(ZooKeeperHighAvailabilityServices services) throws Exception {
        InstanceSpec server = ensemble.findConnectionInstance(services.client().getZookeeperClient().getZooKeeper());
        assertThat(ensemble.killServer(server)).isTrue();
    }

    @Test
    void whenTheLeadersServerDiesItStepsDownAtOnceAndOneContenderLeadsAgainNeverTwo() throws Exception {
        contend(false);
        JobId job = JobId.generate();
        first.jobGraphStore().putJobGraph(job, HighAvailabilityTestSupport.jobGraph("survives"));

        killServerOf(first);

        // Suspended, the leader stepped down; reconnected to another server (its session lives on),
        // it may lead again, or the standby does.
        await().atMost(WAIT).until(() -> log.events().size() >= 3 && log.leader() != null
                && (log.leader() + ":6123").equals(listener.rpcAddress()));
        assertThat(log.events().subList(0, 2)).containsExactly("grant jm-1", "revoke jm-1");
        assertThat(log.overlaps()).isEmpty();
        RecordingContender leader = log.leader().equals("jm-1") ? jm1 : jm2;
        assertThat(listener.leader().sessionId()).isEqualTo(leader.session());
        assertThat(second.jobGraphStore().recoverJobGraph(job).orElseThrow().name()).isEqualTo("survives");
    }

    @Test
    void toleratingSuspendedConnectionsTheLeaderKeepsLeadingWhenItsServerDies() throws Exception {
        contend(true);
        JobId job = JobId.generate();

        killServerOf(first);
        // Once the leader's client is connected again, to another server, it writes; the standby reads.
        first.jobGraphStore().putJobGraph(job, HighAvailabilityTestSupport.jobGraph("after"));
        await().atMost(WAIT).until(() -> second.jobGraphStore().jobIds().contains(job));

        assertThat(log.events()).containsExactly("grant jm-1");
        assertThat(jm1.election().hasLeadership(jm1.session())).isTrue();
        assertThat(listener.rpcAddress()).isEqualTo("jm-1:6123");
    }

    @Test
    void withoutAQuorumNobodyLeadsAndALeaderIsElectedWhenTheServersReturn() throws Exception {
        contend(false);

        ensemble.killServer(servers.get(1));
        ensemble.killServer(servers.get(2));

        await().atMost(WAIT).until(() -> log.leader() == null && "none".equals(listener.rpcAddress()));
        assertThat(jm1.session()).isNull();
        assertThat(jm2.session()).isNull();

        ensemble.restartServer(servers.get(1));
        ensemble.restartServer(servers.get(2));

        await().atMost(WAIT).until(() -> log.leader() != null
                && (log.leader() + ":6123").equals(listener.rpcAddress()));
        assertThat(log.overlaps()).isEmpty();
    }
}
