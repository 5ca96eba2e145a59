package dev.runnel.runtime.cluster;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;

/**
 * A job's checkpoints as {@code SHOW JOBS} and {@code DESCRIBE JOB} show them.
 *
 * @param completed checkpoints completed so far
 * @param failed checkpoints aborted (timeout, a declining or failing task)
 * @param inProgress checkpoints triggered and not yet completed or aborted
 * @param restarts how often the job restarted from a checkpoint after a failure
 * @param latestCompletedId the id of the latest completed checkpoint, or -1
 * @param latestDuration from trigger to completion of the latest completed checkpoint, or {@code null}
 * @param latestStateSize the full state size of the latest completed checkpoint, in bytes
 * @param latestCheckpointedSize the bytes the latest completed checkpoint wrote anew (incremental)
 * @param latestCompletionTime when the latest one completed, or {@code null}
 * @param latestPath the directory of the latest completed checkpoint, or {@code null}
 * @param latestFailure why the latest failed checkpoint failed, or {@code null}
 */
public record CheckpointStats(long completed, long failed, long inProgress, long restarts, long latestCompletedId,
                              Duration latestDuration, long latestStateSize, long latestCheckpointedSize,
                              Instant latestCompletionTime, String latestPath, String latestFailure)
        implements Serializable {

    /** A job without checkpoints. */
    public static final CheckpointStats NONE = new CheckpointStats(0, 0, 0, 0, -1, null, 0, 0, null, null, null);
}
