package dev.runnel.runtime.network;

import dev.runnel.runtime.metrics.WaitTimer;
import dev.runnel.runtime.stream.StreamElement;
import java.util.List;

/**
 * A {@link ResultPartition} whose subpartitions take the elements as they come: a
 * {@link LocalChannel} for a consumer in this TaskManager, the producing end of a network
 * channel for one in another.
 */
public final class PipelinedResultPartition implements ResultPartition {
    private final List<Subpartition> subpartitions;
    private final WaitTimer backPressured;

    public PipelinedResultPartition(List<? extends Subpartition> subpartitions) {
        this(subpartitions, null);
    }

    /** @param backPressured times the producer's waits for room in a full subpartition; may be {@code null} */
    public PipelinedResultPartition(List<? extends Subpartition> subpartitions, WaitTimer backPressured) {
        this.subpartitions = List.copyOf(subpartitions);
        this.backPressured = backPressured;
    }

    @Override
    public int numberOfSubpartitions() {
        return subpartitions.size();
    }

    @Override
    public void emit(StreamElement element, int subpartition) throws InterruptedException {
        subpartitions.get(subpartition).put(element, backPressured);
    }

    @Override
    public void release() {
        subpartitions.forEach(Subpartition::release);
    }
}
