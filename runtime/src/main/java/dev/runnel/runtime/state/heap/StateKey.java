package dev.runnel.runtime.state.heap;

import java.util.Arrays;

/**
 * The key of a heap state entry: the serialized key and the serialized namespace, compared as
 * bytes (so keys that are equal as SQL values are one entry, as on RocksDB). Stored keys own
 * exact-length arrays; each state also keeps one mutable probe pointing at the current key's
 * reused buffers, so lookups allocate nothing.
 */
final class StateKey {
    private byte[] key;
    private int keyLength;
    private byte[] namespace;
    private int namespaceLength;
    private int hash;

    StateKey() {
    }

    StateKey(byte[] key, byte[] namespace, int hash) {
        set(key, key.length, namespace, namespace.length, hash);
    }

    StateKey set(byte[] key, int keyLength, byte[] namespace, int namespaceLength, int hash) {
        this.key = key;
        this.keyLength = keyLength;
        this.namespace = namespace;
        this.namespaceLength = namespaceLength;
        this.hash = hash;
        return this;
    }

    static int hash(int keyHash, int namespaceHash) {
        return 31 * keyHash + namespaceHash;
    }

    byte[] key() {
        return key;
    }

    int keyLength() {
        return keyLength;
    }

    byte[] namespace() {
        return namespace;
    }

    int namespaceLength() {
        return namespaceLength;
    }

    boolean hasNamespace(byte[] ns) {
        return Arrays.equals(namespace, 0, namespaceLength, ns, 0, ns.length);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StateKey other && hash == other.hash
                && Arrays.equals(key, 0, keyLength, other.key, 0, other.keyLength)
                && Arrays.equals(namespace, 0, namespaceLength, other.namespace, 0, other.namespaceLength);
    }
}
