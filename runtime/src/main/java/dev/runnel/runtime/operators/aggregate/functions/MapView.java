package dev.runnel.runtime.operators.aggregate.functions;

import java.util.Map;

/**
 * A map that belongs to one accumulator and may be much larger than memory, the way Flink's
 * {@code MapView} is: an operator backs it with keyed {@link dev.runnel.runtime.state.MapState}
 * (scoped to the current key and namespace), a buffer or a test with {@link HeapMapView}.
 * Keys and values are never null. Functions must not rely on the iteration order.
 */
public interface MapView<K, V> {
    /** The value of {@code key}, or {@code null}. */
    V get(K key);

    void put(K key, V value);

    void remove(K key);

    boolean isEmpty();

    /** A snapshot of the entries; changing the view while iterating does not change it. */
    Iterable<Map.Entry<K, V>> entries();

    void clear();
}
