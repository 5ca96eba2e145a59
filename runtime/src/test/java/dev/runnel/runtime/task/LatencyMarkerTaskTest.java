package dev.runnel.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.testing.TestOperators;
import dev.runnel.runtime.testing.TestSources;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Latency markers ({@code metrics.latency.interval}) through running tasks: a source of
 * parallelism 2 sends over a HASH edge to a slow sink vertex of parallelism 2, which takes a
 * millisecond per batch, so its channels stay full (no buffer timeout: batches of one poll's rows).
 */
class LatencyMarkerTaskTest {
    private static final long ROWS = 4_000;

    private EmbeddedCluster cluster;

    @BeforeEach
    void start() {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "2")));
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private JobInfo run(String latencyInterval) throws Exception {
        JobGraph job = new JobGraph("latency", List.of(
                new JobVertex(1, "source", 2, new TestSources.Sequence(ROWS, 10), List.of()),
                new JobVertex(2, "sink", 2, null, List.of(new TestOperators.SlowSink(1_000)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {0}))),
                // every poll's rows leave at once, so the sink's channels fill with batches of 10
                new Configuration(Map.of("metrics.latency.interval", latencyInterval,
                        "execution.buffer-timeout.interval", "0 ms")));
        return cluster.jobTermination(cluster.submitJob(job)).get(60, TimeUnit.SECONDS);
    }

    @Test
    void markersCrossTheExchangeAndTheSinksRecordHowLongTheyQueuedBehindRows() throws Exception {
        JobInfo job = run("5 ms");

        assertThat(job.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(job.recordsOut()).as("markers are not rows").isEqualTo(ROWS);
        assertThat(job.latency().count()).isPositive();
        // A marker waits behind the batches queued in its channel, each taking the sink 1 ms.
        assertThat(job.latency().percentileMillis(50)).isGreaterThanOrEqualTo(1.0);
        assertThat(job.latency().percentileMillis(99)).isGreaterThanOrEqualTo(job.latency().percentileMillis(50));
    }

    @Test
    void withoutAnIntervalNoMarkersAreSent() throws Exception {
        JobInfo job = run("0");

        assertThat(job.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(job.recordsOut()).isEqualTo(ROWS);
        assertThat(job.latency().isEmpty()).isTrue();
    }
}
