package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.ValueState;

final class HeapValueState<N, V> extends HeapState<N, Object, V> implements ValueState<N, V> {

    @SuppressWarnings("unchecked")
    HeapValueState(StateDescriptor<N, ?, V> descriptor, HeapKeyedStateBackend backend, HeapStateTable table) {
        super((StateDescriptor<N, Object, V>) descriptor, backend, table);
    }

    @Override
    @SuppressWarnings("unchecked")
    public V value() {
        Object stored = getStored();
        if (stored == null) {
            return null;
        }
        Object value = unstamp(stored, heap.now());
        if (value == null) {
            clear();
        }
        return (V) value;
    }

    @Override
    public void update(V value) {
        if (value == null) {
            clear();
        } else {
            putStored(stamp(descriptor.valueSerializer().copy(value)));
        }
    }
}
