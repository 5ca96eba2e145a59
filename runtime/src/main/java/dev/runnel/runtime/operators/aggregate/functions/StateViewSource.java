package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.TypeSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The map views of an {@link AggregatesHandle} as keyed map states of an operator: one state per
 * view, named {@code prefix + view name}, read and written under the backend's current key and
 * the namespace last passed to {@link #setCurrentNamespace} (operators without windows pass
 * {@link dev.runnel.runtime.state.VoidNamespace#INSTANCE}). Create it in {@code open}.
 */
public final class StateViewSource<N> implements ViewSource {
    private final List<MapState<N, Object, Object>> states = new ArrayList<>();
    private final List<MapView<Object, Object>> views = new ArrayList<>();

    public StateViewSource(KeyedStateBackend backend, AggregatesHandle handle, String prefix,
                           TypeSerializer<N> namespaceSerializer, Duration ttl) {
        for (ViewSpec spec : handle.views()) {
            MapState<N, Object, Object> state = backend.mapState(new StateDescriptor<>(prefix + spec.name(),
                    namespaceSerializer, spec.keySerializer(), spec.valueSerializer(), ttl));
            states.add(state);
            views.add(new StateView<>(state));
        }
    }

    public void setCurrentNamespace(N namespace) {
        for (MapState<N, Object, Object> state : states) {
            state.setCurrentNamespace(namespace);
        }
    }

    /** Clears every view of the current key and namespace. */
    public void clear() {
        for (MapState<N, Object, Object> state : states) {
            state.clear();
        }
    }

    @Override
    public MapView<Object, Object> view(int index) {
        return views.get(index);
    }

    private record StateView<N>(MapState<N, Object, Object> state) implements MapView<Object, Object> {
        @Override
        public Object get(Object key) {
            return state.get(key);
        }

        @Override
        public void put(Object key, Object value) {
            state.put(key, value);
        }

        @Override
        public void remove(Object key) {
            state.remove(key);
        }

        @Override
        public boolean isEmpty() {
            return state.isEmpty();
        }

        @Override
        public Iterable<Map.Entry<Object, Object>> entries() {
            return state.entries();
        }

        @Override
        public void clear() {
            state.clear();
        }
    }
}
