package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.backend.AbstractState;
import dev.runnel.runtime.state.backend.ByteArrayDataInput;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import org.rocksdb.ColumnFamilyHandle;

/**
 * A state in a RocksDB column family. The entry key of the current key and namespace is built
 * in a reused buffer and rebuilt only when the key or the namespace changed.
 */
abstract class RocksDbState<N, K, V> extends AbstractState<N, K, V> {
    protected final RocksDbKeyedStateBackend db;
    protected final RocksDbKeyedStateBackend.Family family;
    protected final ColumnFamilyHandle handle;
    protected final ByteArrayDataOutput keyOut = new ByteArrayDataOutput(64);
    protected final ByteArrayDataInput in = new ByteArrayDataInput();
    private int builtKeyVersion = -1;
    private int builtNamespaceVersion = -1;
    private int baseLength;

    RocksDbState(StateDescriptor<N, K, V> descriptor, RocksDbKeyedStateBackend db, RocksDbKeyedStateBackend.Family family) {
        super(descriptor, db);
        this.db = db;
        this.family = family;
        this.handle = family.handle();
    }

    /** Puts key group + key + namespace in {@link #keyOut} and returns its length. */
    protected final int baseKey() {
        checkScope();
        if (builtKeyVersion != db.keyVersion() || builtNamespaceVersion != namespaceVersion()) {
            keyOut.clear();
            ByteArrayDataOutput prefix = db.keyPrefix();
            keyOut.write(prefix.buffer(), 0, prefix.length());
            keyOut.write(namespaceBytes(), 0, namespaceLength());
            baseLength = keyOut.length();
            builtKeyVersion = db.keyVersion();
            builtNamespaceVersion = namespaceVersion();
        } else {
            keyOut.truncate(baseLength);
        }
        return baseLength;
    }

    /** Writes a value (with its write time under a TTL) to {@code out}. */
    protected final <T> void writeValue(ByteArrayDataOutput out, TypeSerializer<T> serializer, T value) {
        if (hasTtl()) {
            out.writeLong(db.now());
        }
        serialize(serializer, value, out);
    }

    /**
     * Decodes a value at {@code bytes[offset, offset + length)}; {@code null} when it expired.
     */
    protected final <T> T readValue(TypeSerializer<T> serializer, byte[] bytes, int offset, int length, long now) {
        if (hasTtl()) {
            if (expired(RocksDbLayout.readLong(bytes, offset), now)) {
                return null;
            }
            offset += 8;
            length -= 8;
        }
        return deserialize(serializer, in.reset(bytes, offset, length));
    }

    @Override
    public void clear() {
        int length = baseKey();
        db.delete(handle, keyOut.buffer(), length);
    }
}
