package dev.runnel.runtime.highavailability.nonha;

import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.highavailability.CompletedCheckpoint;
import dev.runnel.runtime.highavailability.CompletedCheckpointStore;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Completed checkpoints in memory: they last as long as the JobManager. Also the bookkeeping a
 * durable store keeps of what it wrote.
 */
public final class InMemoryCompletedCheckpointStore implements CompletedCheckpointStore {
    private final int maxRetained;
    private final ArrayDeque<CompletedCheckpoint> held = new ArrayDeque<>();

    /** @param maxRetained {@code state.checkpoints.num-retained}; below 1 counts as 1 */
    public InMemoryCompletedCheckpointStore(int maxRetained) {
        this.maxRetained = Math.max(1, maxRetained);
    }

    /** @throws IllegalArgumentException unless {@code checkpoint} is newer than the latest held */
    public synchronized void checkNewer(CompletedCheckpoint checkpoint) {
        CompletedCheckpoint latest = held.peekLast();
        if (latest != null && checkpoint.checkpointId() <= latest.checkpointId()) {
            throw new IllegalArgumentException("Checkpoint " + checkpoint.checkpointId() + " of job "
                    + checkpoint.jobId() + " is not newer than the latest one kept, " + latest.checkpointId());
        }
    }

    @Override
    public synchronized List<CompletedCheckpoint> add(CompletedCheckpoint checkpoint) {
        checkNewer(checkpoint);
        held.addLast(checkpoint);
        List<CompletedCheckpoint> dropped = new ArrayList<>();
        while (held.size() > maxRetained) {
            dropped.add(held.pollFirst());
        }
        return dropped;
    }

    @Override
    public synchronized Optional<CompletedCheckpoint> latest() {
        return Optional.ofNullable(held.peekLast());
    }

    @Override
    public synchronized List<CompletedCheckpoint> all() {
        return List.copyOf(held);
    }

    @Override
    public int maxRetained() {
        return maxRetained;
    }

    /** Forgets every checkpoint held and returns them, oldest first. */
    public synchronized List<CompletedCheckpoint> clear() {
        List<CompletedCheckpoint> all = all();
        held.clear();
        return all;
    }

    @Override
    public List<CompletedCheckpoint> shutdown(JobStatus status) {
        return status.isTerminal() ? clear() : List.of();
    }
}
