package dev.runnel.runtime.network;

import dev.runnel.runtime.metrics.WaitTimer;
import dev.runnel.runtime.stream.StreamElement;

/**
 * The producing end of one channel: where a producer subtask puts the elements for one
 * consumer subtask. Bounded: a full subpartition blocks the producer (backpressure) until the
 * consumer (or the network, for a consumer elsewhere) takes what it holds, or the channel is
 * released.
 */
public interface Subpartition extends LocalChannelRegistry.Releasable {

    /**
     * Appends {@code element}, waiting while the subpartition is full and timing the wait with
     * {@code whileFull} (may be {@code null}). Producer thread only.
     *
     * @throws ChannelReleasedException if the channel is or gets released
     */
    void put(StreamElement element, WaitTimer whileFull) throws InterruptedException;

    /** Drops what is buffered and wakes a blocked producer, which then fails to write. Any thread. */
    @Override
    void release();
}
