package dev.runnel.runtime.cluster;

import java.io.Serializable;
import java.util.List;

/**
 * The processes of a cluster as {@code SHOW CLUSTER} and REST {@code /cluster} show them: its
 * JobManagers (with high availability the leader and the standbys contending in the election,
 * in the election's order) and the TaskManagers registered with the leader.
 */
public record ClusterOverview(List<JobManagerEntry> jobManagers, List<TaskManagerInfo> taskManagers)
        implements Serializable {
    public ClusterOverview {
        jobManagers = List.copyOf(jobManagers);
        taskManagers = List.copyOf(taskManagers);
    }

    /**
     * One JobManager.
     *
     * @param address its RPC address ({@code host:port}), a description where it has none
     *                (embedded), or null for "the JobManager that answered" (a session cluster
     *                without high availability, whose JobManager knows no address a client could use)
     * @param leader  whether it leads; a JobManager that does not is a standby
     */
    public record JobManagerEntry(String address, boolean leader) implements Serializable {
    }
}
