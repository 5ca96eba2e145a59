package dev.runnel.runtime.jobmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.checkpoint.CheckpointTestJobs;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.highavailability.HighAvailabilityType;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.taskmanager.TaskManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JobManager loses its leadership and a second one, on the same ZooKeeper and HA storage,
 * recovers its jobs: the running one resumes from its latest checkpoint under the same id and
 * commits every result exactly once; one that ended is not run again.
 */
class JobManagerFailoverTest {
    private static final long ROWS = 100_000;
    private static final int KEYS = 23;

    @TempDir
    Path dir;

    private TestingServer zooKeeper;
    private final List<AutoCloseable> opened = new ArrayList<>();
    private final List<TaskManager> taskManagers = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        zooKeeper = new TestingServer();
    }

    @AfterEach
    void stop() throws Exception {
        try {
            taskManagers.forEach(TaskManager::close);
            for (int i = opened.size() - 1; i >= 0; i--) {
                opened.get(i).close();
            }
        } finally {
            zooKeeper.close();
        }
    }

    private HighAvailabilityServices haServices() {
        Configuration config = new Configuration();
        config.set(HighAvailabilityOptions.TYPE, HighAvailabilityType.ZOOKEEPER);
        config.set(HighAvailabilityOptions.ZOOKEEPER_QUORUM, zooKeeper.getConnectString());
        config.set(HighAvailabilityOptions.STORAGE_DIR, dir.resolve("ha").toUri().toString());
        config.set(HighAvailabilityOptions.SESSION_TIMEOUT, Duration.ofSeconds(4));
        config.set(HighAvailabilityOptions.RETRY_WAIT, Duration.ofMillis(100));
        HighAvailabilityServices ha = HighAvailabilityServicesFactory.create(config);
        opened.add(ha);
        return ha;
    }

    /** A JobManager on {@code ha} with a TaskManager of its own registered. */
    private EmbeddedCluster jobManager(HighAvailabilityServices ha) throws Exception {
        TaskManager taskManager = new TaskManager(new TaskManagerId("tm-" + (taskManagers.size() + 1)), 2,
                new LocalChannelRegistry());
        taskManagers.add(taskManager);
        return jobManager(ha, taskManager);
    }

    /** A JobManager on {@code ha} with {@code taskManager} registered (it may have served a former leader). */
    private EmbeddedCluster jobManager(HighAvailabilityServices ha, TaskManager taskManager) throws Exception {
        EmbeddedCluster cluster = EmbeddedCluster.startJobManager(new Configuration(), ha);
        opened.add(cluster);
        taskManager.registerAt(cluster.jobManager()).get(30, TimeUnit.SECONDS);
        return cluster;
    }

    private Configuration checkpointing() {
        Configuration config = new Configuration();
        config.set("execution.checkpointing.interval", "200ms");
        config.set("state.checkpoints.dir", dir.resolve("checkpoints").toUri().toString());
        return config;
    }

    /** The latest JobManager loses its leadership: suspended, its TaskManager cut off (which cancels the tasks). */
    private void loseLeadership(EmbeddedCluster cluster) throws Exception {
        cluster.suspend().get(30, TimeUnit.SECONDS);
        taskManagers.get(taskManagers.size() - 1).disconnectJobManager().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aNewLeaderResumesARunningJobFromItsLatestCheckpointAndCommitsEveryResultOnce() throws Exception {
        EmbeddedCluster first = jobManager(haServices());
        String run = "failover-" + System.nanoTime();
        JobId id = first.submitJob(CheckpointTestJobs.countJob(run, 2, ROWS, KEYS, 200, 20, checkpointing()));
        await().atMost(Duration.ofSeconds(60)).until(() -> first.getJob(id).checkpoints().completed() >= 2);

        loseLeadership(first);
        JobInfo suspended = first.getJob(id);
        assertThat(suspended.status()).isEqualTo(JobStatus.SUSPENDED);
        long latest = suspended.checkpoints().latestCompletedId();
        first.close();
        assertThat(CheckpointTestJobs.committed(run)).as("not all committed before the failover")
                .isNotEqualTo(CheckpointTestJobs.expectedCounts(ROWS, KEYS));

        // the TaskManager that ran the job under the former leader runs it again under the new one
        EmbeddedCluster second = jobManager(haServices(), taskManagers.get(0));
        assertThat(second.recoverJobs().get(30, TimeUnit.SECONDS)).containsExactly(id);
        assertThat(second.listJobs()).extracting(JobInfo::id).containsExactly(id);
        JobInfo end = second.jobTermination(id).get(120, TimeUnit.SECONDS);

        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        // numbered above every attempt of the former leader, whose channels the TaskManager released
        assertThat(end.vertices()).flatExtracting(v -> v.subtasks()).allMatch(t -> t.attempt()
                >= ExecutionGraph.ATTEMPTS_PER_LEADER);
        assertThat(end.checkpoints().restores().count()).isEqualTo(1);
        assertThat(end.checkpoints().restores().latestId()).isEqualTo(latest);
        assertThat(end.checkpoints().restores().latestSavepoint()).isFalse();
        // Ids go on from the former leader's: none is handed out twice.
        assertThat(end.checkpoints().completed()).isPositive();
        assertThat(end.checkpoints().latestCompletedId()).isGreaterThan(latest);
        assertThat(CheckpointTestJobs.committed(run)).isEqualTo(CheckpointTestJobs.expectedCounts(ROWS, KEYS));
    }

    @Test
    void aJobThatEndedIsNotRecoveredAndWhatItsLeaderLeftIsCleanedUp() throws Exception {
        HighAvailabilityServices ha = haServices();
        EmbeddedCluster first = jobManager(ha);
        String run = "ended-" + System.nanoTime();
        JobGraph graph = CheckpointTestJobs.countJob(run, 2, 2_000, KEYS, 200, 0, checkpointing());
        JobId id = first.submitJob(graph);
        assertThat(first.jobTermination(id).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.FINISHED);
        assertThat(ha.jobGraphStore().jobIds()).isEmpty();
        assertThat(ha.jobResultStore().hasEnded(id)).isTrue();
        // As if the leader died after it recorded the result but before it removed the graph.
        ha.jobGraphStore().putJobGraph(id, graph);
        loseLeadership(first);
        first.close();

        HighAvailabilityServices next = haServices();
        EmbeddedCluster second = jobManager(next);
        assertThat(second.recoverJobs().get(30, TimeUnit.SECONDS)).isEmpty();
        assertThat(second.listJobs()).isEmpty();
        assertThat(next.jobGraphStore().jobIds()).isEmpty();
    }

    @Test
    void aJobRescaledByHandRunsAtItsNewParallelismUnderTheNextLeader() throws Exception {
        EmbeddedCluster first = jobManager(haServices());
        String run = "rescaled-failover-" + System.nanoTime();
        JobGraph planned = CheckpointTestJobs.countJob(run, 2, ROWS, KEYS, 200, 20, checkpointing());
        // source and count follow the job's parallelism; the sink stays at 1
        JobGraph rescalable = new JobGraph(planned.name(), planned.vertices().stream()
                .map(v -> new JobVertex(v.id(), v.name(), v.parallelism(), v.source(), v.operators(),
                        !v.name().equals("Sink"))).toList(), planned.edges(), planned.configuration());
        JobId id = first.submitJob(rescalable);
        await().atMost(Duration.ofSeconds(60)).until(() -> first.getJob(id).checkpoints().completed() >= 1);
        first.rescaleJob(id, 1).get(30, TimeUnit.SECONDS);
        await().atMost(Duration.ofSeconds(60)).until(() -> first.getJob(id).scaling().parallelism() == 1
                && first.getJob(id).status() == JobStatus.RUNNING);
        long atOne = first.getJob(id).checkpoints().completed();
        await().atMost(Duration.ofSeconds(60)).until(() -> first.getJob(id).checkpoints().completed() > atOne);

        loseLeadership(first);
        first.close();
        EmbeddedCluster second = jobManager(haServices(), taskManagers.get(0));
        assertThat(second.recoverJobs().get(30, TimeUnit.SECONDS)).containsExactly(id);
        await().atMost(Duration.ofSeconds(60)).until(() -> second.getJob(id).status() == JobStatus.RUNNING);
        // the ALTER JOB of the former leader holds: parallelism 1, not the planned 2, and so does its history
        assertThat(second.getJob(id).scaling().parallelism()).isEqualTo(1);
        assertThat(second.getJob(id).scaling().target()).isEqualTo(1);
        assertThat(second.getJob(id).scaling().rescales()).singleElement().satisfies(r -> {
            assertThat(r.from()).isEqualTo(2);
            assertThat(r.to()).isEqualTo(1);
            assertThat(r.reason()).isEqualTo("ALTER JOB: parallelism 1");
            assertThat(r.checkpointId()).isPositive();
        });
        JobInfo end = second.jobTermination(id).get(120, TimeUnit.SECONDS);
        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(CheckpointTestJobs.committed(run)).isEqualTo(CheckpointTestJobs.expectedCounts(ROWS, KEYS));
    }
}
