package dev.runnel.runtime.state;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * Declares a keyed state: its name (unique within the operator; the RocksDB column family),
 * how its namespace and values are serialized, and how long an entry lives after its last
 * write ({@link Duration#ZERO}: forever). Map states also serialize a user key.
 *
 * @param userKeySerializer the map's key serializer; {@code null} for value and list state
 */
public record StateDescriptor<N, K, V>(String name, TypeSerializer<N> namespaceSerializer,
                                       TypeSerializer<K> userKeySerializer, TypeSerializer<V> valueSerializer,
                                       Duration ttl) implements Serializable {
    public StateDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(namespaceSerializer, "namespaceSerializer");
        Objects.requireNonNull(valueSerializer, "valueSerializer");
        Objects.requireNonNull(ttl, "ttl");
    }

    /** A value or list state scoped to the key only. */
    public static <V> StateDescriptor<VoidNamespace, Void, V> of(String name, TypeSerializer<V> valueSerializer,
                                                                 Duration ttl) {
        return new StateDescriptor<>(name, VoidNamespace.SERIALIZER, null, valueSerializer, ttl);
    }

    /** A map state scoped to the key only. */
    public static <K, V> StateDescriptor<VoidNamespace, K, V> map(String name, TypeSerializer<K> userKeySerializer,
                                                                  TypeSerializer<V> valueSerializer, Duration ttl) {
        return new StateDescriptor<>(name, VoidNamespace.SERIALIZER, userKeySerializer, valueSerializer, ttl);
    }

    public boolean hasTtl() {
        return !ttl.isZero();
    }
}
