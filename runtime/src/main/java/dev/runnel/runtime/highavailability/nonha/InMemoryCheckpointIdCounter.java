package dev.runnel.runtime.highavailability.nonha;

import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.highavailability.CheckpointIdCounter;
import java.util.concurrent.atomic.AtomicLong;

/** A counter in memory, starting at 1. */
public final class InMemoryCheckpointIdCounter implements CheckpointIdCounter {
    private final AtomicLong next = new AtomicLong(1);

    @Override
    public long getAndIncrement() {
        return next.getAndIncrement();
    }

    @Override
    public long get() {
        return next.get();
    }

    @Override
    public void setCount(long count) {
        next.accumulateAndGet(count, Math::max);
    }

    @Override
    public void shutdown(JobStatus status) {
    }
}
