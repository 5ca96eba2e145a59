package dev.runnel.runtime.jobmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.checkpoint.OperatorSubtaskState;
import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.cluster.JobId;
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
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a savepoint ends when subtasks finish instead of acknowledging, driven against a fake
 * TaskManager so that the order of acknowledgements and finishes is the test's to choose.
 */
class CheckpointCompletionTest {
    @TempDir
    Path dir;

    private JobManager jobManager;
    private FakeTaskExecutor taskManager;
    private JobId id;

    @BeforeEach
    void start() {
        jobManager = new JobManager(new Configuration());
        taskManager = new FakeTaskExecutor("tm-1", jobManager);
        jobManager.registerTaskManager(taskManager, 1).join();
        JobGraph graph = new JobGraph("job",
                List.of(new JobVertex(1, "Source", 1, new ValuesSourceFactory(List.of(Row.of(1L))), List.of()),
                        new JobVertex(2, "Sink", 1, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())), new Configuration());
        id = jobManager.submitJob(graph).join();
        await().until(() -> taskManager.deploymentsOf(id).size() == 2);
        taskManager.reportAll(id, ExecutionState.RUNNING);
    }

    @AfterEach
    void stop() {
        jobManager.close();
    }

    private TaskDeploymentDescriptor deployment(int vertexId) {
        return taskManager.deploymentsOf(id).stream().filter(d -> d.vertex().id() == vertexId).findFirst().orElseThrow();
    }

    private void finish(int vertexId) {
        jobManager.updateTaskExecutionState(new TaskExecutionState(deployment(vertexId).attemptId(),
                ExecutionState.FINISHED, null, TaskCounters.ZERO));
    }

    private CheckpointStats stats() {
        return jobManager.requestJob(id).join().checkpoints();
    }

    @Test
    void aSavepointThatEverySubtaskFinishedBeforeIsNotTakenAndNotCountedAsAFailure() {
        CompletableFuture<String> savepoint = jobManager.triggerSavepoint(id, dir.toUri().toString(), StopMode.NONE);
        await().until(() -> !taskManager.barriers().isEmpty());

        finish(1);
        finish(2);

        assertThatThrownBy(savepoint::join).isInstanceOf(CompletionException.class)
                .hasMessageContaining("was not taken: every subtask finished before it reached them");
        assertThat(jobManager.jobTermination(id).join().status()).isEqualTo(JobStatus.FINISHED);
        assertThat(stats().completed()).isZero();
        assertThat(stats().failed()).isZero();
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void aSavepointCompletesWhenOneSubtaskAcknowledgedAndTheOtherFinished() {
        CompletableFuture<String> savepoint = jobManager.triggerSavepoint(id, dir.toUri().toString(), StopMode.NONE);
        await().until(() -> !taskManager.barriers().isEmpty());
        long checkpointId = taskManager.barriers().get(0).id();

        finish(1);
        jobManager.acknowledgeCheckpoint(deployment(2).attemptId(), checkpointId,
                new TaskStateSnapshot(Map.of("sink", OperatorSubtaskState.EMPTY)));

        assertThat(Path.of(URI.create(savepoint.join())).resolve("_metadata")).exists();
        assertThat(stats().completed()).isEqualTo(1);
    }
}
