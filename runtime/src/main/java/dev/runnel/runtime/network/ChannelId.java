package dev.runnel.runtime.network;

import dev.runnel.runtime.cluster.JobId;
import java.util.Objects;

/**
 * One producer subtask to one consumer subtask along one edge of a job. Producer and consumer
 * find the same channel by this id, whichever of them is deployed first.
 *
 * @param edgeIndex the edge's position in {@link dev.runnel.runtime.jobgraph.JobGraph#edges()}
 */
public record ChannelId(JobId jobId, int edgeIndex, int producerSubtask, int consumerSubtask) {
    public ChannelId {
        Objects.requireNonNull(jobId, "jobId");
    }
}
