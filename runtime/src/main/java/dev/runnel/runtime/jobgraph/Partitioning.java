package dev.runnel.runtime.jobgraph;

import java.io.Serializable;
import java.util.Arrays;

/** How the rows of a producing vertex are distributed over the subtasks of a consuming one. */
public sealed interface Partitioning extends Serializable {

    /** Subtask i sends to subtask i; needs equal parallelism. Chaining fuses these edges. */
    record Forward() implements Partitioning {
        @Override
        public String toString() {
            return "FORWARD";
        }
    }

    /** Each row goes to the subtask that owns the key group of the given key fields. */
    record Hash(int[] keyFields) implements Partitioning {
        @Override
        public boolean equals(Object o) {
            return o instanceof Hash h && Arrays.equals(keyFields, h.keyFields);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(keyFields);
        }

        @Override
        public String toString() {
            return "HASH" + Arrays.toString(keyFields);
        }
    }

    /** Every row goes to every consuming subtask. */
    record Broadcast() implements Partitioning {
        @Override
        public String toString() {
            return "BROADCAST";
        }
    }

    /** Rows go round-robin to the consuming subtasks. */
    record Rebalance() implements Partitioning {
        @Override
        public String toString() {
            return "REBALANCE";
        }
    }

    /** All rows go to subtask 0 (for a sink or collect that must see everything in order). */
    record Global() implements Partitioning {
        @Override
        public String toString() {
            return "GLOBAL";
        }
    }
}
