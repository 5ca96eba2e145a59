package dev.runnel.runtime.network;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.Partitioning;

/**
 * Chooses the subpartition a row goes to, for one {@link Partitioning}. Stateful (round-robin),
 * so one instance per producing subtask and edge.
 */
public interface ChannelSelector {
    /** What {@link #select} returns when the row goes to every subpartition. */
    int ALL = -1;

    /** The subpartition for {@code row}, or {@link #ALL}. */
    int select(Row row);

    /**
     * A selector for rows of producer subtask {@code producerSubtask} into {@code channels}
     * subpartitions. FORWARD and GLOBAL partitions have a single subpartition, so they always
     * pick 0.
     */
    static ChannelSelector of(Partitioning partitioning, int channels, int producerSubtask, int maxParallelism) {
        if (partitioning instanceof Partitioning.Broadcast) {
            return row -> ALL;
        }
        if (partitioning instanceof Partitioning.Hash hash) {
            int[] keys = hash.keyFields().clone();
            return row -> KeyGroups.subtaskFor(row, keys, maxParallelism, channels);
        }
        if (partitioning instanceof Partitioning.Rebalance) {
            return new RoundRobin(channels, producerSubtask % channels);
        }
        // Forward and Global: the partition has one subpartition.
        return row -> 0;
    }

    /** Rows go to the subpartitions in turn. */
    final class RoundRobin implements ChannelSelector {
        private final int channels;
        private int next;

        /** Starts at {@code first}, different in each producer, so that small inputs spread out. */
        RoundRobin(int channels, int first) {
            this.channels = channels;
            this.next = first;
        }

        @Override
        public int select(Row row) {
            int channel = next;
            next = next + 1 == channels ? 0 : next + 1;
            return channel;
        }
    }
}
