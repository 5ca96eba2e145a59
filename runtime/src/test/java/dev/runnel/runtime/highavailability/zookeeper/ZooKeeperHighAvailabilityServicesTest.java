package dev.runnel.runtime.highavailability.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.FileSystems;
import dev.runnel.runtime.highavailability.CheckpointIdCounter;
import dev.runnel.runtime.highavailability.CompletedCheckpoint;
import dev.runnel.runtime.highavailability.CompletedCheckpointStore;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesContractTest;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.highavailability.HighAvailabilityTestSupport;
import dev.runnel.runtime.highavailability.HighAvailabilityType;
import dev.runnel.runtime.highavailability.JobResultEntry;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract on a real ZooKeeper (curator-test's {@link TestingServer}, on a port from the
 * OS), and what only storage outside the process gives: another client, or a new one after the
 * first closed, reads what the first wrote.
 */
class ZooKeeperHighAvailabilityServicesTest extends HighAvailabilityServicesContractTest {
    @TempDir
    Path storageDir;

    private TestingServer zooKeeper;
    private final List<HighAvailabilityServices> opened = new ArrayList<>();
    private HighAvailabilityServices services;
    private HighAvailabilityServices anotherProcess;

    /** A cluster's HA settings on {@code quorum} with quick timeouts. */
    static Configuration configuration(String quorum, Path storageDir) {
        Configuration config = new Configuration();
        config.set(HighAvailabilityOptions.TYPE, HighAvailabilityType.ZOOKEEPER);
        config.set(HighAvailabilityOptions.ZOOKEEPER_QUORUM, quorum);
        config.set(HighAvailabilityOptions.STORAGE_DIR, storageDir.toUri().toString());
        config.set(HighAvailabilityOptions.SESSION_TIMEOUT, Duration.ofSeconds(4));
        config.set(HighAvailabilityOptions.CONNECTION_TIMEOUT, Duration.ofSeconds(5));
        config.set(HighAvailabilityOptions.RETRY_WAIT, Duration.ofMillis(100));
        return config;
    }

    @BeforeEach
    void startZooKeeper() throws Exception {
        zooKeeper = new TestingServer();
        services = open();
        anotherProcess = open();
    }

    @AfterEach
    void stopZooKeeper() throws Exception {
        try {
            opened.forEach(HighAvailabilityServices::close);
        } finally {
            zooKeeper.close();
        }
    }

    private HighAvailabilityServices open() {
        HighAvailabilityServices s = HighAvailabilityServicesFactory.create(
                configuration(zooKeeper.getConnectString(), storageDir));
        opened.add(s);
        return s;
    }

    @Override
    protected HighAvailabilityServices services() {
        return services;
    }

    @Override
    protected HighAvailabilityServices anotherProcess() {
        return anotherProcess;
    }

    private static CompletedCheckpoint checkpoint(JobId job, long id) {
        return new CompletedCheckpoint(job, id, id, URI.create("file:///ha/chk-" + id + "/_metadata"));
    }

    @Test
    void aJobGraphWrittenThroughOneClientIsReadThroughAnother() throws Exception {
        JobId job = JobId.generate();
        services.jobGraphStore().putJobGraph(job, HighAvailabilityTestSupport.jobGraph("q7"));
        services.close();

        HighAvailabilityServices next = open();
        assertThat(next.jobGraphStore().jobIds()).containsExactly(job);
        assertThat(next.jobGraphStore().recoverJobGraph(job).orElseThrow().name()).isEqualTo("q7");
    }

    @Test
    void removingAJobGraphDeletesItsFileAndItsNode() throws Exception {
        JobId job = JobId.generate();
        ZooKeeperHighAvailabilityServices zk = (ZooKeeperHighAvailabilityServices) services;
        URI directory = zk.clusterStorage().resolve("jobgraphs/");
        zk.jobGraphStore().putJobGraph(job, HighAvailabilityTestSupport.jobGraph("a"));
        zk.jobGraphStore().putJobGraph(job, HighAvailabilityTestSupport.jobGraph("b"));
        assertThat(FileSystems.local().list(directory)).hasSize(1);
        assertThat(anotherProcess.jobGraphStore().recoverJobGraph(job).orElseThrow().name()).isEqualTo("b");

        anotherProcess.jobGraphStore().removeJobGraph(job);

        assertThat(FileSystems.local().list(directory)).isEmpty();
        assertThat(zk.client().checkExists().forPath("/jobgraphs/" + job)).isNull();
        assertThat(services.jobGraphStore().jobIds()).isEmpty();
    }

