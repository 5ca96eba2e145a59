package dev.runnel.runtime.jobmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.sink.CollectSinkOperatorFactory;
import dev.runnel.runtime.source.values.ValuesSourceFactory;
import dev.runnel.runtime.task.ExecutionState;
import dev.runnel.runtime.task.TaskCounters;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import dev.runnel.runtime.task.TaskExecutionState;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Slot allocation with slot sharing, against a fake TaskManager with 2 slots. */
class JobManagerSchedulingTest {
    private final Configuration config = new Configuration();
    private JobManager jobManager;
    private FakeTaskExecutor taskManager;

    private void start() {
        jobManager = new JobManager(config);
        taskManager = new FakeTaskExecutor("tm-1", jobManager);
        jobManager.registerTaskManager(taskManager, 2).join();
    }

    @AfterEach
    void stop() {
        jobManager.close();
    }

    /** source (parallelism {@code sourceParallelism}) → REBALANCE → sink (parallelism {@code sinkParallelism}). */
    private static JobGraph job(String name, int sourceParallelism, int sinkParallelism) {
        return new JobGraph(name,
                List.of(new JobVertex(1, "Source", sourceParallelism, new ValuesSourceFactory(List.of(Row.of(1L))), List.of()),
                        new JobVertex(2, "Sink", sinkParallelism, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Rebalance())), new Configuration());
    }

    private JobInfo info(JobId id) {
        return jobManager.requestJob(id).join();
    }

    @Test
    void slotSharingPutsSubtaskIOfEveryVertexIntoSlotI() {
        start();
        JobId id = jobManager.submitJob(job("shared", 1, 2)).join();

        await().until(() -> taskManager.deploymentsOf(id).size() == 3);
        assertThat(info(id).status()).isEqualTo(JobStatus.RUNNING);
        for (TaskDeploymentDescriptor d : taskManager.deploymentsOf(id)) {
            assertThat(d.slotIndex()).as(d.taskName()).isEqualTo(d.subtaskIndex());
        }
        // The source subtask sends to both sink subtasks; each sink subtask reads from the source.
        TaskDeploymentDescriptor source = taskManager.deploymentsOf(id).stream()
                .filter(d -> d.vertex().id() == 1).findFirst().orElseThrow();
        assertThat(source.outputs().get(0).channels()).hasSize(2);

        taskManager.reportAll(id, ExecutionState.RUNNING);
        taskManager.reportAll(id, ExecutionState.FINISHED);
        assertThat(jobManager.jobTermination(id).join().status()).isEqualTo(JobStatus.FINISHED);
    }

    @Test
    void aJobNeedingMoreSlotsThanTheClusterHasFailsAtOnce() {
        start();
        JobId id = jobManager.submitJob(job("too big", 4, 1)).join();

        JobInfo end = jobManager.jobTermination(id).join();
        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).isEqualTo("Job 'too big' needs 4 slots (its largest parallelism) but the "
                + "cluster has 2; set parallelism.default or taskmanager.numberOfTaskSlots");
        assertThat(taskManager.deploymentsOf(id)).isEmpty();
    }

    @Test
    void aGraphThatCannotRunFailsWithTheReason() {
        start();
        JobGraph mismatched = new JobGraph("mismatched",
                List.of(new JobVertex(1, "Source", 1, new ValuesSourceFactory(List.of(Row.of(1L))), List.of()),
                        new JobVertex(2, "Sink", 2, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())), new Configuration());

        JobInfo end = jobManager.jobTermination(jobManager.submitJob(mismatched).join()).join();

        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).isEqualTo("FORWARD edge from 'Source' (parallelism 1) to 'Sink' (parallelism 2) "
                + "needs equal parallelism");
        JobInfo empty = jobManager.jobTermination(jobManager.submitJob(
                new JobGraph("empty", List.of(), List.of(), new Configuration())).join()).join();
        assertThat(empty.failureCause()).isEqualTo("Job 'empty' has no vertices");
    }

    @Test
    void aJobWaitsForBusySlotsAndRunsWhenAnotherJobEnds() {
        start();
        JobId first = jobManager.submitJob(job("first", 2, 2)).join();
        await().until(() -> taskManager.deploymentsOf(first).size() == 4);

        JobId second = jobManager.submitJob(job("second", 1, 1)).join();
        assertThat(info(second).status()).isEqualTo(JobStatus.CREATED);
        assertThat(taskManager.deploymentsOf(second)).isEmpty();

        jobManager.cancelJob(first).join();
        assertThat(jobManager.jobTermination(first).join().status()).isEqualTo(JobStatus.CANCELED);

        await().until(() -> taskManager.deploymentsOf(second).size() == 2);
        assertThat(info(second).status()).isEqualTo(JobStatus.RUNNING);
        assertThat(taskManager.deploymentsOf(second)).allSatisfy(d -> assertThat(d.slotIndex()).isZero());
        assertThat(jobManager.requestJobs().join()).extracting(JobInfo::name).containsExactly("first", "second");
    }

    @Test
    void aWaitingJobFailsWhenTheSlotRequestTimesOut() {
        config.set("slot.request.timeout", "200 ms");
        start();
        JobId busy = jobManager.submitJob(job("busy", 2, 2)).join();
        JobId waiting = jobManager.submitJob(job("waiting", 1, 1)).join();

        JobInfo end = jobManager.jobTermination(waiting).join();
        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).isEqualTo("Job 'waiting' could not get 1 slots within 200 ms: all 2 slots "
                + "of the cluster are busy with other jobs (slot.request.timeout)");
        assertThat(info(busy).status()).isEqualTo(JobStatus.RUNNING);
    }

    @Test
    void cancellingAWaitingJobWithdrawsItsRequest() {
        start();
        JobId busy = jobManager.submitJob(job("busy", 2, 2)).join();
        JobId waiting = jobManager.submitJob(job("waiting", 2, 2)).join();
        JobId third = jobManager.submitJob(job("third", 1, 1)).join();

        jobManager.cancelJob(waiting).join();
        assertThat(jobManager.jobTermination(waiting).join().status()).isEqualTo(JobStatus.CANCELED);
        taskManager.reportAll(busy, ExecutionState.FINISHED);

        await().until(() -> taskManager.deploymentsOf(third).size() == 2);
        assertThat(taskManager.deploymentsOf(waiting)).isEmpty();
    }

    @Test
    void aFailingTaskFailsTheJobAndCancelsTheOthers() {
        start();
        JobId id = jobManager.submitJob(job("failing", 2, 2)).join();
        await().until(() -> taskManager.deploymentsOf(id).size() == 4);
        TaskDeploymentDescriptor victim = taskManager.deploymentsOf(id).get(0);

        jobManager.updateTaskExecutionState(new TaskExecutionState(victim.attemptId(),
                ExecutionState.FAILED, "boom (in Sink, subtask 1/2)", TaskCounters.ZERO));

        JobInfo end = jobManager.jobTermination(id).join();
        assertThat(end.status()).isEqualTo(JobStatus.FAILED);
        assertThat(end.failureCause()).isEqualTo("boom (in Sink, subtask 1/2)");
    }
}
