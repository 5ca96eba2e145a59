package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.cluster.CheckpointStats;
import java.time.Duration;
import java.time.Instant;

/** Counts a job's checkpoints for {@link CheckpointStats}. JobManager main thread only. */
final class CheckpointStatsTracker {
    private long completed;
    private long failed;
    private long restarts;
    private long latestId = -1;
    private Duration latestDuration;
    private long latestStateSize;
    private long latestCheckpointedSize;
    private Instant latestCompletionTime;
    private String latestPath;
    private String latestFailure;
    private CheckpointStats.Restores restores = CheckpointStats.Restores.NONE;

    void completed(long id, Duration duration, long stateSize, long checkpointedSize, Instant time, String path) {
        completed++;
        latestId = id;
        latestDuration = duration;
        latestStateSize = stateSize;
        latestCheckpointedSize = checkpointedSize;
        latestCompletionTime = time;
        latestPath = path;
    }

    void failed(String reason) {
        failed++;
        latestFailure = reason;
    }

    void restarted() {
        restarts++;
    }

    void restored(long id, Instant time, boolean savepoint, String path) {
        restores = new CheckpointStats.Restores(restores.count() + 1, id, time, savepoint, path);
    }

    CheckpointStats snapshot(int inProgress) {
        return new CheckpointStats(completed, failed, inProgress, restarts, latestId, latestDuration, latestStateSize,
                latestCheckpointedSize, latestCompletionTime, latestPath, latestFailure, restores);
    }
}