    @Test
    void aNewLeadersCheckpointStoreHoldsTheRetainedCheckpointsAndTheLatest() {
        JobId job = JobId.generate();
        CompletedCheckpointStore first = services.completedCheckpointStore(job, 2);
        for (long id = 1; id <= 4; id++) {
            first.add(checkpoint(job, id));
        }

        CompletedCheckpointStore recovered = anotherProcess.completedCheckpointStore(job, 2);
        assertThat(recovered.latest()).contains(checkpoint(job, 4));
        assertThat(recovered.all()).containsExactly(checkpoint(job, 3), checkpoint(job, 4));

        // A leader that retains fewer drops the surplus with its first checkpoint.
        CompletedCheckpointStore fewer = open().completedCheckpointStore(job, 1);
        assertThat(fewer.all()).containsExactly(checkpoint(job, 4));
        assertThat(fewer.add(checkpoint(job, 5))).containsExactly(checkpoint(job, 3), checkpoint(job, 4));
        assertThat(services.completedCheckpointStore(job, 5).all()).containsExactly(checkpoint(job, 5));
    }

    @Test
    void aSubsumedPointerThatCannotBeDroppedKeepsItsCheckpointUntilALaterAdd() throws Exception {
        JobId job = JobId.generate();
        ZooKeeperHighAvailabilityServices zk = (ZooKeeperHighAvailabilityServices) services;
        CompletedCheckpointStore store = zk.completedCheckpointStore(job, 1);
        store.add(checkpoint(job, 1));
        // A node below the pointer makes its delete fail, as a lost connection would.
        String pointer = "/jobs/" + job.value() + "/checkpoints/" + String.format("%019d", 1);
        zk.client().create().forPath(pointer + "/block");

        // Checkpoint 2 is stored: the add does not fail, and 1's files are not handed back for deletion.
        assertThat(store.add(checkpoint(job, 2))).isEmpty();
        assertThat(store.latest()).contains(checkpoint(job, 2));
        assertThat(anotherProcess.completedCheckpointStore(job, 5).latest()).contains(checkpoint(job, 2));

        zk.client().delete().forPath(pointer + "/block");
        assertThat(store.add(checkpoint(job, 3))).containsExactly(checkpoint(job, 1), checkpoint(job, 2));
        assertThat(anotherProcess.completedCheckpointStore(job, 5).all()).containsExactly(checkpoint(job, 3));
    }

    @Test
    void aJobThatDidNotEndKeepsItsCheckpointsAndCounterForTheNextLeader() {
        JobId job = JobId.generate();
        CompletedCheckpointStore store = services.completedCheckpointStore(job, 1);
        store.add(checkpoint(job, 1));
        CheckpointIdCounter counter = services.checkpointIdCounter(job);
        counter.setCount(8);

        assertThat(store.shutdown(JobStatus.RUNNING)).isEmpty();
        counter.shutdown(JobStatus.RUNNING);
        assertThat(anotherProcess.completedCheckpointStore(job, 1).latest()).contains(checkpoint(job, 1));
        assertThat(anotherProcess.checkpointIdCounter(job).get()).isEqualTo(8);

        assertThat(store.shutdown(JobStatus.FAILED)).containsExactly(checkpoint(job, 1));
        counter.shutdown(JobStatus.FAILED);
        assertThat(anotherProcess.completedCheckpointStore(job, 1).latest()).isEmpty();
        assertThat(anotherProcess.checkpointIdCounter(job).get()).isEqualTo(1);
    }

    @Test
    void checkpointIdsStrictlyIncreaseAcrossTwoClients() {
        JobId job = JobId.generate();
        CheckpointIdCounter one = services.checkpointIdCounter(job);
        CheckpointIdCounter two = anotherProcess.checkpointIdCounter(job);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ids.add((i % 3 == 0 ? two : one).getAndIncrement());
        }
        assertThat(ids).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);

        // A leader that restores a savepoint moves the counter up, never down.
        two.setCount(100);
        one.setCount(50);
        assertThat(one.getAndIncrement()).isEqualTo(100);
        assertThat(two.getAndIncrement()).isEqualTo(101);
    }

    @Test
    void jobResultsAreFilesThatANewClientReads() {
        JobId job = JobId.generate();
        services.jobResultStore().put(new JobResultEntry(job, JobStatus.CANCELED, 7));
        services.close();

        assertThat(open().jobResultStore().get(job)).contains(new JobResultEntry(job, JobStatus.CANCELED, 7));
    }

    @Test
    void cleaningUpDeletesTheClustersNodesAndFiles() throws Exception {
        JobId job = JobId.generate();
        services.jobGraphStore().putJobGraph(job, HighAvailabilityTestSupport.jobGraph("gone"));
        services.completedCheckpointStore(job, 1).add(checkpoint(job, 1));
        URI clusterStorage = ((ZooKeeperHighAvailabilityServices) services).clusterStorage();

        services.closeAndCleanupAllData();

        assertThat(FileSystems.local().exists(clusterStorage)).isFalse();
        HighAvailabilityServices next = open();
        assertThat(next.jobGraphStore().jobIds()).isEmpty();
        assertThat(next.completedCheckpointStore(job, 1).all()).isEmpty();
    }
}
