package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A map state: per key and namespace a sorted map by serialized user key (byte-wise, the order
 * RocksDB iterates in); each cell expires on its own.
 */
final class HeapMapState<N, K, V> extends HeapState<N, K, V> implements MapState<N, K, V> {
    private final ByteArrayDataOutput userKeyOut = new ByteArrayDataOutput(32);

    HeapMapState(StateDescriptor<N, K, V> descriptor, HeapKeyedStateBackend backend, HeapStateTable table) {
        super(descriptor, backend, table);
    }

    static TreeMap<byte[], HeapStateTable.MapCell> newMap() {
        return new TreeMap<>(Arrays::compareUnsigned);
    }

    private byte[] userKeyBytes(K key) {
        Objects.requireNonNull(key, () -> "Map state '" + name() + "' cannot have a null key");
        userKeyOut.clear();
        serialize(descriptor.userKeySerializer(), key, userKeyOut);
        return userKeyOut.toByteArray();
    }

    /** The map to read (under a TTL, reads drop expired cells in place: a snapshot's map is copied first). */
    @SuppressWarnings("unchecked")
    private TreeMap<byte[], HeapStateTable.MapCell> map() {
        return (TreeMap<byte[], HeapStateTable.MapCell>) (hasTtl() ? getStoredForUpdate() : getStored());
    }

    /** The map to change in place. */
    @SuppressWarnings("unchecked")
    private TreeMap<byte[], HeapStateTable.MapCell> mapForUpdate() {
        return (TreeMap<byte[], HeapStateTable.MapCell>) getStoredForUpdate();
    }

    /** The live cell of {@code userKey}, dropping it if it expired. */
    private HeapStateTable.MapCell cell(TreeMap<byte[], HeapStateTable.MapCell> map, byte[] userKey) {
        HeapStateTable.MapCell cell = map.get(userKey);
        if (cell != null && expired(cell.writeTime(), heap.now())) {
            map.remove(userKey);
            if (map.isEmpty()) {
                clear();
            }
            return null;
        }
        return cell;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(K key) {
        var map = map();
        if (map == null) {
            return null;
        }
        HeapStateTable.MapCell cell = cell(map, userKeyBytes(key));
        return cell == null ? null : (V) cell.value();
    }

    @Override
    public void put(K key, V value) {
        byte[] userKey = userKeyBytes(key);
        if (value == null) {
            remove(key);
            return;
        }
        var map = mapForUpdate();
        if (map == null) {
            map = newMap();
            putStored(map);
        }
        map.put(userKey, new HeapStateTable.MapCell(descriptor.userKeySerializer().copy(key),
                descriptor.valueSerializer().copy(value), hasTtl() ? heap.now() : 0));
    }

    @Override
    public void remove(K key) {
        var map = mapForUpdate();
        if (map != null) {
            map.remove(userKeyBytes(key));
            if (map.isEmpty()) {
                clear();
            }
        }
    }

    @Override
    public boolean contains(K key) {
        var map = map();
        return map != null && cell(map, userKeyBytes(key)) != null;
    }

    @Override
    public boolean isEmpty() {
        var map = map();
        if (map != null && hasTtl() && !table.purge(map, heap.now())) {
            clear();
            return true;
        }
        return map == null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Iterable<Map.Entry<K, V>> entries() {
        var map = map();
        if (map == null || hasTtl() && !table.purge(map, heap.now())) {
            if (map != null) {
                clear();
            }
            return List.of();
        }
        List<Map.Entry<K, V>> entries = new ArrayList<>(map.size());
        for (HeapStateTable.MapCell cell : map.values()) {
            entries.add(new AbstractMap.SimpleImmutableEntry<>((K) cell.key(), (V) cell.value()));
        }
        return entries;
    }
}
