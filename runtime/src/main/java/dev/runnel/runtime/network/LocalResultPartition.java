package dev.runnel.runtime.network;

import dev.runnel.runtime.metrics.WaitTimer;
import dev.runnel.runtime.stream.StreamElement;
import java.util.List;

/** A {@link ResultPartition} whose subpartitions are {@link LocalChannel}s in this JVM. */
public final class LocalResultPartition implements ResultPartition {
    private final List<LocalChannel> channels;
    private final WaitTimer backPressured;

    public LocalResultPartition(List<LocalChannel> channels) {
        this(channels, null);
    }

    /** @param backPressured times the producer's waits for room in a full channel; may be {@code null} */
    public LocalResultPartition(List<LocalChannel> channels, WaitTimer backPressured) {
        this.channels = List.copyOf(channels);
        this.backPressured = backPressured;
    }

    @Override
    public int numberOfSubpartitions() {
        return channels.size();
    }

    @Override
    public void emit(StreamElement element, int subpartition) throws InterruptedException {
        channels.get(subpartition).put(element, backPressured);
    }

    @Override
    public void release() {
        channels.forEach(LocalChannel::release);
    }
}
