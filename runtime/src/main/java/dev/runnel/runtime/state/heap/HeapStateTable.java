package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The entries of one declared state, one {@link CopyOnWriteStateMap} per key group of the
 * subtask's range (so a key-group range can be iterated or handed over on its own). Values are what the state kind
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
    private final CopyOnWriteStateMap[] groups;

    HeapStateTable(Kind kind, StateDescriptor<?, ?, ?> descriptor, int keyGroupStart, int keyGroupEnd,
                   SnapshotVersions versions) {
        this.kind = kind;
        this.descriptor = descriptor;
        this.ttlMillis = descriptor.ttl().toMillis();
        this.keyGroupStart = keyGroupStart;
        this.groups = new CopyOnWriteStateMap[keyGroupEnd - keyGroupStart];
        UnaryOperator<Object> copy = copierOf(kind);
        for (int i = 0; i < groups.length; i++) {
            groups[i] = new CopyOnWriteStateMap(versions, copy);
        }
    }

    /** Lists and maps change in place (add, put, expiry): a snapshot's containers are copied before they change. */
    @SuppressWarnings("unchecked")
    private static UnaryOperator<Object> copierOf(Kind kind) {
        return switch (kind) {
            case VALUE -> UnaryOperator.identity();   // values are replaced, never changed
            case LIST -> v -> new ArrayList<>((List<Object>) v);
            case MAP -> v -> new TreeMap<>((TreeMap<byte[], MapCell>) v);
        };
    }

    /** This table as a column of a snapshot. */
    KeyGroupsSnapshotFormat.Column column() {
        return new KeyGroupsSnapshotFormat.Column(KeyGroupsSnapshotFormat.stateColumn(descriptor.name()),
                KeyGroupsSnapshotFormat.kindOf(kind == Kind.LIST, kind == Kind.MAP), ttlMillis);
    }

    CopyOnWriteStateMap group(int keyGroup) {
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
        for (CopyOnWriteStateMap group : groups) {
            for (StateKey key : group.keys()) {
                if (!purge(group.getForUpdate(key), now)) {
                    group.remove(key);
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    long storedEntries() {
        long[] n = {0};
        for (CopyOnWriteStateMap group : groups) {
            if (kind == Kind.MAP) {
                group.forEach((k, map) -> n[0] += ((TreeMap<byte[], MapCell>) map).size());
            } else {
                n[0] += group.size();
            }
        }
        return n[0];
    }
}
