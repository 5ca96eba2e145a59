package dev.runnel.runtime.rest;

import static dev.runnel.runtime.rest.RestServer.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.VertexInfo;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Flink's adaptive-scheduler endpoints, {@code GET} and {@code PATCH /jobs/:jobid/resource-requirements}:
 * per vertex {@code {"<vertex id>": {"parallelism": {"lowerBound": 1, "upperBound": N}}}}.
 *
 * <p>Flink sets each vertex's bounds; Runnel rescales a whole job ({@code ClusterClient.rescaleJob}):
 * the vertices that follow the job's parallelism all move to one, and the others keep theirs. So a
 * {@code PATCH} must ask one upper bound of every vertex that follows the job that it names, and may
 * name a fixed vertex only at its parallelism; the job rescales to that upper bound. The lower bound
 * is 1 (Runnel runs a job at any parallelism from 1 up) and is only checked to be no higher.
 */
final class ResourceRequirementsHandlers {
    /** How long a {@code PATCH} waits for the JobManager to start the rescale. */
    private static final Duration RESCALE_START_TIMEOUT = Duration.ofSeconds(30);

    private final RestGateway gateway;

    ResourceRequirementsHandlers(RestGateway gateway) {
        this.gateway = gateway;
    }

    void register(RestRouter router) {
        router.get("/jobs/:jobid/resource-requirements", request -> requirements(JobHandlers.job(gateway,
                request.jobId())));
        router.add("PATCH", "/jobs/:jobid/resource-requirements", 200, this::update);
    }

    /**
     * Whether {@code vertex} follows the job's parallelism. {@link VertexInfo} does not say, so a
     * vertex at the job's parallelism ({@code JobScaling.parallelism}, or the largest vertex's where
     * the JobManager did not say) is taken to follow it: a fixed vertex at the same parallelism is
     * then taken for one too, which changes nothing a body can ask (both move to one upper bound).
     */
    static boolean followsJob(JobInfo job, VertexInfo vertex) {
        return vertex.parallelism() == jobParallelism(job);
    }

    private static int jobParallelism(JobInfo job) {
        int said = job.scaling().parallelism();
        return said > 0 ? said : job.vertices().stream().mapToInt(VertexInfo::parallelism).max().orElse(0);
    }

    /** Each vertex's bounds: for those that follow the job, the parallelism it runs at or moves to. */
    private static ObjectNode requirements(JobInfo job) {
        ObjectNode node = JSON.createObjectNode();
        int target = job.scaling().parallelism() > 0 ? job.scaling().target() : jobParallelism(job);
        for (VertexInfo vertex : job.vertices()) {
            node.putObject(JobHandlers.vertexId(vertex)).putObject("parallelism").put("lowerBound", 1)
                    .put("upperBound", followsJob(job, vertex) ? target : vertex.parallelism());
        }
        return node;
    }

    private ObjectNode update(RestRequest request) {
        JobInfo job = JobHandlers.job(gateway, request.jobId());
        int parallelism = requestedParallelism(job, request.body());
        if (job.status().isTerminal()) {
            throw new RestException(RestException.CONFLICT, "Job " + job.id() + " has ended (" + job.status()
                    + "): only a running job can be rescaled");
        }
        try {
            gateway.rescale(job.id(), parallelism).get(RESCALE_START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new RestException(cause instanceof IllegalArgumentException ? RestException.BAD_REQUEST
                    : RestException.CONFLICT, "Job " + job.id() + " could not be rescaled to parallelism "
                    + parallelism + ": " + cause.getMessage());
        } catch (TimeoutException e) {
            throw new RestException(RestException.CONFLICT, "The JobManager did not start rescaling job " + job.id()
                    + " within " + RESCALE_START_TIMEOUT.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RestException(RestException.CONFLICT, "Interrupted while rescaling job " + job.id());
        }
        return JSON.createObjectNode();
    }

    /** The one upper bound the body asks of the vertices that follow the job; a 400 saying what is wrong otherwise. */
    private static int requestedParallelism(JobInfo job, JsonNode body) {
        if (!body.isObject() || body.isEmpty()) {
            throw badRequest("The body must map vertex ids to {\"parallelism\": {\"lowerBound\": 1, \"upperBound\": N}}");
        }
        Map<String, VertexInfo> vertices = new LinkedHashMap<>();
        job.vertices().forEach(v -> vertices.put(JobHandlers.vertexId(v), v));
        Map<Integer, TreeSet<String>> following = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            VertexInfo vertex = vertices.get(entry.getKey().toLowerCase(Locale.ROOT));
            if (vertex == null) {
                throw badRequest("Vertex " + entry.getKey() + " is not a vertex of job " + job.id()
                        + " (GET /jobs/" + job.id() + "/resource-requirements lists them)");
            }
            int upper = upperBound(entry.getKey(), entry.getValue());
            if (followsJob(job, vertex)) {
                following.computeIfAbsent(upper, u -> new TreeSet<>()).add(entry.getKey());
            } else if (upper != vertex.parallelism()) {
                throw badRequest("The parallelism of vertex " + entry.getKey() + " (" + vertex.name() + ") is fixed at "
                        + vertex.parallelism() + " and does not follow the job's; it cannot be set to " + upper);
            }
        }
        if (following.isEmpty()) {
            throw badRequest("The body names none of the vertices that follow the job's parallelism: nothing to rescale");
        }
        if (following.size() > 1) {
            StringJoiner asked = new StringJoiner(" and ");
            following.forEach((upper, ids) -> asked.add(upper + " (" + String.join(", ", ids) + ")"));
            throw badRequest("Runnel rescales a whole job: the vertices that follow its parallelism must ask one "
                    + "upper bound, not " + asked);
        }
        return following.keySet().iterator().next();
    }

    private static int upperBound(String vertexId, JsonNode requirements) {
        JsonNode parallelism = requirements.path("parallelism");
        JsonNode upper = parallelism.path("upperBound");
        if (!upper.canConvertToInt() || !upper.isIntegralNumber() || upper.asInt() < 1) {
            throw badRequest("Vertex " + vertexId + ": parallelism.upperBound must be a whole number of at least 1, not "
                    + (upper.isMissingNode() ? "missing" : upper.toString()));
        }
        JsonNode lower = parallelism.path("lowerBound");
        if (!lower.isMissingNode() && (!lower.isIntegralNumber() || lower.asInt() > upper.asInt())) {
            throw badRequest("Vertex " + vertexId + ": parallelism.lowerBound " + lower + " is above upperBound "
                    + upper.asInt() + " or not a whole number");
        }
        return upper.asInt();
    }

    private static RestException badRequest(String message) {
        return new RestException(RestException.BAD_REQUEST, message);
    }
}
