package dev.runnel.runtime.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.rest.RestClusterTestSupport.Response;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Flink's {@code GET}/{@code PATCH /jobs/:jobid/resource-requirements} against a gateway of made-up
 * jobs that records rescales: a job of two vertices at the job's parallelism 2 and a collect sink
 * fixed at 1.
 */
class ResourceRequirementsRestTest {
    private static final JobId RUNNING = new JobId("0123456789abcdef0123456789abcdef");
    private static final JobId FINISHED = new JobId("fedcba9876543210fedcba9876543210");
    private static final String SOURCE = "%032x".formatted(1);
    private static final String CALC = "%032x".formatted(2);
    private static final String SINK = "%032x".formatted(3);

    /** Jobs a test sets; {@link #rescale} records the request and sets the job's target, or fails with {@link #refusal}. */
    private static final class Jobs implements RestGateway {
        final Map<JobId, JobInfo> jobs = new ConcurrentHashMap<>();
        final List<String> rescales = new CopyOnWriteArrayList<>();
        volatile RuntimeException refusal;

        void put(JobId id, JobStatus status, JobScaling scaling) {
            List<VertexInfo> vertices = List.of(
                    new VertexInfo(1, "Source: t", 2, Map.of("RUNNING", 2), 0, 0, List.of()),
                    new VertexInfo(2, "Calc(select=[a])", 2, Map.of("RUNNING", 2), 0, 0, List.of()),
                    new VertexInfo(3, "Sink: collect", 1, Map.of("RUNNING", 1), 0, 0, List.of()));
            jobs.put(id, new JobInfo(id, "job", status, Instant.parse("2026-12-07T13:00:00Z"), null, 0, 0, null,
                    Map.of(), null, null, vertices, null, null, scaling));
        }

        @Override
        public CompletableFuture<Void> rescale(JobId jobId, int parallelism) {
            if (refusal != null) {
                return CompletableFuture.failedFuture(refusal);
            }
            rescales.add(jobId + " to " + parallelism);
            JobInfo job = jobs.get(jobId);
            put(jobId, job.status(), new JobScaling(job.scaling().parallelism(), parallelism, false, List.of()));
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public List<JobInfo> listJobs() {
            return List.copyOf(jobs.values());
        }

        @Override
        public JobInfo getJob(JobId jobId) {
            JobInfo job = jobs.get(jobId);
            if (job == null) {
                throw new IllegalArgumentException("Unknown job " + jobId);
            }
            return job;
        }

        @Override
        public void cancelJob(JobId jobId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Configuration jobConfiguration(JobId jobId) {
            return new Configuration();
        }

        @Override
        public List<TaskManagerInfo> registeredTaskManagers() {
            return List.of();
        }

        @Override
        public CompletableFuture<String> triggerSavepoint(JobId jobId, String targetDirectory) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<String> stopWithSavepoint(JobId jobId, String targetDirectory, boolean drain) {
            throw new UnsupportedOperationException();
        }
    }

    private final Jobs gateway = new Jobs();
    private RestServer server;
    private RestClusterTestSupport rest;

    @BeforeEach
    void start() {
        gateway.put(RUNNING, JobStatus.RUNNING, new JobScaling(2, 2, false, List.of(
                new JobScaling.Rescale(Instant.ofEpochMilli(1_000), 1, 2, "ALTER JOB", 7))));
        gateway.put(FINISHED, JobStatus.FINISHED, new JobScaling(2, 2, false, List.of()));
        server = RestServer.start(new Configuration(Map.of("rest.port", "0")), gateway);
        rest = new RestClusterTestSupport(server.address());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Response patch(JobId job, String body) {
        return rest.send("PATCH", "/jobs/" + job + "/resource-requirements", body);
    }

    private static String requirements(int source, int calc, int sink) {
        return """
                {"%s": {"parallelism": {"lowerBound": 1, "upperBound": %d}},
                 "%s": {"parallelism": {"lowerBound": 1, "upperBound": %d}},
                 "%s": {"parallelism": {"lowerBound": 1, "upperBound": %d}}}"""
                .formatted(SOURCE, source, CALC, calc, SINK, sink);
    }

    private static String error(Response response) {
        return response.body().get("errors").get(0).asText();
    }

    @Test
    void eachVertexHasItsBoundsAsFlinkShowsThem() {
        Response response = rest.get("/jobs/" + RUNNING + "/resource-requirements");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().toString()).isEqualTo(("{\"%s\":{\"parallelism\":{\"lowerBound\":1,\"upperBound\":2}},"
                + "\"%s\":{\"parallelism\":{\"lowerBound\":1,\"upperBound\":2}},"
                + "\"%s\":{\"parallelism\":{\"lowerBound\":1,\"upperBound\":1}}}").formatted(SOURCE, CALC, SINK));
    }

    @Test
    void aPatchRescalesTheJobToTheUpperBoundOfItsVertices() {
        Response response = patch(RUNNING, requirements(4, 4, 1));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().isEmpty()).isTrue();
        assertThat(gateway.rescales).containsExactly(RUNNING + " to 4");
        JsonNode now = rest.get("/jobs/" + RUNNING + "/resource-requirements").body();
        assertThat(now.get(CALC).get("parallelism").get("upperBound").asInt()).as("the target").isEqualTo(4);
        assertThat(now.get(SINK).get("parallelism").get("upperBound").asInt()).isEqualTo(1);
    }

