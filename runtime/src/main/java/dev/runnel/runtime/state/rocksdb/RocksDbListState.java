package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.state.ListState;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A list state ({@link RocksDbLayout}): {@link #add} is a RocksDB merge (append) that reads nothing. */
final class RocksDbListState<N, V> extends RocksDbState<N, Object, V> implements ListState<N, V> {
    private final ByteArrayDataOutput elementOut = new ByteArrayDataOutput(64);
    private final int[] pos = new int[1];

    @SuppressWarnings("unchecked")
    RocksDbListState(StateDescriptor<N, ?, V> descriptor, RocksDbKeyedStateBackend db,
                     RocksDbKeyedStateBackend.Family family) {
        super((StateDescriptor<N, Object, V>) descriptor, db, family);
    }

    @Override
    public List<V> get() {
        int keyLength = baseKey();
        int size = db.get(handle, keyOut.buffer(), keyLength);
        List<V> values = new ArrayList<>();
        if (size < 0) {
            return values;
        }
        byte[] bytes = db.readBuffer();
        long now = db.now();
        boolean sawExpired = false;
        pos[0] = 0;
        while (pos[0] < size) {
            int len = RocksDbLayout.readElementLength(bytes, pos);
            V value = readValue(descriptor.valueSerializer(), bytes, pos[0], len, now);
            if (value == null) {
                sawExpired = true;
            } else {
                values.add(value);
            }
            pos[0] += len;
        }
        if (sawExpired) {
            ByteArrayDataOutput live = db.valueOut;
            live.clear();
            RocksDbLayout.liveElements(ttlMillis, bytes, size, now, live);
            if (live.length() == 0) {
                db.delete(handle, keyOut.buffer(), keyLength);
            } else {
                db.put(handle, keyOut.buffer(), keyLength, live.buffer(), live.length());
            }
        }
        return values;
    }

    /** Appends one element (varint length, then payload) to {@code out}. */
    private void writeElement(ByteArrayDataOutput out, V value) {
        Objects.requireNonNull(value, () -> "List state '" + name() + "' cannot hold null");
        elementOut.clear();
        writeValue(elementOut, descriptor.valueSerializer(), value);
        RocksDbLayout.writeVarInt(out, elementOut.length());
        out.write(elementOut.buffer(), 0, elementOut.length());
    }

    @Override
    public void add(V value) {
        int keyLength = baseKey();
        ByteArrayDataOutput out = db.valueOut;
        out.clear();
        writeElement(out, value);
        db.merge(handle, keyOut.buffer(), keyLength, out.buffer(), out.length());
    }

    /** One merge for all of {@code values}: the operand holds them as the list itself would. */
    @Override
    public void addAll(List<V> values) {
        if (values.isEmpty()) {
            return;
        }
        int keyLength = baseKey();
        ByteArrayDataOutput out = db.valueOut;
        out.clear();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.writeByte(RocksDbLayout.LIST_DELIMITER);
            }
            writeElement(out, values.get(i));
        }
        db.merge(handle, keyOut.buffer(), keyLength, out.buffer(), out.length());
    }

    @Override
    public void update(List<V> values) {
        if (values.isEmpty()) {
            clear();
            return;
        }
        int keyLength = baseKey();
        ByteArrayDataOutput out = db.valueOut;
        out.clear();
        for (V value : values) {
            if (out.length() > 0) {
                out.writeByte(RocksDbLayout.LIST_DELIMITER);
            }
            writeElement(out, value);
        }
        db.put(handle, keyOut.buffer(), keyLength, out.buffer(), out.length());
    }
}
