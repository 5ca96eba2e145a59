package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.state.backend.TimerQueue;
import java.util.Arrays;
import java.util.Comparator;
import java.util.TreeSet;

/** Timers in a sorted set: by timestamp, then key group, key and namespace bytes; equal timers are one. */
final class HeapTimerQueue implements TimerQueue {
    private static final Comparator<TimerEntry> ORDER = Comparator.comparingLong(TimerEntry::timestamp)
            .thenComparingInt(TimerEntry::keyGroup)
            .thenComparing(TimerEntry::key, Arrays::compareUnsigned)
            .thenComparing(TimerEntry::namespace, Arrays::compareUnsigned);

    private final TreeSet<TimerEntry> timers = new TreeSet<>(ORDER);

    private static TimerEntry entry(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] ns, int nsLength) {
        return new TimerEntry(timestamp, keyGroup, Arrays.copyOf(key, keyLength), Arrays.copyOf(ns, nsLength));
    }

    @Override
    public void add(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] namespace, int namespaceLength) {
        timers.add(entry(timestamp, keyGroup, key, keyLength, namespace, namespaceLength));
    }

    @Override
    public void remove(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] namespace, int namespaceLength) {
        timers.remove(entry(timestamp, keyGroup, key, keyLength, namespace, namespaceLength));
    }

    @Override
    public long earliest() {
        return timers.isEmpty() ? Long.MAX_VALUE : timers.first().timestamp();
    }

    @Override
    public TimerEntry pollUpTo(long time) {
        if (timers.isEmpty() || timers.first().timestamp() > time) {
            return null;
        }
        return timers.pollFirst();
    }

    /** The timers in order, live: for snapshots. */
    Iterable<TimerEntry> entries() {
        return timers;
    }

    /** Adds a restored timer. */
    void add(TimerEntry entry) {
        timers.add(entry);
    }

    int size() {
        return timers.size();
    }
}
