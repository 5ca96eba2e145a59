package dev.runnel.runtime.network;

import dev.runnel.runtime.stream.StreamElement;
import java.util.Arrays;
import java.util.List;

/**
 * An {@link InputGate} over {@link LocalChannel}s, polled round-robin so no channel starves;
 * blocked channels are skipped.
 */
public final class LocalInputGate implements InputGate {
    private final List<LocalChannel> channels;
    private final boolean[] blocked;
    private int next;

    public LocalInputGate(List<LocalChannel> channels) {
        this.channels = List.copyOf(channels);
        this.blocked = new boolean[channels.size()];
    }

    @Override
    public void block(int channelIndex) {
        blocked[channelIndex] = true;
    }

    @Override
    public void unblockAll() {
        Arrays.fill(blocked, false);
    }

    @Override
    public int numberOfChannels() {
        return channels.size();
    }

    @Override
    public InputElement pollNext() {
        int n = channels.size();
        for (int i = 0; i < n; i++) {
            int index = (next + i) % n;
            if (blocked[index]) {
                continue;
            }
            StreamElement element = channels.get(index).poll();
            if (element != null) {
                next = (index + 1) % n;
                return new InputElement(index, element);
            }
        }
        return null;
    }

    @Override
    public void setAvailabilityListener(Runnable listener) {
        channels.forEach(c -> c.setDataListener(listener));
    }

    @Override
    public void release() {
        channels.forEach(LocalChannel::release);
    }
}
