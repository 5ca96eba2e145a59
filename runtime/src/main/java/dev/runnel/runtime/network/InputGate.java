package dev.runnel.runtime.network;

import dev.runnel.runtime.stream.StreamElement;

/**
 * The consuming side of a subtask: all channels of all edges that end at its vertex. Polled by
 * the task's thread, never blocking; a listener tells the task when data arrives so that it can
 * sleep in its mailbox meanwhile.
 */
public interface InputGate {

    /** An element and the gate channel it came from. */
    record InputElement(int channelIndex, StreamElement element) {
    }

    int numberOfChannels();

    /** The next element from any channel, or {@code null} if all are empty. Task thread only. */
    InputElement pollNext();

    /**
     * Stops polling channel {@code channelIndex} (a checkpoint barrier arrived on it and the
     * task aligns): its elements stay queued until {@link #unblockAll()}. Task thread only.
     */
    void block(int channelIndex);

    /** Polls every channel again. Task thread only. */
    void unblockAll();

    /**
     * Called, from a producer's thread, whenever data arrives in an empty channel. Set once,
     * before polling starts.
     */
    void setAvailabilityListener(Runnable listener);

    /** Releases all channels: producers blocked on them fail to write. Any thread. */
    void release();
}
