package dev.runnel.runtime.state.heap;

import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.backend.AbstractState;

/**
 * A state on the heap: entries of its {@link HeapStateTable} found through a reused probe key.
 * Values are copied on write ({@link dev.runnel.runtime.state.TypeSerializer#copy}); what a read
 * returns is the stored object, which callers must not mutate.
 */
abstract class HeapState<N, K, V> extends AbstractState<N, K, V> implements CopyOnWriteStateMap.KeyFactory {
    protected final HeapKeyedStateBackend heap;
    protected final HeapStateTable table;
    private final StateKey probe = new StateKey();

    HeapState(StateDescriptor<N, K, V> descriptor, HeapKeyedStateBackend backend, HeapStateTable table) {
        super(descriptor, backend);
        this.heap = backend;
        this.table = table;
    }

    /** The map of the current key's group; checks that key and namespace are set. */
    protected final CopyOnWriteStateMap group() {
        checkScope();
        return table.group(heap.currentKeyGroup());
    }

    protected final StateKey probe() {
        return probe.set(heap.currentKeyBytes(), heap.currentKeyLength(), namespaceBytes(), namespaceLength(),
                StateKey.hash(heap.currentKeyHash(), namespaceHash()));
    }

    /** A key to store a new entry under: exact copies of the current key and namespace. */
    @Override
    public final StateKey newKey() {
        return new StateKey(heap.currentKeyCopy(), namespaceCopy(), StateKey.hash(heap.currentKeyHash(), namespaceHash()));
    }

    /** The stored value, not to be changed in place (a snapshot may be reading it). */
    protected final Object getStored() {
        return group().get(probe());
    }

    /** The stored value, to be changed in place (a list or map container): a snapshot's is copied first. */
    protected final Object getStoredForUpdate() {
        return group().getForUpdate(probe());
    }

    protected final void putStored(Object stored) {
        group().put(probe(), this, stored);
    }

    @Override
    public void clear() {
        group().remove(probe());
    }

    protected final Object stamp(Object value) {
        return hasTtl() ? new HeapStateTable.Stamped(value, heap.now()) : value;
    }

    /** The value of a stored element, or {@code null} when it expired. */
    protected final Object unstamp(Object stored, long now) {
        if (!hasTtl()) {
            return stored;
        }
        HeapStateTable.Stamped s = (HeapStateTable.Stamped) stored;
        return expired(s.writeTime(), now) ? null : s.value();
    }
}
