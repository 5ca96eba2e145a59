package dev.runnel.runtime.rest;

import static dev.runnel.runtime.rest.RestServer.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.task.ExecutionState;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** {@code /jobs}, {@code /jobs/overview}, {@code /jobs/:jobid} and cancelling with {@code PATCH /jobs/:jobid}. */
final class JobHandlers {
    private final RestGateway gateway;

    JobHandlers(RestGateway gateway) {
        this.gateway = gateway;
    }

    void register(RestRouter router) {
        router.get("/jobs", request -> jobs());
        router.get("/jobs/overview", request -> overview());
        router.get("/jobs/:jobid", request -> details(job(gateway, request.jobId())));
        router.get("/jobs/:jobid/vertices/:vertexid", this::vertex);
        router.add("PATCH", "/jobs/:jobid", 202, this::cancel);
    }

    /** The job, or a 404 naming its id as Flink words it. */
    static JobInfo job(RestGateway gateway, JobId id) {
        try {
            return gateway.getJob(id);
        } catch (IllegalArgumentException e) {
            throw new RestException(RestException.NOT_FOUND, "Job " + id + " not found");
        }
    }

    private ObjectNode jobs() {
        ObjectNode node = JSON.createObjectNode();
        ArrayNode list = node.putArray("jobs");
        gateway.listJobs().forEach(job -> list.addObject().put("id", job.id().value()).put("status", job.status().name()));
        return node;
    }

    private ObjectNode overview() {
        ObjectNode node = JSON.createObjectNode();
        ArrayNode list = node.putArray("jobs");
        long now = System.currentTimeMillis();
        for (JobInfo job : gateway.listJobs()) {
            ObjectNode entry = list.addObject().put("jid", job.id().value()).put("name", job.name())
                    .put("state", job.status().name());
            times(entry, job, now);
            entry.put("last-modification", millis(job.endTime() != null ? job.endTime() : job.startTime()));
            ObjectNode tasks = entry.putObject("tasks");
            int total = 0;
            for (ExecutionState state : ExecutionState.values()) {
                int n = job.vertices().stream().mapToInt(v -> v.subtaskStates().getOrDefault(state.name(), 0)).sum();
                tasks.put(state.name().toLowerCase(Locale.ROOT), n);
                total += n;
            }
            tasks.put("total", total);
        }
        return node;
    }

    private ObjectNode details(JobInfo job) {
        long now = System.currentTimeMillis();
        ObjectNode node = JSON.createObjectNode().put("jid", job.id().value()).put("name", job.name())
                .put("isStoppable", false).put("state", job.status().name()).put("job-type", "STREAMING");
        if (job.waitingFor() != null) {
            node.put("waiting-for", job.waitingFor()); // Runnel's: Flink's REST says nothing of a wait for slots
        }
        times(node, job, now);
        node.put("maxParallelism", -1).put("now", now);
        // When the job last entered each status, 0 for those it never was in (as Flink reports them).
        ObjectNode timestamps = node.putObject("timestamps");
        for (JobStatus status : JobStatus.values()) {
            timestamps.put(status.name(), job.history().enteredAt(status).map(Instant::toEpochMilli).orElse(0L));
        }
        timestamps.put(JobStatus.CREATED.name(), millis(job.startTime()));
        if (job.endTime() != null) {
            timestamps.put(job.status().name(), millis(job.endTime()));
        }
        ArrayNode vertices = node.putArray("vertices");
        ObjectNode statusCounts = JSON.createObjectNode();
        for (ExecutionState state : ExecutionState.values()) {
            statusCounts.put(state.name(), 0);
        }
        for (VertexInfo vertex : job.vertices()) {
            ObjectNode v = vertices.addObject().put("id", vertexId(vertex)).put("name", vertex.name())
                    .put("maxParallelism", -1).put("parallelism", vertex.parallelism())
                    .put("status", vertexStatus(vertex).name());
            times(v, job, now);
            ObjectNode tasks = v.putObject("tasks");
            for (ExecutionState state : ExecutionState.values()) {
                tasks.put(state.name(), vertex.subtaskStates().getOrDefault(state.name(), 0));
            }
            String status = v.get("status").asText();
            statusCounts.put(status, statusCounts.get(status).asInt() + 1);
            // Runnel counts the rows a vertex's source reads and its sink receives; rows and bytes
            // crossing exchanges between vertices are not counted (the "-complete" flags say so).
            v.putObject("metrics")
                    .put("read-bytes", 0).put("read-bytes-complete", false)
                    .put("write-bytes", 0).put("write-bytes-complete", false)
                    .put("read-records", vertex.recordsIn()).put("read-records-complete", false)
                    .put("write-records", vertex.recordsOut()).put("write-records-complete", false)
                    .put("accumulated-backpressured-time", 0).put("accumulated-idle-time", 0)
                    .put("accumulated-busy-time", 0);
        }
        node.set("status-counts", statusCounts);
        // Runnel's: Flink's job details say nothing of how the parallelism changed
        ArrayNode rescales = node.putArray("rescales");
        for (JobScaling.Rescale rescale : job.scaling().rescales()) {
            rescales.addObject().put("timestamp", millis(rescale.time())).put("from", rescale.from())
                    .put("to", rescale.to()).put("reason", rescale.reason()).put("checkpoint-id", rescale.checkpointId());
        }
        return node;
    }

