package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The entries of one declared state, one hash map per key group of the subtask's range (so a
 * key-group range can be iterated or handed over on its own). Values are what the state kind
 * stores: the value (value state), an {@code ArrayList} of elements (list state) or a
 * {@code TreeMap} by serialized user key (map state); with a TTL, values and elements are
 * {@link Stamped} and map cells carry their write time.
 */
final class HeapStateTable {
    enum Kind { VALUE, LIST, MAP }

    /** A value with the processing time of its last write, for TTL. */
    record Stamped(Object value, long writeTime) {
    }

    /** A map entry: the user key (to hand back on iteration), the value and its write time. */
    record MapCell(Object key, Object value, long writeTime) {
    }

    final Kind kind;
    final StateDescriptor<?, ?, ?> descriptor;
    final long ttlMillis;
    private final int keyGroupStart;
    private final HashMap<StateKey, Object>[] groups;

    @SuppressWarnings("unchecked")
    HeapStateTable(Kind kind, StateDescriptor<?, ?, ?> descriptor, int keyGroupStart, int keyGroupEnd) {
        this.kind = kind;
        this.descriptor = descriptor;
        this.ttlMillis = descriptor.ttl().toMillis();
        this.keyGroupStart = keyGroupStart;
        this.groups = new HashMap[keyGroupEnd - keyGroupStart];
        for (int i = 0; i < groups.length; i++) {
            groups[i] = new HashMap<>();
        }
    }

    /** This table as a column of a snapshot. */
    KeyGroupsSnapshotFormat.Column column() {
        return new KeyGroupsSnapshotFormat.Column(KeyGroupsSnapshotFormat.stateColumn(descriptor.name()),
                KeyGroupsSnapshotFormat.kindOf(kind == Kind.LIST, kind == Kind.MAP), ttlMillis);
    }

    HashMap<StateKey, Object> group(int keyGroup) {
        return groups[keyGroup - keyGroupStart];
    }

    int keyGroupStart() {
        return keyGroupStart;
    }

    int keyGroupCount() {
        return groups.length;
    }

    boolean expired(long writeTime, long now) {
        return ttlMillis > 0 && now - writeTime >= ttlMillis;
    }

    /**
     * Drops the expired parts of a stored value in place; returns whether anything live remains
     * (the caller removes the entry otherwise).
     */
    @SuppressWarnings("unchecked")
    boolean purge(Object stored, long now) {
        if (ttlMillis <= 0) {
            return true;
        }
        switch (kind) {
            case VALUE -> {
                return !expired(((Stamped) stored).writeTime(), now);
            }
            case LIST -> {
                List<Object> list = (List<Object>) stored;
                list.removeIf(e -> expired(((Stamped) e).writeTime(), now));
                return !list.isEmpty();
            }
            default -> {
                TreeMap<byte[], MapCell> map = (TreeMap<byte[], MapCell>) stored;
                map.values().removeIf(c -> expired(c.writeTime(), now));
                return !map.isEmpty();
            }
        }
    }

    /** Whether a stored value has anything live, without changing it. */
    @SuppressWarnings("unchecked")
    boolean live(Object stored, long now) {
        if (ttlMillis <= 0) {
            return true;
        }
        return switch (kind) {
            case VALUE -> !expired(((Stamped) stored).writeTime(), now);
            case LIST -> ((List<Object>) stored).stream().anyMatch(e -> !expired(((Stamped) e).writeTime(), now));
            case MAP -> ((TreeMap<byte[], MapCell>) stored).values().stream().anyMatch(c -> !expired(c.writeTime(), now));
        };
    }

    void cleanUpExpired(long now) {
        for (HashMap<StateKey, Object> group : groups) {
            Iterator<Map.Entry<StateKey, Object>> it = group.entrySet().iterator();
            while (it.hasNext()) {
                if (!purge(it.next().getValue(), now)) {
                    it.remove();
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    long storedEntries() {
        long n = 0;
        for (HashMap<StateKey, Object> group : groups) {
            if (kind == Kind.MAP) {
                for (Object map : group.values()) {
                    n += ((TreeMap<byte[], MapCell>) map).size();
                }
            } else {
                n += group.size();
            }
        }
        return n;
    }
}
