package dev.runnel.runtime.rest;

import static dev.runnel.runtime.rest.RestServer.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.cluster.JobFailure;
import dev.runnel.runtime.cluster.JobInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code /jobs/:jobid/exceptions} (the job's failures, newest first, in Flink's
 * {@code JobExceptionsInfoWithHistory} shape) and {@code /jobs/:jobid/metrics} (the job-level
 * metrics Flink reports that Runnel keeps: {@code numRestarts} and the checkpoint counts).
 */
final class JobExceptionHandlers {
    /** Flink's job metrics that Runnel has, by name, read from the job's state. */
    private static final Map<String, Function<JobInfo, Long>> METRICS = metrics();

    private final RestGateway gateway;

    JobExceptionHandlers(RestGateway gateway) {
        this.gateway = gateway;
    }

    void register(RestRouter router) {
        router.get("/jobs/:jobid/exceptions", request -> exceptions(JobHandlers.job(gateway, request.jobId()),
                maxExceptions(request)));
        router.get("/jobs/:jobid/metrics", request -> metrics(JobHandlers.job(gateway, request.jobId()),
                request.query().get("get")));
    }

    private static Map<String, Function<JobInfo, Long>> metrics() {
        Map<String, Function<JobInfo, Long>> metrics = new LinkedHashMap<>();
        metrics.put("numRestarts", job -> (long) job.restarts());
        metrics.put("fullRestarts", job -> (long) job.restarts());
        metrics.put("numberOfCompletedCheckpoints", job -> job.checkpoints().completed());
        metrics.put("numberOfFailedCheckpoints", job -> job.checkpoints().failed());
        metrics.put("numberOfInProgressCheckpoints", job -> job.checkpoints().inProgress());
        metrics.put("totalNumberOfCheckpoints", job -> {
            CheckpointStats c = job.checkpoints();
            return c.completed() + c.failed() + c.inProgress();
        });
        metrics.put("lastCheckpointDuration", job -> job.checkpoints().latestDuration() == null ? -1
                : job.checkpoints().latestDuration().toMillis());
        metrics.put("lastCheckpointSize", job -> job.checkpoints().latestCompletedId() < 0 ? -1
                : job.checkpoints().latestStateSize());
        return metrics;
    }

    private static int maxExceptions(RestRequest request) {
        String raw = request.query().get("maxExceptions");
        if (raw == null) {
            return Integer.MAX_VALUE;
        }
        try {
            int max = Integer.parseInt(raw.trim());
            if (max < 0) {
                throw new NumberFormatException();
            }
            return max;
        } catch (NumberFormatException e) {
            throw new RestException(RestException.BAD_REQUEST, "Bad request, could not parse parameter maxExceptions: '"
                    + raw + "' is not a non-negative integer");
        }
    }

    /*
     * Flink 1.x's fields next to the history: root-exception and timestamp are the latest failure
     * (left out while there is none), all-exceptions is empty as in Flink since the history replaced it.
     */
    private static ObjectNode exceptions(JobInfo job, int maxExceptions) {
        ObjectNode node = JSON.createObjectNode();
        List<JobFailure> failures = job.history().failures();
        job.lastFailure().ifPresent(last -> node.put("root-exception", last.stackTrace())
                .put("timestamp", last.timestamp().toEpochMilli()));
        node.putArray("all-exceptions");
        node.put("truncated", false);
        ObjectNode history = node.putObject("exceptionHistory");
        ArrayNode entries = history.putArray("entries");
        failures.stream().limit(maxExceptions).forEach(failure -> entry(entries.addObject(), failure));
        history.put("truncated", failures.size() > maxExceptions);
        return node;
    }

    private static void entry(ObjectNode entry, JobFailure failure) {
        entry.put("exceptionName", failure.exceptionName())
                .put("stacktrace", failure.stackTrace())
                .put("timestamp", failure.timestamp().toEpochMilli())
                .put("taskName", failure.taskName())
                .put("location", failure.location())
                .put("endpoint", failure.location())
                .put("taskManagerId", failure.location());
        entry.putObject("failureLabels");
        entry.putArray("concurrentExceptions");
    }

    /** Without {@code get}, the metrics there are ({@code [{"id": …}]}); with it, their values as strings. */
    private static JsonNode metrics(JobInfo job, String get) {
        ArrayNode list = JSON.createArrayNode();
        if (get == null || get.isBlank()) {
            METRICS.keySet().forEach(name -> list.addObject().put("id", name));
            return list;
        }
        for (String name : get.split(",")) {
            Function<JobInfo, Long> metric = METRICS.get(name.trim());
            if (metric != null) {
                list.addObject().put("id", name.trim()).put("value", String.valueOf(metric.apply(job)));
            }
        }
        return list;
    }
}