    @Test
    void aPatchMayNameSomeOfTheVertices() {
        assertThat(patch(RUNNING, "{\"" + CALC + "\": {\"parallelism\": {\"upperBound\": 3}}}").status())
                .isEqualTo(200);
        assertThat(gateway.rescales).containsExactly(RUNNING + " to 3");
    }

    @Test
    void differentUpperBoundsForTheJobsVerticesAreRefused() {
        Response response = patch(RUNNING, requirements(3, 4, 1));

        assertThat(response.status()).isEqualTo(400);
        assertThat(error(response)).isEqualTo("Runnel rescales a whole job: the vertices that follow its parallelism "
                + "must ask one upper bound, not 3 (" + SOURCE + ") and 4 (" + CALC + ")");
        assertThat(gateway.rescales).isEmpty();
    }

    @Test
    void aFixedVertexCannotBeRescaled() {
        Response response = patch(RUNNING, requirements(4, 4, 4));

        assertThat(response.status()).isEqualTo(400);
        assertThat(error(response)).isEqualTo("The parallelism of vertex " + SINK + " (Sink: collect) is fixed at 1 "
                + "and does not follow the job's; it cannot be set to 4");
    }

    @Test
    void malformedBodiesAreRefusedSayingWhy() {
        assertThat(error(patch(RUNNING, "[]"))).startsWith("The body must map vertex ids to");
        assertThat(error(patch(RUNNING, "{\"" + "%032x".formatted(9) + "\": {\"parallelism\": {\"upperBound\": 2}}}")))
                .isEqualTo("Vertex " + "%032x".formatted(9) + " is not a vertex of job " + RUNNING
                        + " (GET /jobs/" + RUNNING + "/resource-requirements lists them)");
        assertThat(error(patch(RUNNING, requirements(0, 0, 1))))
                .isEqualTo("Vertex " + SOURCE + ": parallelism.upperBound must be a whole number of at least 1, not 0");
        assertThat(error(patch(RUNNING, "{\"" + SINK + "\": {\"parallelism\": {\"upperBound\": 1}}}")))
                .isEqualTo("The body names none of the vertices that follow the job's parallelism: nothing to rescale");
        assertThat(patch(RUNNING, "{\"" + SOURCE + "\": {\"parallelism\": {\"lowerBound\": 5, \"upperBound\": 4}}}")
                .status()).isEqualTo(400);
        assertThat(gateway.rescales).isEmpty();
    }

    @Test
    void endedUnknownAndRefusedJobs() {
        Response ended = patch(FINISHED, requirements(4, 4, 1));
        assertThat(ended.status()).isEqualTo(409);
        assertThat(error(ended)).isEqualTo("Job " + FINISHED + " has ended (FINISHED): only a running job can be rescaled");

        JobId unknown = new JobId("00000000000000000000000000000000");
        assertThat(patch(unknown, requirements(4, 4, 1)).status()).isEqualTo(404);
        assertThat(rest.get("/jobs/" + unknown + "/resource-requirements").status()).isEqualTo(404);

        gateway.refusal = new IllegalArgumentException("parallelism 400 is above pipeline.max-parallelism 128");
        Response refused = patch(RUNNING, requirements(400, 400, 1));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(error(refused)).isEqualTo("Job " + RUNNING + " could not be rescaled to parallelism 400: "
                + "parallelism 400 is above pipeline.max-parallelism 128");
    }

    @Test
    void jobDetailsListTheRescalesAndTheConfigSaysRescalingWorks() {
        JsonNode rescales = rest.get("/jobs/" + RUNNING).body().get("rescales");
        assertThat(rescales.toString())
                .isEqualTo("[{\"timestamp\":1000,\"from\":1,\"to\":2,\"reason\":\"ALTER JOB\",\"checkpoint-id\":7}]");

        assertThat(rest.get("/config").body().get("features").get("web-rescale").asBoolean()).isTrue();
    }
}
