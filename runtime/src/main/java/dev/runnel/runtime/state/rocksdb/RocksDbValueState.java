package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;

final class RocksDbValueState<N, V> extends RocksDbState<N, Object, V> implements ValueState<N, V> {

    @SuppressWarnings("unchecked")
    RocksDbValueState(StateDescriptor<N, ?, V> descriptor, RocksDbKeyedStateBackend db,
                      RocksDbKeyedStateBackend.Family family) {
        super((StateDescriptor<N, Object, V>) descriptor, db, family);
    }

    @Override
    public V value() {
        int keyLength = baseKey();
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
    public void update(V value) {
        if (value == null) {
            clear();
            return;
        }
        int keyLength = baseKey();
        ByteArrayDataOutput out = db.valueOut;
        out.clear();
        writeValue(out, descriptor.valueSerializer(), value);
        db.put(handle, keyOut.buffer(), keyLength, out.buffer(), out.length());
    }
}
