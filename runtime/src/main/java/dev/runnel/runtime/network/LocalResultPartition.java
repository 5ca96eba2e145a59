package dev.runnel.runtime.network;

import dev.runnel.runtime.stream.StreamElement;
import java.util.List;

/** A {@link ResultPartition} whose subpartitions are {@link LocalChannel}s in this JVM. */
public final class LocalResultPartition implements ResultPartition {
    private final List<LocalChannel> channels;

    public LocalResultPartition(List<LocalChannel> channels) {
        this.channels = List.copyOf(channels);
    }

    @Override
    public int numberOfSubpartitions() {
        return channels.size();
    }

    @Override
    public void emit(StreamElement element, int subpartition) throws InterruptedException {
        channels.get(subpartition).put(element);
    }

    @Override
    public void release() {
        channels.forEach(LocalChannel::release);
    }
}
