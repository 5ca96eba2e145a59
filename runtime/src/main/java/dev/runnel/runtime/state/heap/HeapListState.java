package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.state.ListState;
import dev.runnel.runtime.state.StateDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A list state whose elements expire one by one (each carries its own write time), as in Flink. */
final class HeapListState<N, V> extends HeapState<N, Object, V> implements ListState<N, V> {

    @SuppressWarnings("unchecked")
    HeapListState(StateDescriptor<N, ?, V> descriptor, HeapKeyedStateBackend backend, HeapStateTable table) {
        super((StateDescriptor<N, Object, V>) descriptor, backend, table);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<V> get() {
        // Under a TTL a read drops expired elements in place.
        List<Object> stored = (List<Object>) (hasTtl() ? getStoredForUpdate() : getStored());
        if (stored == null) {
            return new ArrayList<>();
        }
        if (hasTtl() && !table.purge(stored, heap.now())) {
            clear();
            return new ArrayList<>();
        }
        List<V> values = new ArrayList<>(stored.size());
        for (Object element : stored) {
            values.add((V) (hasTtl() ? ((HeapStateTable.Stamped) element).value() : element));
        }
        return values;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void add(V value) {
        Objects.requireNonNull(value, () -> "List state '" + name() + "' cannot hold null");
        List<Object> stored = (List<Object>) getStoredForUpdate();
        if (stored == null) {
            stored = new ArrayList<>(4);
            putStored(stored);
        }
        stored.add(stamp(descriptor.valueSerializer().copy(value)));
    }

    @Override
    public void update(List<V> values) {
        if (values.isEmpty()) {
            clear();
            return;
        }
        List<Object> stored = new ArrayList<>(values.size());
        for (V value : values) {
            Objects.requireNonNull(value, () -> "List state '" + name() + "' cannot hold null");
            stored.add(stamp(descriptor.valueSerializer().copy(value)));
        }
        putStored(stored);
    }
}
