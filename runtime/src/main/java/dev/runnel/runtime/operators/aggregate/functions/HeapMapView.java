package dev.runnel.runtime.operators.aggregate.functions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;

/** A {@link MapView} on a {@link HashMap}, for buffers that live in memory and for tests. */
public final class HeapMapView<K, V> implements MapView<K, V> {
    private final Map<K, V> map = new HashMap<>();

    @Override
    public V get(K key) {
        return map.get(key);
    }

    @Override
    public void put(K key, V value) {
        map.put(key, value);
    }

    @Override
    public void remove(K key) {
        map.remove(key);
    }

    @Override
    public boolean isEmpty() {
        return map.isEmpty();
    }

    @Override
    public Iterable<Map.Entry<K, V>> entries() {
        return new ArrayList<>(map.entrySet()).stream().map(e -> Map.entry(e.getKey(), e.getValue())).toList();
    }

    @Override
    public void clear() {
        map.clear();
    }
}
