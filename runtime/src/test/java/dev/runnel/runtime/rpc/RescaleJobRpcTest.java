package dev.runnel.runtime.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link ClusterClient#rescaleJob} over gRPC: {@link RemoteClusterClient} to a {@link ClusterRpcServer}. */
class RescaleJobRpcTest {
    private static final JobId JOB = new JobId("0123456789abcdef0123456789abcdef");

    /** A JobManager that only takes rescales: records them, or refuses them with {@link #refusal}. */
    private static final class RescalingJobManager implements ClusterClient {
        final List<String> rescales = new CopyOnWriteArrayList<>();
        volatile RuntimeException refusal;

        @Override
        public CompletableFuture<Void> rescaleJob(JobId jobId, int parallelism) {
            if (refusal != null) {
                return CompletableFuture.failedFuture(refusal);
            }
            rescales.add(jobId + " to " + parallelism);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public List<JobInfo> listJobs() {
            return List.of();
        }

        @Override
        public JobId submitJob(JobGraph jobGraph) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void cancelJob(JobId jobId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public JobInfo getJob(JobId jobId) {
            throw new IllegalArgumentException("Unknown job " + jobId);
        }

        @Override
        public CompletableFuture<JobInfo> jobTermination(JobId jobId) {
            return new CompletableFuture<>();
        }

        @Override
        public ResultChunk fetchResults(JobId jobId, int maxRows, Duration timeout) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }

    private final RescalingJobManager jobManager = new RescalingJobManager();
    private EmbeddedCluster embedded;
    private ClusterRpcServer server;
    private RemoteClusterClient client;

    private RemoteClusterClient connect(ClusterClient served) {
        server = ClusterRpcServer.start(served, "127.0.0.1", 0);
        client = RemoteClusterClient.connect("127.0.0.1", server.port());
        return client;
    }

    @AfterEach
    void close() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        if (embedded != null) {
            embedded.close();
        }
    }

    @Test
    void aRescaleReachesTheJobManager() throws Exception {
        connect(jobManager).rescaleJob(JOB, 4).get(10, TimeUnit.SECONDS);

        assertThat(jobManager.rescales).containsExactly(JOB + " to 4");
    }

    @Test
    void theJobManagersRefusalArrivesAsItsOwnException() {
        jobManager.refusal = new IllegalStateException("Job " + JOB + " is not running (FINISHED)");

        assertThatThrownBy(() -> connect(jobManager).rescaleJob(JOB, 4).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(IllegalStateException.class)
                .hasMessage("Job " + JOB + " is not running (FINISHED)");
    }

    @Test
    void rescalingAJobAnEmbeddedJobManagerDoesNotKnowFailsThereNotOnTheWire() {
        // true before and after EmbeddedCluster implements rescaling: it refuses the unknown job itself
        embedded = EmbeddedCluster.start(new Configuration());

        assertThatThrownBy(() -> connect(embedded).rescaleJob(JOB, 2).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isNotInstanceOf(ClusterConnectionException.class);
    }
}
