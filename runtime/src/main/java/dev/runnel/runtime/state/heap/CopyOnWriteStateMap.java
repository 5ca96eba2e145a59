package dev.runnel.runtime.state.heap;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

/**
 * The entries of one key group of a heap state: a chained hash map whose snapshot costs the
 * task a copy of the bucket array, not of the entries, as Flink's {@code CopyOnWriteStateMap}.
 * A snapshot keeps the bucket array as it was and reads the chains from it on the snapshot
 * thread; the task never changes an entry that a running snapshot can reach, but copies it
 * (and the entries before it in its chain) on its first write, and copies a value that changes
 * in place (a list or map container, see {@link #getForUpdate}) on its first change.
 *
 * <p>An entry is shared with a running snapshot when it was created at or before the highest
 * running snapshot's version ({@link SnapshotVersions#required}); its value is shared when the
 * value was set at or before it. Entries copied for their successors keep their value, and its
 * version.
 *
 * <p>Task thread only, except {@link Snapshot}, which the snapshot thread reads.
 */
final class CopyOnWriteStateMap {
    private static final int MIN_CAPACITY = 4;
    private static final Entry[] EMPTY = new Entry[0];

    /** An entry; {@code next}, {@code value} and {@code valueVersion} change only while no running snapshot shares it. */
    static final class Entry {
        final StateKey key;
        final int hash;
        final int entryVersion;
        Object value;
        int valueVersion;
        Entry next;

        Entry(StateKey key, int hash, Object value, Entry next, int entryVersion, int valueVersion) {
            this.key = key;
            this.hash = hash;
            this.value = value;
            this.next = next;
            this.entryVersion = entryVersion;
            this.valueVersion = valueVersion;
        }

        StateKey key() {
            return key;
        }

        Object value() {
            return value;
        }
    }

    /** The entries as they were when {@link #snapshot} was called; read on the snapshot thread. */
    record Snapshot(Entry[] buckets, int size) {
        void forEach(BiConsumer<StateKey, Object> action) {
            for (Entry head : buckets) {
                for (Entry e = head; e != null; e = e.next) {
                    action.accept(e.key, e.value);
                }
            }
        }
    }

    private final SnapshotVersions versions;
    /** Copies a value that changes in place; only {@link #getForUpdate} uses it. */
    private final UnaryOperator<Object> copyValue;
    private Entry[] buckets = EMPTY;
    private int size;

    CopyOnWriteStateMap(SnapshotVersions versions, UnaryOperator<Object> copyValue) {
        this.versions = versions;
        this.copyValue = copyValue;
    }

    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The stored value, which the caller must not change; {@code null} when there is none. */
    Object get(StateKey key) {
        Entry e = find(key, spread(key.hashCode()));
        return e == null ? null : e.value;
    }

    /** The stored value, which the caller may change in place (copied first if a snapshot shares it). */
    Object getForUpdate(StateKey key) {
        int hash = spread(key.hashCode());
        Entry e = find(key, hash);
        if (e == null) {
            return null;
        }
        int required = versions.required();
        if (e.valueVersion <= required) {
            if (e.entryVersion <= required) {
                e = ownChainTo(hash & (buckets.length - 1), e, required);
            }
            e.value = copyValue.apply(e.value);
            e.valueVersion = versions.current();
        }
        return e.value;
    }

    /** Makes the key a new entry keeps: {@code probe}, which a state reuses, must not be kept. */
    interface KeyFactory {
        StateKey newKey();
    }

    /**
     * Stores {@code value} under {@code probe}'s key: in the existing entry, or in a new one keyed
     * by what {@code keys} makes (a reused probe must not be kept).
     */
    void put(StateKey probe, KeyFactory keys, Object value) {
        putEntry(probe, value, keys);
    }

    /** As {@link #put}, with {@code key} itself kept for a new entry. */
    void put(StateKey key, Object value) {
        putEntry(key, value, null);
    }

    /** As {@link #put}, but when the key has an entry already, its value is kept and returned. */
    Object putIfAbsent(StateKey key, Object value) {
        Object before = get(key);
        if (before != null) {
            return before;
        }
        putEntry(key, value, null);
        return null;
    }

