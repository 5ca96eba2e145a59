package dev.runnel.runtime.rest;

import static dev.runnel.runtime.rest.RestServer.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.runnel.runtime.RunnelVersion;
import dev.runnel.runtime.cluster.ClusterOverview;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.MemoryUsage;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import java.util.List;
import java.util.TimeZone;

/** {@code /config}, {@code /overview}, {@code /taskmanagers} and {@code /cluster}: the cluster as a whole. */
final class ClusterHandlers {
    /** Reported as {@code flink-version}: tools read the field; Runnel says its own version there. */
    static final String VERSION = RunnelVersion.number();

    private final RestGateway gateway;

    ClusterHandlers(RestGateway gateway) {
        this.gateway = gateway;
    }

    void register(RestRouter router) {
        router.get("/config", request -> config());
        router.get("/overview", request -> overview());
        router.get("/taskmanagers", request -> taskManagers());
        router.get("/cluster", request -> cluster());
    }

    /** Runnel's: the JobManagers (leader and standbys) and the TaskManagers, as SHOW CLUSTER shows them. */
    private ObjectNode cluster() {
        ClusterOverview overview = gateway.overview();
        ObjectNode node = JSON.createObjectNode();
        ArrayNode jobManagers = node.putArray("jobmanagers");
        for (ClusterOverview.JobManagerEntry jm : overview.jobManagers()) {
            jobManagers.addObject().put("address", jm.address()).put("role", jm.leader() ? "leader" : "standby");
        }
        ArrayNode taskManagers = node.putArray("taskmanagers");
        for (TaskManagerInfo tm : overview.taskManagers()) {
            taskManagers.addObject().put("id", tm.id()).put("path", tm.location().path())
                    .put("slotsNumber", tm.slots()).put("freeSlots", tm.freeSlots());
        }
        return node;
    }

    private ObjectNode config() {
        TimeZone zone = TimeZone.getDefault();
        ObjectNode node = JSON.createObjectNode()
                .put("refresh-interval", 3000)
                .put("timezone-name", zone.getDisplayName())
                .put("timezone-offset", zone.getOffset(System.currentTimeMillis()))
                .put("flink-version", VERSION)
                .put("flink-revision", "unknown");
        node.putObject("features").put("web-submit", false).put("web-cancel", true).put("web-rescale", true)
                .put("web-history", false);
        return node;
    }

    private ObjectNode overview() {
        List<TaskManagerInfo> taskManagers = gateway.registeredTaskManagers();
        List<JobInfo> jobs = gateway.listJobs();
        return JSON.createObjectNode()
                .put("taskmanagers", taskManagers.size())
                .put("slots-total", taskManagers.stream().mapToInt(TaskManagerInfo::slots).sum())
                .put("slots-available", taskManagers.stream().mapToInt(TaskManagerInfo::freeSlots).sum())
                .put("jobs-running", jobs.stream().filter(j -> !j.status().isTerminal()).count())
                .put("jobs-finished", count(jobs, JobStatus.FINISHED))
                .put("jobs-cancelled", count(jobs, JobStatus.CANCELED))
                .put("jobs-failed", count(jobs, JobStatus.FAILED))
                .put("flink-version", VERSION)
                .put("flink-commit", "unknown");
    }

    private static long count(List<JobInfo> jobs, JobStatus status) {
        return jobs.stream().filter(j -> j.status() == status).count();
    }

    private ObjectNode taskManagers() {
        ObjectNode node = JSON.createObjectNode();
        ArrayNode list = node.putArray("taskmanagers");
        for (TaskManagerInfo tm : gateway.registeredTaskManagers()) {
            // Flink's field name, but its value is the time of the last heartbeat (epoch ms)
            ObjectNode entry = list.addObject()
                    .put("id", tm.id())
                    .put("path", tm.location().path())
                    .put("dataPort", tm.location().dataPort())
                    .put("jmxPort", -1)
                    .put("timeSinceLastHeartbeat", tm.location().lastHeartbeatMillis())
                    .put("slotsNumber", tm.slots())
                    .put("freeSlots", tm.freeSlots());
            MemoryUsage memory = tm.location().memory();
            entry.putObject("hardware").put("cpuCores", tm.location().cpuCores())
                    .put("physicalMemory", memory == null ? -1 : memory.physicalMemory())
                    .put("freeMemory", tm.location().heapBytes())
                    .put("managedMemory", 0);
            if (memory != null) { // none before a TaskManager process's first heartbeat
                entry.putObject("metrics")
                        .put("heapUsed", memory.heapUsed()).put("heapCommitted", memory.heapCommitted())
                        .put("heapMax", memory.heapMax()).put("nonHeapUsed", memory.nonHeapUsed())
                        .put("nonHeapCommitted", memory.nonHeapCommitted()).put("directCount", memory.directCount())
                        .put("directUsed", memory.directUsed()).put("rss", memory.rss());
            }
        }
        return node;
    }
}
