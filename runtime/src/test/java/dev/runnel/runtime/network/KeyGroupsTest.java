package dev.runnel.runtime.network;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.Partitioning;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyGroupsTest {

    @Test
    void keyGroupsMapToSubtasksInContiguousRangesCoveringAll() {
        int max = 128;
        for (int parallelism : new int[] {1, 2, 3, 7, 128}) {
            int previous = 0;
            Set<Integer> seen = new HashSet<>();
            for (int kg = 0; kg < max; kg++) {
                int subtask = KeyGroups.subtaskForKeyGroup(kg, max, parallelism);
                assertThat(subtask).isBetween(previous, parallelism - 1);
                previous = subtask;
                seen.add(subtask);
            }
            assertThat(seen).hasSize(parallelism);
        }
    }

    @Test
    void equalKeysGoToTheSameSubtaskWhateverTheOtherFields() {
        int[] key = {0, 1};
        for (long i = 0; i < 1000; i++) {
            Row a = Row.of(i % 13, "k" + (i % 3), "x" + i);
            Row b = Row.of(i % 13, "k" + (i % 3), "other");
            assertThat(KeyGroups.subtaskFor(a, key, 128, 4)).isEqualTo(KeyGroups.subtaskFor(b, key, 128, 4));
        }
        // Equal SQL decimals hash alike regardless of scale.
        assertThat(KeyGroups.keyGroupFor(Row.of(new BigDecimal("1.0")), new int[] {0}, 128))
                .isEqualTo(KeyGroups.keyGroupFor(Row.of(new BigDecimal("1.00")), new int[] {0}, 128));
    }

    @Test
    void hashIsStableAcrossRunsAndSpreadsKeys() {
        // Fixed values: the routing of a key must never depend on the JVM it runs in.
        assertThat(KeyGroups.keyGroupFor(Row.of(42L), new int[] {0}, 128))
                .isEqualTo(Math.floorMod(KeyGroups.murmur3(31 + Long.hashCode(42L)), 128));
        assertThat(KeyGroups.murmur3(0)).isEqualTo(KeyGroups.murmur3(0));
        Set<Integer> groups = new HashSet<>();
        for (long i = 0; i < 1000; i++) {
            groups.add(KeyGroups.keyGroupFor(Row.of(i), new int[] {0}, 128));
        }
        assertThat(groups).hasSizeGreaterThan(120);
    }

    @Test
    void rebalanceRotatesOverChannelsAndBroadcastTargetsAll() {
        ChannelSelector rebalance = ChannelSelector.of(new Partitioning.Rebalance(), 3, 1, 128);
        assertThat(new int[] {rebalance.select(Row.of(1L)), rebalance.select(Row.of(1L)), rebalance.select(Row.of(1L)),
                rebalance.select(Row.of(1L))}).containsExactly(1, 2, 0, 1);
        assertThat(ChannelSelector.of(new Partitioning.Broadcast(), 3, 0, 128).select(Row.of(1L))).isEqualTo(ChannelSelector.ALL);
        assertThat(ChannelSelector.of(new Partitioning.Forward(), 1, 1, 128).select(Row.of(1L))).isZero();
    }
}