    /** Flink's vertex details: each subtask's state and the TaskManager it runs on. */
    private ObjectNode vertex(RestRequest request) {
        JobInfo job = job(gateway, request.jobId());
        String wanted = request.pathParameter("vertexid");
        VertexInfo vertex = job.vertices().stream().filter(v -> vertexId(v).equals(wanted)).findFirst()
                .orElseThrow(() -> new RestException(RestException.NOT_FOUND, "Vertex " + wanted + " of job "
                        + job.id() + " not found"));
        Map<String, TaskManagerInfo> taskManagers = new HashMap<>();
        gateway.registeredTaskManagers().forEach(tm -> taskManagers.put(tm.id(), tm));
        ObjectNode node = JSON.createObjectNode().put("id", wanted).put("name", vertex.name())
                .put("maxParallelism", -1).put("parallelism", vertex.parallelism()).put("now", System.currentTimeMillis());
        ArrayNode subtasks = node.putArray("subtasks");
        for (VertexInfo.Subtask subtask : vertex.subtasks()) {
            TaskManagerInfo tm = subtask.taskManagerId() == null ? null : taskManagers.get(subtask.taskManagerId());
            subtasks.addObject().put("subtask", subtask.index()).put("status", subtask.state())
                    .put("attempt", subtask.attempt())
                    .put("taskmanager-id", subtask.taskManagerId() == null ? "(unassigned)" : subtask.taskManagerId())
                    // Flink's host; a TaskManager that is gone (lost) is named by its id only
                    .put("host", tm == null ? "(unknown)" : tm.location().path());
        }
        return node;
    }

    private ObjectNode cancel(RestRequest request) {
        String mode = request.query().getOrDefault("mode", "cancel");
        if (!mode.equals("cancel")) {
            throw new RestException(RestException.BAD_REQUEST, "PATCH /jobs/:jobid?mode=" + mode
                    + " is not supported yet: only mode=cancel is (stop a job with POST /jobs/:jobid/stop)");
        }
        JobInfo job = job(gateway, request.jobId());
        if (job.status().isTerminal() && job.status() != JobStatus.CANCELED) {
            throw new RestException(RestException.CONFLICT, "Job cancellation failed because the job "
                    + job.id() + " has already reached another terminal state (" + job.status() + ")");
        }
        gateway.cancelJob(job.id());
        return JSON.createObjectNode();
    }

    /** Flink's 32-hex-digit vertex id; Runnel numbers vertices within a job. */
    static String vertexId(VertexInfo vertex) {
        return String.format(Locale.ROOT, "%032x", vertex.id());
    }

    /** The vertex's state from its subtasks', ranked as Flink aggregates them. */
    static ExecutionState vertexStatus(VertexInfo vertex) {
        Map<String, Integer> states = vertex.subtaskStates();
        for (ExecutionState state : new ExecutionState[] {ExecutionState.FAILED, ExecutionState.CANCELING,
                ExecutionState.CANCELED, ExecutionState.RUNNING}) {
            if (states.getOrDefault(state.name(), 0) > 0) {
                return state;
            }
        }
        int finished = states.getOrDefault(ExecutionState.FINISHED.name(), 0);
        if (finished > 0 && finished == vertex.parallelism()) {
            return ExecutionState.FINISHED;
        }
        for (ExecutionState state : new ExecutionState[] {ExecutionState.DEPLOYING, ExecutionState.SCHEDULED}) {
            if (states.getOrDefault(state.name(), 0) > 0) {
                return state;
            }
        }
        return finished > 0 ? ExecutionState.RUNNING : ExecutionState.CREATED;
    }

    /** {@code start-time}, {@code end-time} (-1 while it runs) and {@code duration}, in epoch milliseconds. */
    private static void times(ObjectNode node, JobInfo job, long now) {
        long start = millis(job.startTime());
        long end = job.endTime() == null ? -1 : millis(job.endTime());
        node.put("start-time", start).put("end-time", end)
                .put("duration", start < 0 ? 0 : (end < 0 ? now : end) - start);
    }

    static long millis(Instant instant) {
        return instant == null ? -1 : instant.toEpochMilli();
    }
}