    private void putEntry(StateKey probe, Object value, KeyFactory keys) {
        int hash = spread(probe.hashCode());
        Entry e = find(probe, hash);
        int current = versions.current();
        if (e != null) {
            int required = versions.required();
            if (e.entryVersion <= required) {
                e = ownChainTo(hash & (buckets.length - 1), e, required);
            }
            e.value = value;
            e.valueVersion = current;
            return;
        }
        if (size >= buckets.length - (buckets.length >>> 2)) {
            resize();
        }
        int i = hash & (buckets.length - 1);
        // The new entry goes in front: the chain behind it is left as it is.
        buckets[i] = new Entry(keys == null ? probe : keys.newKey(), hash, value, buckets[i], current, current);
        size++;
    }

    /** Removes the key's entry, if any. */
    void remove(StateKey key) {
        int hash = spread(key.hashCode());
        if (buckets.length == 0) {
            return;
        }
        int i = hash & (buckets.length - 1);
        Entry previous = null;
        for (Entry e = buckets[i]; e != null; previous = e, e = e.next) {
            if (e.hash == hash && e.key.equals(key)) {
                if (previous == null) {
                    buckets[i] = e.next;
                } else {
                    int required = versions.required();
                    if (previous.entryVersion <= required) {
                        previous = ownChainTo(i, previous, required);
                    }
                    previous.next = e.next;
                }
                size--;
                return;
            }
        }
    }

    /** Calls {@code action} with every key and its value (not to be changed); the map must not change meanwhile. */
    void forEach(BiConsumer<StateKey, Object> action) {
        for (Entry head : buckets) {
            for (Entry e = head; e != null; e = e.next) {
                action.accept(e.key, e.value);
            }
        }
    }

    /** The keys, for callers that change the map while they go through them. */
    List<StateKey> keys() {
        List<StateKey> keys = new ArrayList<>(size);
        forEach((k, v) -> keys.add(k));
        return keys;
    }

    /**
     * The entries as they are now, for the snapshot thread; the caller has begun a snapshot
     * ({@link SnapshotVersions#begin}) first, so that every entry there is shared.
     */
    Snapshot snapshot() {
        return new Snapshot(buckets.clone(), size);
    }

    private Entry find(StateKey key, int hash) {
        if (buckets.length == 0) {
            return null;
        }
        for (Entry e = buckets[hash & (buckets.length - 1)]; e != null; e = e.next) {
            if (e.hash == hash && e.key.equals(key)) {
                return e;
            }
        }
        return null;
    }

    /**
     * Replaces the shared entries from the head of bucket {@code i} up to {@code target} by
     * copies that only the map sees, and returns {@code target}'s: an entry's {@code next} can
     * change only once nothing shared points to it.
     */
    private Entry ownChainTo(int i, Entry target, int required) {
        int current = versions.current();
        Entry owned = null;
        for (Entry e = buckets[i]; ; e = e.next) {
            Entry mine = e;
            if (e.entryVersion <= required) {
                mine = new Entry(e.key, e.hash, e.value, e.next, current, e.valueVersion);
                if (owned == null) {
                    buckets[i] = mine;
                } else {
                    owned.next = mine;
                }
            }
            if (e == target) {
                return mine;
            }
            owned = mine;
        }
    }

    /** Doubles the buckets; entries that a running snapshot shares are copied, the others relinked. */
    private void resize() {
        Entry[] old = buckets;
        Entry[] grown = new Entry[Math.max(MIN_CAPACITY, old.length * 2)];
        int required = versions.required();
        int current = versions.current();
        for (Entry head : old) {
            Entry e = head;
            while (e != null) {
                Entry next = e.next;
                int i = e.hash & (grown.length - 1);
                Entry mine = e.entryVersion <= required
                        ? new Entry(e.key, e.hash, e.value, null, current, e.valueVersion) : e;
                mine.next = grown[i];
                grown[i] = mine;
                e = next;
            }
        }
        buckets = grown;
    }
}
