package dev.runnel.runtime.state;

import java.util.Map;

/**
 * A map per key and namespace. Iteration order is the order of the serialized user keys
 * (byte-wise), on both backends, so that an ordered map key (such as a sort key serialized
 * big-endian) can be scanned in order. With a TTL every entry expires on its own. Values read
 * must not be mutated (see {@link ValueState#value}).
 */
public interface MapState<N, K, V> extends State<N> {
    /** The value of {@code key}, or {@code null}. */
    V get(K key);

    /** Maps {@code key} to a copy of {@code value}; a {@code null} value removes the key. */
    void put(K key, V value);

    void remove(K key);

    boolean contains(K key);

    boolean isEmpty();

    /** A snapshot of the entries, ordered as described above; changing the state does not change it. */
    Iterable<Map.Entry<K, V>> entries();
}
