package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.rocksdb.RocksIterator;

/**
 * A map state: one RocksDB entry per user key, under the key + namespace prefix, so iteration
 * is a prefix scan in byte order of the serialized user keys.
 */
final class RocksDbMapState<N, K, V> extends RocksDbState<N, K, V> implements MapState<N, K, V> {

    RocksDbMapState(StateDescriptor<N, K, V> descriptor, RocksDbKeyedStateBackend db,
                    RocksDbKeyedStateBackend.Family family) {
        super(descriptor, db, family);
    }

    /** Puts the entry key of {@code userKey} in {@link #keyOut}; returns its length. */
    private int entryKey(K userKey) {
        Objects.requireNonNull(userKey, () -> "Map state '" + name() + "' cannot have a null key");
        baseKey();
        serialize(descriptor.userKeySerializer(), userKey, keyOut);
        return keyOut.length();
    }

    @Override
    public V get(K key) {
        int keyLength = entryKey(key);
        int size = db.get(handle, keyOut.buffer(), keyLength);
        if (size < 0) {
            return null;
        }
        V value = readValue(descriptor.valueSerializer(), db.readBuffer(), 0, size, db.now());
        if (value == null) {
            db.delete(handle, keyOut.buffer(), keyLength);
        }
        return value;
    }

    @Override
    public void put(K key, V value) {
        if (value == null) {
            remove(key);
            return;
        }
        int keyLength = entryKey(key);
        ByteArrayDataOutput out = db.valueOut;
        out.clear();
        writeValue(out, descriptor.valueSerializer(), value);
        db.put(handle, keyOut.buffer(), keyLength, out.buffer(), out.length());
    }

    @Override
    public void remove(K key) {
        int keyLength = entryKey(key);
        db.delete(handle, keyOut.buffer(), keyLength);
    }

    @Override
    public boolean contains(K key) {
        return get(key) != null;
    }

    /** What a prefix scan does with each entry: return false to stop. */
    @FunctionalInterface
    private interface EntryVisitor {
        boolean visit(byte[] key, byte[] value, int prefixLength);
    }

    /** Visits the entries of the current key and namespace; deletes the expired ones it meets. */
    private void scan(EntryVisitor visitor) {
        int prefixLength = baseKey();
        byte[] prefix = RocksDbLayout.copy(keyOut.buffer(), prefixLength);
        long now = db.now();
        try (RocksIterator it = db.iterator(handle)) {
            for (it.seek(prefix); it.isValid(); it.next()) {
                byte[] key = it.key();
                if (!RocksDbKeyedStateBackend.startsWith(key, prefix, prefixLength)) {
                    return;
                }
                byte[] value = it.value();
                if (hasTtl() && expired(RocksDbLayout.readLong(value, 0), now)) {
                    db.delete(handle, key, key.length);
                } else if (!visitor.visit(key, value, prefixLength)) {
                    return;
                }
            }
        }
    }

    @Override
    public boolean isEmpty() {
        boolean[] empty = {true};
        scan((key, value, prefixLength) -> empty[0] = false);
        return empty[0];
    }

    @Override
    public Iterable<Map.Entry<K, V>> entries() {
        List<Map.Entry<K, V>> entries = new ArrayList<>();
        long now = db.now();
        scan((key, value, prefixLength) -> {
            K userKey = deserialize(descriptor.userKeySerializer(), in.reset(key, prefixLength, key.length - prefixLength));
            V v = readValue(descriptor.valueSerializer(), value, 0, value.length, now);
            entries.add(new AbstractMap.SimpleImmutableEntry<>(userKey, v));
            return true;
        });
        return entries;
    }

    @Override
    public void clear() {
        scan((key, value, prefixLength) -> {
            db.delete(handle, key, key.length);
            return true;
        });
    }
}
