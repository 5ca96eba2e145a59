package dev.runnel.runtime.network;

import dev.runnel.runtime.cluster.JobId;
import java.io.Serializable;
import java.util.Objects;

/**
 * One producer subtask to one consumer subtask along one edge of a job. Producer and consumer
 * find the same channel by this id, whichever of them is deployed first.
 *
 * @param edgeIndex the edge's position in {@link dev.runnel.runtime.jobgraph.JobGraph#edges()}
 * @param generation how often the job restarted before this deployment, so that the channels of
 *                   a restarted job are new ones and a late release of the old ones cannot hit them
 */
public record ChannelId(JobId jobId, int edgeIndex, int producerSubtask, int consumerSubtask, int generation)
        implements Serializable {
    public ChannelId {
        Objects.requireNonNull(jobId, "jobId");
    }

    /** A channel of a job's first deployment. */
    public ChannelId(JobId jobId, int edgeIndex, int producerSubtask, int consumerSubtask) {
        this(jobId, edgeIndex, producerSubtask, consumerSubtask, 0);
    }
}
