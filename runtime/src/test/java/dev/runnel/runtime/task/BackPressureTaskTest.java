package dev.runnel.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.metrics.BackPressureLevel;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.testing.TestOperators;
import dev.runnel.runtime.testing.TestSources;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Busy, idle and back-pressured time of running tasks, as the JobManager reports them per
 * vertex: a source vertex sends over a FORWARD edge to a separate sink vertex.
 */
class BackPressureTaskTest {
    private EmbeddedCluster cluster;
    private JobId job;

    @BeforeEach
    void start() {
        cluster = EmbeddedCluster.start(new Configuration());
    }

    @AfterEach
    void stop() throws Exception {
        if (job != null) {
            cluster.cancelJob(job);
            assertThat(cluster.jobTermination(job).get(30, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.CANCELED);
        }
        cluster.close();
    }

    private void submit(SourceFactory source, OperatorFactory sink) {
        job = cluster.submitJob(new JobGraph("backpressure", List.of(
                new JobVertex(1, "Source", 1, source, List.of()),
                new JobVertex(2, "Sink", 1, null, List.of(sink))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())), new Configuration()));
    }

    @Test
    void aFastSourceBeforeASlowSinkIsBackPressuredHighAndTheSinkBusy() {
        // The sink takes 2 ms per batch of 100 rows; the source could make millions a second.
        submit(new TestSources.Unbounded(100), new TestOperators.SlowSink(2_000));

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JobInfo info = cluster.getJob(job);
            VertexInfo source = info.vertices().get(0);
            VertexInfo sink = info.vertices().get(1);
            assertThat(source.backPressureLevel()).isEqualTo(BackPressureLevel.HIGH);
            assertThat(sink.times().busyTimeMsPerSecond()).as("sink busy").isGreaterThan(500);
            assertThat(sink.backPressureLevel()).isEqualTo(BackPressureLevel.OK);
            assertThat(info.mostBackPressuredVertex()).map(VertexInfo::name).contains("Source");
        });
    }

    @Test
    void aPipelineThatKeepsUpIsNotBackPressured() {
        // 2,000 rows a second into a sink that drops them at once: both sides wait for work.
        submit(new TestSources.Unbounded(100, 2_000), new TestOperators.Discard());

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JobInfo info = cluster.getJob(job);
            VertexInfo source = info.vertices().get(0);
            VertexInfo sink = info.vertices().get(1);
            assertThat(source.times().idleTimeMsPerSecond()).as("source idle").isGreaterThan(500);
            assertThat(sink.times().idleTimeMsPerSecond()).as("sink idle").isGreaterThan(500);
            assertThat(info.mostBackPressuredVertex()).get().extracting(VertexInfo::backPressureLevel)
                    .isEqualTo(BackPressureLevel.OK);
        });
    }

    @Test
    void aVertexWithoutRunningSubtasksHasNoTimes() throws Exception {
        job = null;
        JobId bounded = cluster.submitJob(new JobGraph("bounded", List.of(
                new JobVertex(1, "Source", 1, new TestSources.Sequence(1_000, 100), List.of(new TestOperators.Discard()))),
                List.of(), new Configuration()));

        JobInfo ended = cluster.jobTermination(bounded).get(60, TimeUnit.SECONDS);

        assertThat(ended.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(ended.vertices()).singleElement().extracting(VertexInfo::times).isNull();
        assertThat(ended.mostBackPressuredVertex()).isEmpty();
    }
}
