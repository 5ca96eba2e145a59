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
 * @param restores the state the job was deployed from, at its start or after failures
 */
public record CheckpointStats(long completed, long failed, long inProgress, long restarts, long latestCompletedId,
                              Duration latestDuration, long latestStateSize, long latestCheckpointedSize,
                              Instant latestCompletionTime, String latestPath, String latestFailure,
                              Restores restores)
        implements Serializable {

    /** A job without checkpoints. */
    public static final CheckpointStats NONE = new CheckpointStats(0, 0, 0, 0, -1, null, 0, 0, null, null, null);

    /**
     * How often a job's tasks were deployed with the state of a checkpoint or savepoint, and the
     * latest one (Flink's "restored" checkpoint statistics).
     *
     * @param count deployments that restored state (a start from a savepoint, restarts after a checkpoint)
     * @param latestId the id of the checkpoint or savepoint restored last, or -1
     * @param latestTime when that happened, or {@code null}
     * @param latestSavepoint whether it was a savepoint
     * @param latestPath its directory, or {@code null}
     */
    public record Restores(long count, long latestId, Instant latestTime, boolean latestSavepoint, String latestPath)
            implements Serializable {
        public static final Restores NONE = new Restores(0, -1, null, false, null);
    }

    public CheckpointStats {
        restores = restores == null ? Restores.NONE : restores;
    }

    /** Statistics of a job that restored nothing. */
    public CheckpointStats(long completed, long failed, long inProgress, long restarts, long latestCompletedId,
                           Duration latestDuration, long latestStateSize, long latestCheckpointedSize,
                           Instant latestCompletionTime, String latestPath, String latestFailure) {
        this(completed, failed, inProgress, restarts, latestCompletedId, latestDuration, latestStateSize,
                latestCheckpointedSize, latestCompletionTime, latestPath, latestFailure, null);
    }

    /** {@code #3}, or {@code -} before the first completed checkpoint: for one-line progress displays. */
    public String latestLabel() {
        return latestCompletedId < 0 ? "-" : "#" + latestCompletedId;
    }

    /**
     * One line for {@code DESCRIBE JOB}: {@code 3 completed, 0 failed, 0 in progress, 1 restart;
     * latest #3 took 120 ms, 1.2 MiB (48.0 KiB new) at file:/…/chk-3/}.
     */
    public String describe() {
        if (completed == 0 && failed == 0 && inProgress == 0 && restarts == 0) {
            return "-";
        }
        StringBuilder text = new StringBuilder().append(completed).append(" completed, ").append(failed)
                .append(" failed, ").append(inProgress).append(" in progress, ").append(restarts)
                .append(restarts == 1 ? " restart" : " restarts");
        if (latestCompletedId >= 0) {
            text.append("; latest ").append(latestLabel());
            if (latestDuration != null) {
                text.append(" took ").append(latestDuration.toMillis()).append(" ms");
            }
            text.append(", ").append(bytes(latestStateSize)).append(" (").append(bytes(latestCheckpointedSize))
                    .append(" new)");
            if (latestPath != null) {
                text.append(" at ").append(latestPath);
            }
        }
        if (latestFailure != null) {
            text.append("; last failure: ").append(latestFailure);
        }
        return text.toString();
    }

    private static String bytes(long size) {
        if (size < 1024) {
            return size + " B";
        }
        double value = size;
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(java.util.Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
