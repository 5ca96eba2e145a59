package dev.runnel.runtime.highavailability.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport.ElectionLog;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport.RecordingContender;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport.RecordingListener;
import dev.runnel.runtime.highavailability.LeaderRetrieval;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.curator.test.KillSession;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JobManagers (each with a client of its own) contend on a real ZooKeeper; a third client
 * follows the leader. The ZooKeeper session timeout is long (20 s), so that a hand-over that
 * comes well before it did not wait for the session to time out.
 */
class ZooKeeperLeaderElectionTest {
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(20);
    /** Well under the session timeout: a hand-over "at once". */
    private static final Duration AT_ONCE = Duration.ofSeconds(5);

    @TempDir
    Path storageDir;

    private TestingServer zooKeeper;
    private final List<ZooKeeperHighAvailabilityServices> opened = new ArrayList<>();
    private final ElectionLog log = new ElectionLog();
    private final RecordingListener listener = new RecordingListener();
    private LeaderRetrieval retrieval;
    private RecordingContender leader;
    private RecordingContender standby;

    @BeforeEach
    void twoContenders() throws Exception {
        zooKeeper = new TestingServer();
        retrieval = open().jobManagerLeaderRetrieval();
        retrieval.start(listener);
        ZooKeeperHighAvailabilityServices a = open();
        ZooKeeperHighAvailabilityServices b = open();
        RecordingContender jmA = new RecordingContender("jm-a", log, a.jobManagerLeaderElection()).start();
        RecordingContender jmB = new RecordingContender("jm-b", log, b.jobManagerLeaderElection()).start();
        await().atMost(AT_ONCE).until(() -> log.leader() != null
                && (log.leader() + ":6123").equals(listener.rpcAddress()));
        leader = log.leader().equals("jm-a") ? jmA : jmB;
        standby = leader == jmA ? jmB : jmA;
        assertThat(standby.session()).isNull();
    }

    @AfterEach
    void close() throws Exception {
        try {
            opened.forEach(ZooKeeperHighAvailabilityServices::close);
        } finally {
            zooKeeper.close();
        }
    }

    private ZooKeeperHighAvailabilityServices open() {
        Configuration config = ZooKeeperHighAvailabilityServicesTest.configuration(zooKeeper.getConnectString(),
                storageDir);
        config.set(HighAvailabilityOptions.SESSION_TIMEOUT, SESSION_TIMEOUT);
        ZooKeeperHighAvailabilityServices services =
                (ZooKeeperHighAvailabilityServices) HighAvailabilityServicesFactory.create(config);
        opened.add(services);
        return services;
    }

    private ZooKeeperHighAvailabilityServices servicesOf(RecordingContender contender) {
        return opened.get(contender.name().equals("jm-a") ? 1 : 2);
    }

    private void awaitStandbyLeads(Duration within) {
        await().atMost(within).until(() -> standby.name().equals(log.leader())
                && (standby.name() + ":6123").equals(listener.rpcAddress()));
        assertThat(listener.leader().sessionId()).isEqualTo(standby.session());
    }

    @Test
    void whenTheLeadersSessionExpiresTheStandbyTakesOverAtOnceAfterTheLeaderWasRevoked() throws Exception {
        UUID oldTerm = leader.session();

        KillSession.kill(servicesOf(leader).client().getZookeeperClient().getZooKeeper());

        awaitStandbyLeads(AT_ONCE);
        assertThat(log.events().subList(0, 3)).containsExactly("grant " + leader.name(), "revoke " + leader.name(),
                "grant " + standby.name());
        assertThat(log.overlaps()).isEmpty();
        // The address node is the new leader's, in its session: it goes when that session goes.
        Stat stat = servicesOf(standby).client().checkExists().forPath(ZooKeeperHighAvailabilityServices.LEADER_CONNECTION_INFO);
        assertThat(stat.getEphemeralOwner())
                .isEqualTo(servicesOf(standby).client().getZookeeperClient().getZooKeeper().getSessionId());

        // The former leader's term has ended: what it publishes now is dropped.
        assertThat(leader.election().hasLeadership(oldTerm)).isFalse();
        leader.election().confirmLeadership(leader.information(oldTerm));
        assertThat(listener.rpcAddress()).isEqualTo(standby.name() + ":6123");
    }

    @Test
    void theContendersAreListedByTheirAddressesTheLeaderFirst() {
        ZooKeeperHighAvailabilityServices observer = opened.get(0);
        assertThat(observer.jobManagerContenders())
                .containsExactly(leader.contenderId(), standby.contenderId());
        // a standby that leaves the election is no longer listed
        standby.election().close();
        await().atMost(AT_ONCE).until(() -> observer.jobManagerContenders().equals(List.of(leader.contenderId())));
    }

    @Test
    void whenTheLeadersClientClosesTheStandbyTakesOverWithinTheSessionTimeout() {
        servicesOf(leader).close();

        awaitStandbyLeads(SESSION_TIMEOUT);
        assertThat(log.events()).containsExactly("grant " + leader.name(), "revoke " + leader.name(),
                "grant " + standby.name());
        assertThat(log.overlaps()).isEmpty();
    }

    @Test
    void retrievalListenersFollowEveryChangeOfLeader() {
        servicesOf(leader).close();
        awaitStandbyLeads(SESSION_TIMEOUT);
        RecordingListener late = new RecordingListener();
        try (LeaderRetrieval another = open().jobManagerLeaderRetrieval()) {
            another.start(late);
            await().atMost(AT_ONCE).until(() -> (standby.name() + ":6123").equals(late.rpcAddress()));

            standby.election().close();

            await().atMost(AT_ONCE).until(() -> "none".equals(late.rpcAddress()) && "none".equals(listener.rpcAddress()));
        }
        assertThat(listener.notifications()).containsSubsequence(leader.name() + ":6123", standby.name() + ":6123",
                "none");
    }
}
