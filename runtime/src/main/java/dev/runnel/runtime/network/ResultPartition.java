package dev.runnel.runtime.network;

import dev.runnel.runtime.stream.StreamElement;

/**
 * The producing side of one edge for one producer subtask: one subpartition per consumer
 * subtask it sends to. The local implementation writes into {@link LocalChannel}s; a network
 * transport would put a credit-based connection behind the same interface.
 *
 * <p>Called only from the producing task's thread, except {@link #release()}.
 */
public interface ResultPartition {

    int numberOfSubpartitions();

    /**
     * Sends {@code element} to one subpartition, blocking while it is full.
     *
     * @throws ChannelReleasedException when the partition or the consumer was released
     */
    void emit(StreamElement element, int subpartition) throws InterruptedException;

    /** Sends {@code element} (a watermark, barrier or end of input) to every subpartition. */
    default void broadcast(StreamElement element) throws InterruptedException {
        for (int i = 0; i < numberOfSubpartitions(); i++) {
            emit(element, i);
        }
    }

    /** Drops what is buffered and wakes a producer blocked on a full subpartition. Any thread. */
    void release();
}
