package dev.runnel.runtime.network;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.CollectionValues;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Maps keys to key groups and key groups to subtasks, the way keyed state will be split:
 * {@code keyGroup = murmur3(hash(key fields)) mod maxParallelism}, key group {@code g} goes to
 * subtask {@code g * p / max}, so subtask {@code s} of {@code p} owns a contiguous range of key
 * groups ({@link #keyGroupRange}).
 *
 * <p>The key hash depends only on the values, never on identity hash codes, so every JVM
 * routes a key to the same subtask.
 */
public final class KeyGroups {
    private KeyGroups() {
    }

    public static int keyGroupFor(Row row, int[] keyFields, int maxParallelism) {
        return Math.floorMod(murmur3(keyHash(row, keyFields)), maxParallelism);
    }

    public static int subtaskForKeyGroup(int keyGroup, int maxParallelism, int parallelism) {
        return (int) ((long) keyGroup * parallelism / maxParallelism);
    }

    public static int subtaskFor(Row row, int[] keyFields, int maxParallelism, int parallelism) {
        return subtaskForKeyGroup(keyGroupFor(row, keyFields, maxParallelism), maxParallelism, parallelism);
    }

    /**
     * The key groups {@code [start, end)} that subtask {@code subtask} of {@code parallelism}
     * owns: exactly those {@link #subtaskForKeyGroup} maps to it.
     */
    public static int[] keyGroupRange(int subtask, int maxParallelism, int parallelism) {
        return new int[] {firstKeyGroup(subtask, maxParallelism, parallelism),
                firstKeyGroup(subtask + 1, maxParallelism, parallelism)};
    }

    private static int firstKeyGroup(int subtask, int maxParallelism, int parallelism) {
        // The smallest key group g with g * parallelism / maxParallelism >= subtask.
        return (int) (((long) subtask * maxParallelism + parallelism - 1) / parallelism);
    }

    static int keyHash(Row row, int[] keyFields) {
        int h = 1;
        for (int field : keyFields) {
            h = 31 * h + valueHash(row.getField(field));
        }
        return h;
    }

    /** A hash stable across JVMs for every internal value type (see TypeRoot). */
    static int valueHash(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof byte[] bytes) {
            return Arrays.hashCode(bytes);
        }
        if (value instanceof Object[] nested) {
            int h = 1;
            for (Object field : nested) {
                h = 31 * h + valueHash(field);
            }
            return h;
        }
        if (value instanceof List || value instanceof Map) {
            // Equal maps and multisets, whatever their order, go to the same subtask.
            return CollectionValues.hash(value);
        }
        if (value instanceof BigDecimal decimal) {
            // 1.0 and 1.00 are the same SQL value, so they must land on the same subtask.
            return decimal.signum() == 0 ? 0 : decimal.stripTrailingZeros().hashCode();
        }
        // String, boxed numbers and Boolean define hashCode from their value.
        return value.hashCode();
    }

    /** One round of MurmurHash3 (x86, 32 bit) over a single int, with its finalizer. */
    static int murmur3(int input) {
        int k = input * 0xcc9e2d51;
        k = Integer.rotateLeft(k, 15);
        k *= 0x1b873593;
        int h = 0x2a ^ k;
        h = Integer.rotateLeft(h, 13);
        h = h * 5 + 0xe6546b64;
        h ^= 4;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
