package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/**
 * Jobs rescaled while they run — by hand ({@code ALTER JOB}) or because they are reactive and
 * TaskManagers join or are lost — resume from a checkpoint at the new parallelism, and their
 * committed result is the one of a run that never rescaled.
 */
class RescaleTest extends CheckpointClusterTestBase {
    private static final long ROWS = 120_000;
    private static final int KEYS = 37;

    /** The keyed count job whose source and count follow the job's parallelism (the sink stays at 1). */
    private static JobGraph countJob(String run, int parallelism, Configuration config) {
        JobGraph planned = CheckpointTestJobs.countJob(run, parallelism, ROWS, KEYS, 200, 15, config);
        List<JobVertex> vertices = planned.vertices().stream()
                .map(v -> new JobVertex(v.id(), v.name(), v.parallelism(), v.source(), v.operators(),
                        !v.name().equals("Sink")))
                .toList();
        return new JobGraph(planned.name(), vertices, planned.edges(), planned.configuration());
    }

    private void awaitRunningAt(JobId id, int parallelism) {
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            JobInfo job = cluster.getJob(id);
            return job.status() == JobStatus.RUNNING && job.scaling().parallelism() == parallelism
                    && job.vertices().stream().allMatch(v -> v.subtaskStates().keySet().stream()
                    .allMatch(state -> state.equals("RUNNING") || state.equals("FINISHED")));
        });
    }

    private static int parallelismOf(JobInfo job, String vertex) {
        return job.vertices().stream().filter(v -> v.name().equals(vertex)).mapToInt(VertexInfo::parallelism)
                .findFirst().orElseThrow();
    }

    @Test
    void rescalingByHandUpAndDownGivesTheResultOfARunWithoutRescales() {
        startCluster(2, 2);
        String run = "rescale-by-hand-" + System.nanoTime();
        JobId id = cluster.submitJob(countJob(run, 2, checkpointing(Map.of())));
        awaitCheckpointAfter(id, 0);

        cluster.rescaleJob(id, 3).join();
        awaitRunningAt(id, 3);
        assertThat(parallelismOf(cluster.getJob(id), "Count")).isEqualTo(3);
        assertThat(parallelismOf(cluster.getJob(id), "Sink")).isEqualTo(1);
        awaitCheckpointAfter(id, stats(id).completed());

        cluster.rescaleJob(id, 1).join();
        awaitRunningAt(id, 1);
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(CheckpointTestJobs.committed(run)).isEqualTo(CheckpointTestJobs.expectedCounts(ROWS, KEYS));
        // A rescale is not a restart after a failure.
        assertThat(end.restarts()).isZero();
        assertThat(end.scaling().rescales()).extracting(JobScaling.Rescale::from, JobScaling.Rescale::to)
                .containsExactly(Tuple.tuple(2, 3), Tuple.tuple(3, 1));
        assertThat(end.scaling().rescales()).allSatisfy(r -> {
            assertThat(r.reason()).contains("ALTER JOB");
            assertThat(r.checkpointId()).isPositive();
        });
    }

    @Test
    void aRescaleTheClusterCannotServeIsRefusedAndTheJobRunsOn() {
        startCluster(2, 1);
        String run = "rescale-refused-" + System.nanoTime();
        JobId id = cluster.submitJob(countJob(run, 2, checkpointing(Map.of())));
        awaitCheckpointAfter(id, 0);

        assertThatThrownBy(() -> cluster.rescaleJob(id, 3).join()).isInstanceOf(CompletionException.class)
                .hasMessageContaining("need 3 slots and the cluster has 2");
        assertThatThrownBy(() -> cluster.rescaleJob(id, 0).join())
                .hasMessageContaining("'parallelism' must be between 1 and pipeline.max-parallelism (128), was 0");
        JobInfo job = cluster.getJob(id);
        assertThat(job.status()).isEqualTo(JobStatus.RUNNING);
        assertThat(job.scaling()).isEqualTo(new JobScaling(2, 2, false, List.of()));
        assertThat(job.restarts()).isZero();
        cluster.cancelJob(id);
    }

    @Test
    void aReactiveJobFollowsTheTaskManagersThatJoinAndAreLost() {
        startCluster(1, 1);
        String run = "reactive-" + System.nanoTime();
        JobId id = cluster.submitJob(countJob(run, 4, checkpointing(Map.of("scheduler-mode", "reactive",
                "jobmanager.adaptive-scheduler.resource-stabilization-timeout", "200ms"))));
        // One slot: it runs at 1, not at its planned 4.
        awaitRunningAt(id, 1);
        assertThat(cluster.getJob(id).scaling().reactive()).isTrue();
        awaitCheckpointAfter(id, 0);

        cluster.addTaskManager();
        awaitRunningAt(id, 2);
        cluster.addTaskManager();
        awaitRunningAt(id, 3);
        awaitCheckpointAfter(id, stats(id).completed());

        cluster.killTaskManager(2);
        awaitRunningAt(id, 2);
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(CheckpointTestJobs.committed(run)).isEqualTo(CheckpointTestJobs.expectedCounts(ROWS, KEYS));
        assertThat(end.scaling().rescales()).extracting(JobScaling.Rescale::to).containsExactly(2, 3, 2);
        assertThat(end.scaling().rescales().get(0).reason()).contains("joined");
        assertThat(end.scaling().rescales().get(2).reason()).contains("was lost");
    }
}
