package dev.runnel.runtime.rest;

import static dev.runnel.runtime.rest.RestServer.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Savepoints as Flink's asynchronous operations: {@code POST /jobs/:jobid/savepoints} and
 * {@code POST /jobs/:jobid/stop} answer a {@code request-id} at once, and
 * {@code GET /jobs/:jobid/savepoints/:triggerid} tells IN_PROGRESS or COMPLETED with the
 * savepoint's location or failure. Operations are kept as long as the endpoint runs.
 */
final class SavepointHandlers {
    private record Trigger(JobId jobId, String triggerId) {
    }

    private final RestGateway gateway;
    private final Map<Trigger, CompletableFuture<String>> operations = new ConcurrentHashMap<>();

    SavepointHandlers(RestGateway gateway) {
        this.gateway = gateway;
    }

    void register(RestRouter router) {
        router.add("POST", "/jobs/:jobid/savepoints", 202, this::trigger);
        router.add("POST", "/jobs/:jobid/stop", 202, this::stop);
        router.get("/jobs/:jobid/savepoints/:triggerid", this::status);
    }

    /** Body: {@code target-directory} (else {@code state.savepoints.dir}) and {@code cancel-job}. */
    private ObjectNode trigger(RestRequest request) {
        JobInfo job = JobHandlers.job(gateway, request.jobId());
        String directory = text(request.body(), "target-directory");
        boolean cancel = request.body().path("cancel-job").asBoolean(false);
        CompletableFuture<String> savepoint = gateway.triggerSavepoint(job.id(), directory);
        if (cancel) {
            // Flink's cancel-job: the job is cancelled once the savepoint completed.
            savepoint = savepoint.thenApply(path -> {
                gateway.cancelJob(job.id());
                return path;
            });
        }
        return register(job.id(), savepoint);
    }

    /** Body: {@code targetDirectory} and {@code drain}, as Flink's stop-with-savepoint. */
    private ObjectNode stop(RestRequest request) {
        JobInfo job = JobHandlers.job(gateway, request.jobId());
        String directory = text(request.body(), "targetDirectory");
        boolean drain = request.body().path("drain").asBoolean(false);
        return register(job.id(), gateway.stopWithSavepoint(job.id(), directory, drain));
    }

    private ObjectNode register(JobId jobId, CompletableFuture<String> savepoint) {
        String triggerId = UUID.randomUUID().toString().replace("-", "");
        operations.put(new Trigger(jobId, triggerId), savepoint);
        return JSON.createObjectNode().put("request-id", triggerId);
    }

    private ObjectNode status(RestRequest request) {
        JobId jobId = request.jobId();
        String triggerId = request.pathParameter("triggerid");
        CompletableFuture<String> savepoint = operations.get(new Trigger(jobId, triggerId));
        if (savepoint == null) {
            throw new RestException(RestException.NOT_FOUND, "There is no savepoint operation with triggerId="
                    + triggerId + " for job " + jobId);
        }
        ObjectNode node = JSON.createObjectNode();
        if (!savepoint.isDone()) {
            node.putObject("status").put("id", "IN_PROGRESS");
            node.putNull("operation");
            return node;
        }
        node.putObject("status").put("id", "COMPLETED");
        ObjectNode operation = node.putObject("operation");
        try {
            operation.put("location", savepoint.join());
        } catch (RuntimeException e) {
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            operation.putObject("failure-cause").put("class", cause.getClass().getName())
                    .put("stack-trace", cause.toString());
        }
        return node;
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.path(field);
        return value.isTextual() && !value.asText().isBlank() ? value.asText() : null;
    }
}
