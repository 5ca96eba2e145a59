package dev.runnel.runtime.jobmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.checkpoint.CheckpointTestJobs;
import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.operators.sink.CollectSinkOperatorFactory;
import dev.runnel.runtime.source.values.ValuesSourceFactory;
import dev.runnel.runtime.task.ExecutionState;
import dev.runnel.runtime.taskmanager.TaskManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JobManager's side of high availability against in-memory stores that fail on demand:
 * a submission whose graph cannot be stored, a checkpoint the store does not take, and what a
 * JobManager that lost its leadership still does (nothing).
 */
class JobManagerHighAvailabilityTest {
    @TempDir
    Path dir;

    private final FaultyHighAvailabilityServices ha = new FaultyHighAvailabilityServices();
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
        ha.close();
    }

    private JobManager jobManager() {
        JobManager jobManager = JobManager.forRemoteTaskManagers(new Configuration(), ha);
        toClose.add(jobManager);
        return jobManager;
    }

    private static JobGraph valuesJob(Configuration config) {
        return new JobGraph("values",
                List.of(new JobVertex(1, "Source", 1, new ValuesSourceFactory(List.of(Row.of(1L))), List.of()),
                        new JobVertex(2, "Sink", 1, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())), config);
    }

    @Test
    void aSubmissionWhoseGraphCannotBeStoredFailsAndRunsNothing() {
        JobManager jobManager = jobManager();
        FakeTaskExecutor taskManager = new FakeTaskExecutor("tm-1", jobManager);
        jobManager.registerTaskManager(taskManager, 2).join();
        ha.failGraphPuts();

        assertThatThrownBy(() -> jobManager.submitJob(valuesJob(new Configuration())).join())
                .isInstanceOf(CompletionException.class).cause().isInstanceOf(HighAvailabilityException.class)
                .hasMessageStartingWith("Job 'values' (")
                .hasMessageContaining("was not submitted: its job graph could not be stored for recovery: ")
                .hasMessageEndingWith("ZooKeeper is unreachable");
        assertThat(jobManager.requestJobs().join()).isEmpty();
        assertThat(taskManager.calls()).isEmpty();
        assertThat(ha.jobGraphStore().jobIds()).isEmpty();
    }

    @Test
    void aSubmittedJobsGraphIsStoredUntilItsEndIsRecorded() {
        JobManager jobManager = jobManager();
        FakeTaskExecutor taskManager = new FakeTaskExecutor("tm-1", jobManager);
        jobManager.registerTaskManager(taskManager, 2).join();

        JobId id = jobManager.submitJob(valuesJob(new Configuration())).join();
        assertThat(ha.jobGraphStore().jobIds()).containsExactly(id);
        await().until(() -> taskManager.deploymentsOf(id).size() == 2);
        taskManager.reportAll(id, ExecutionState.RUNNING);
        taskManager.reportAll(id, ExecutionState.FINISHED);

        assertThat(jobManager.jobTermination(id).join().status()).isEqualTo(JobStatus.FINISHED);
        assertThat(ha.jobResultStore().get(id)).hasValueSatisfying(r -> assertThat(r.status())
                .isEqualTo(JobStatus.FINISHED));
        assertThat(ha.jobGraphStore().jobIds()).isEmpty();
        assertThat(jobManager.recoverJobs().join()).isEmpty();
    }

    @Test
    void aNewLeaderRunsAJobWithoutCheckpointsAfreshUnderItsIdAndCleansUpAnEndedOne() {
        JobManager first = jobManager();
        FakeTaskExecutor oldTaskManager = new FakeTaskExecutor("tm-1", first);
        first.registerTaskManager(oldTaskManager, 2).join();
        JobId running = first.submitJob(valuesJob(new Configuration())).join();
        JobId ended = first.submitJob(valuesJob(new Configuration())).join();
        await().until(() -> oldTaskManager.deploymentsOf(ended).size() == 2);
        oldTaskManager.reportAll(ended, ExecutionState.RUNNING);
        oldTaskManager.reportAll(ended, ExecutionState.FINISHED);
        assertThat(first.jobTermination(ended).join().status()).isEqualTo(JobStatus.FINISHED);
        // As if the leader died between recording the result and removing the graph.
        ha.jobGraphStore().putJobGraph(ended, valuesJob(new Configuration()));
        first.suspend().join();

        JobManager second = jobManager();
        FakeTaskExecutor taskManager = new FakeTaskExecutor("tm-2", second);
        second.registerTaskManager(taskManager, 2).join();
        assertThat(second.recoverJobs().join()).containsExactly(running);
        assertThat(second.recoverJobs().join()).as("a job that runs is not started twice").isEmpty();

        await().until(() -> taskManager.deploymentsOf(running).size() == 2);
        assertThat(taskManager.deploymentsOf(running)).allSatisfy(d -> assertThat(d.restoreState()).isNull());
        assertThat(taskManager.deploymentsOf(ended)).isEmpty();
        assertThat(second.requestJobs().join()).extracting(JobInfo::id).containsExactly(running);
        assertThat(ha.jobGraphStore().jobIds()).containsExactly(running);
    }

    @Test
    void aCheckpointTheStoreDoesNotTakeFailsAndTheJobRunsOnExactlyOnce() throws Exception {
        JobManager jobManager = jobManager();
        TaskManager taskManager = new TaskManager(new TaskManagerId("tm-1"), 2, new LocalChannelRegistry());
        toClose.add(taskManager);
        taskManager.registerAt(jobManager).get(30, TimeUnit.SECONDS);
        ha.failCheckpointAdds(2);
        String run = "store-add-fails-" + System.nanoTime();
        Configuration config = new Configuration();
        config.set("execution.checkpointing.interval", "50ms");
        config.set("execution.checkpointing.tolerable-failed-checkpoints", "5");
        config.set("state.checkpoints.dir", dir.toUri().toString());
        config.set("execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION");
        long rows = 40_000;
        JobId id = jobManager.submitJob(CheckpointTestJobs.countJob(run, 2, rows, 17, 200, 10, config)).join();

        await().atMost(Duration.ofSeconds(60)).until(() -> stats(jobManager, id).completed() >= 1);
        CheckpointStats stats = stats(jobManager, id);
        assertThat(stats.failed()).isGreaterThanOrEqualTo(2);
        assertThat(stats.latestFailure()).startsWith("it could not be added to the completed checkpoint store: ")
                .endsWith("ZooKeeper is unreachable");
        assertThat(jobManager.requestJob(id).join().status()).isEqualTo(JobStatus.RUNNING);
        assertThat(stats.restarts()).isZero();
        // The checkpoints the store refused are gone, as if they had never been taken.
        assertThat(dir.resolve(id.value()).resolve("chk-1")).doesNotExist();
        assertThat(dir.resolve(id.value()).resolve("chk-2")).doesNotExist();

        JobInfo end = jobManager.jobTermination(id).get(60, TimeUnit.SECONDS);
        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(end.checkpoints().restarts()).isZero();
        assertThat(CheckpointTestJobs.committed(run)).isEqualTo(CheckpointTestJobs.expectedCounts(rows, 17));
    }

    private static CheckpointStats stats(JobManager jobManager, JobId id) {
        return jobManager.requestJob(id).join().checkpoints();
    }

    @Test
    void aSuspendedJobManagerSendsNothingMoreToItsTaskManagers() {
        JobManager jobManager = jobManager();
        FakeTaskExecutor taskManager = new FakeTaskExecutor("tm-1", jobManager);
        jobManager.registerTaskManager(taskManager, 2).join();
        Configuration config = new Configuration();
        config.set("execution.checkpointing.interval", "20ms");
        config.set("state.checkpoints.dir", dir.toUri().toString());
        JobId id = jobManager.submitJob(valuesJob(config)).join();
        await().until(() -> taskManager.deploymentsOf(id).size() == 2);
        taskManager.reportAll(id, ExecutionState.RUNNING);
        await().until(() -> !taskManager.barriers().isEmpty());
        var termination = jobManager.jobTermination(id);

        jobManager.suspend().join();
        int sent = taskManager.calls().size();

        assertThat(jobManager.requestJob(id).join().status()).isEqualTo(JobStatus.SUSPENDED);
        assertThatThrownBy(termination::join).cause().isInstanceOf(IllegalStateException.class)
                .hasMessage("JobManager lost leadership; job " + id + " continues under the new leader");
        assertThatThrownBy(() -> jobManager.fetchResults(id, 10, Duration.ofSeconds(1)).join()).cause()
                .hasMessage("JobManager lost leadership; job " + id + " continues under the new leader");
        // What the TaskManager says now is ignored: no checkpoint completes, no task restarts.
        long barrier = taskManager.barriers().get(taskManager.barriers().size() - 1).id();
        taskManager.deploymentsOf(id).forEach(d -> jobManager.acknowledgeCheckpoint(d.attemptId(), barrier, null));
        taskManager.reportAll(id, ExecutionState.FAILED);
        assertThatThrownBy(() -> jobManager.cancelJob(id).join()).cause().hasMessageContaining("lost its leadership");
        assertThatThrownBy(() -> jobManager.submitJob(valuesJob(new Configuration())).join()).cause()
                .hasMessageContaining("lost its leadership");
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2))
                .until(() -> taskManager.calls().size() == sent);
        JobInfo info = jobManager.requestJob(id).join();
        assertThat(info.status()).isEqualTo(JobStatus.SUSPENDED);
        assertThat(info.checkpoints().completed()).isZero();
        assertThat(info.checkpoints().inProgress()).isZero();
        assertThat(taskManager.calls().size()).isEqualTo(sent);
        // Left for the next leader.
        assertThat(ha.jobGraphStore().jobIds()).containsExactly(id);
        assertThat(ha.jobResultStore().get(id)).isEmpty();
    }
}
