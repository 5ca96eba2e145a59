package dev.runnel.runtime.highavailability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport.ElectionLog;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport.RecordingContender;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport.RecordingListener;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link HighAvailabilityServices} does, in memory and through ZooKeeper alike. A
 * subclass gives the services of this process and of "another process" of the same cluster
 * (in memory: the same services, as there is no other process).
 */
public abstract class HighAvailabilityServicesContractTest {
    protected static final Duration WAIT = Duration.ofSeconds(20);

    /** The services of this process, closed by the subclass. */
    protected abstract HighAvailabilityServices services();

    /** The services of another process of the same cluster, closed by the subclass. */
    protected abstract HighAvailabilityServices anotherProcess();

    private static CompletedCheckpoint checkpoint(JobId job, long id) {
        return new CompletedCheckpoint(job, id, 1_000 + id, URI.create("file:///ha/" + job + "/chk-" + id + "/_metadata"));
    }

    @Test
    void jobGraphStoreKeepsJobGraphsUntilRemoved() {
        JobGraphStore store = services().jobGraphStore();
        JobId job = JobId.generate();
        JobGraph graph = HighAvailabilityTestSupport.jobGraph("q1");

        store.putJobGraph(job, graph);

        assertThat(store.jobIds()).containsExactly(job);
        JobGraph recovered = store.recoverJobGraph(job).orElseThrow();
        assertThat(recovered.name()).isEqualTo("q1");
        assertThat(recovered.vertices()).extracting(v -> v.name()).containsExactly("Source: in", "Sink: out");
        assertThat(recovered.configuration().toMap()).isEqualTo(graph.configuration().toMap());

        store.removeJobGraph(job);
        assertThat(store.jobIds()).isEmpty();
        assertThat(store.recoverJobGraph(job)).isEmpty();
        store.removeJobGraph(job);
    }

    @Test
    void completedCheckpointStoreKeepsTheRetainedNumberAndHandsBackTheDropped() {
        JobId job = JobId.generate();
        CompletedCheckpointStore store = services().completedCheckpointStore(job, 2);

        assertThat(store.latest()).isEmpty();
        assertThat(store.add(checkpoint(job, 1))).isEmpty();
        assertThat(store.add(checkpoint(job, 2))).isEmpty();
        assertThat(store.add(checkpoint(job, 3))).containsExactly(checkpoint(job, 1));

        assertThat(store.maxRetained()).isEqualTo(2);
        assertThat(store.latest()).contains(checkpoint(job, 3));
        assertThat(store.all()).containsExactly(checkpoint(job, 2), checkpoint(job, 3));
        assertThatThrownBy(() -> store.add(checkpoint(job, 3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not newer");

        assertThat(store.shutdown(JobStatus.CANCELED)).containsExactly(checkpoint(job, 2), checkpoint(job, 3));
        assertThat(store.all()).isEmpty();
    }

    @Test
    void checkpointIdsStartAtOneAndOnlyGrow() {
        CheckpointIdCounter counter = services().checkpointIdCounter(JobId.generate());

        assertThat(counter.getAndIncrement()).isEqualTo(1);
        assertThat(counter.getAndIncrement()).isEqualTo(2);
        assertThat(counter.get()).isEqualTo(3);
        counter.setCount(10);
        counter.setCount(5);
        assertThat(counter.getAndIncrement()).isEqualTo(10);
        assertThat(counter.get()).isEqualTo(11);
        counter.shutdown(JobStatus.FINISHED);
    }

    @Test
    void jobResultStoreRemembersJobsThatEnded() {
        JobResultStore store = services().jobResultStore();
        JobId finished = JobId.generate();
        JobId running = JobId.generate();

        store.put(new JobResultEntry(finished, JobStatus.FINISHED, 42));

        assertThat(store.hasEnded(finished)).isTrue();
        assertThat(store.hasEnded(running)).isFalse();
        assertThat(store.get(finished)).contains(new JobResultEntry(finished, JobStatus.FINISHED, 42));
        assertThat(store.all()).containsExactly(new JobResultEntry(finished, JobStatus.FINISHED, 42));
        assertThatThrownBy(() -> new JobResultEntry(running, JobStatus.RUNNING, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLoneContenderLeadsAndItsAddressIsRetrievedWithItsSessionId() {
        ElectionLog log = new ElectionLog();
        RecordingListener listener = new RecordingListener();
        try (LeaderRetrieval retrieval = anotherProcess().jobManagerLeaderRetrieval()) {
            retrieval.start(listener);
            RecordingContender jm = new RecordingContender("jm-1", log, services().jobManagerLeaderElection()).start();

            await().atMost(WAIT).until(() -> "jm-1:6123".equals(listener.rpcAddress()));
            UUID session = jm.session();
            assertThat(listener.leader()).isEqualTo(jm.information(session));
            assertThat(jm.election().hasLeadership(session)).isTrue();
            assertThat(jm.election().hasLeadership(UUID.randomUUID())).isFalse();

            // A term that is not (or no longer) the contender's publishes nothing.
            jm.election().confirmLeadership(new LeaderInformation(UUID.randomUUID(), "stale:1", ""));

            jm.election().close();
            assertThat(log.events()).containsExactly("grant jm-1", "revoke jm-1");
            await().atMost(WAIT).until(() -> "none".equals(listener.rpcAddress()));
            assertThat(listener.notifications()).doesNotContain("stale:1");
        }
    }

    @Test
    void oneOfTwoContendersLeadsAndTheOtherTakesOverWhenItWithdraws() {
        ElectionLog log = new ElectionLog();
        RecordingListener listener = new RecordingListener();
        try (LeaderRetrieval retrieval = services().jobManagerLeaderRetrieval()) {
            retrieval.start(listener);
            RecordingContender a = new RecordingContender("jm-a", log, services().jobManagerLeaderElection()).start();
            RecordingContender b = new RecordingContender("jm-b", log, anotherProcess().jobManagerLeaderElection())
                    .start();

            await().atMost(WAIT).until(() -> log.leader() != null && listener.leader() != null
                    && listener.rpcAddress().equals(log.leader() + ":6123"));
            RecordingContender leader = log.leader().equals("jm-a") ? a : b;
            RecordingContender standby = leader == a ? b : a;
            assertThat(standby.session()).isNull();

            leader.election().close();

            await().atMost(WAIT).until(() -> standby.name().equals(log.leader())
                    && listener.rpcAddress().equals(standby.name() + ":6123"));
            assertThat(log.events()).containsExactly("grant " + leader.name(), "revoke " + leader.name(),
                    "grant " + standby.name());
            assertThat(log.overlaps()).isEmpty();
            assertThat(listener.leader().sessionId()).isEqualTo(standby.session());
            standby.election().close();
        }
    }

    @Test
    void unknownJobsHaveNothingStored() {
        JobId job = JobId.generate();
        assertThat(services().jobGraphStore().recoverJobGraph(job)).isEmpty();
        assertThat(services().jobResultStore().get(job)).isEmpty();
        assertThat(services().completedCheckpointStore(job, 1).all()).isEmpty();
        assertThat(services().checkpointIdCounter(job).get()).isEqualTo(1);
        assertThat(List.copyOf(services().jobGraphStore().jobIds())).doesNotContain(job);
    }
}
