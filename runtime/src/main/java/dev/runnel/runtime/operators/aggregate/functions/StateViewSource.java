package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.TypeSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The map views of an {@link AggregatesHandle} as keyed map states of an operator: one state per
 * view, named {@code prefix + view name}, read and written under the backend's current key and
 * the namespace last passed to {@link #setCurrentNamespace} (operators without windows pass
 * {@link dev.runnel.runtime.state.VoidNamespace#INSTANCE}). Create it in {@code open}.
 *
 * <p>A <em>write-back</em> source ({@link #writeBack}) keeps the entries read and written in
 * memory, in the {@link Cache} last {@linkplain #use used}, until {@link #flush()}: the rows of one
 * input batch that belong to the same group then read each value from the state backend once
 * and write it once. A cache belongs to one key and namespace: the operator uses a group's own
 * cache whenever it makes that group's key current, and flushes each cache under its key before
 * its state is snapshotted; changing the namespace flushes by itself.
 */
public final class StateViewSource<N> implements ViewSource {
    /** Entries beyond which a write-back view flushes by itself, to bound its memory. */
    private static final int WRITE_BACK_LIMIT = 4096;
    private final List<MapState<N, Object, Object>> states = new ArrayList<>();
    private final List<MapView<Object, Object>> views = new ArrayList<>();
    private final List<WriteBackView<N>> writeBack = new ArrayList<>();

    public StateViewSource(KeyedStateBackend backend, AggregatesHandle handle, String prefix,
                           TypeSerializer<N> namespaceSerializer, Duration ttl) {
        this(backend, handle, prefix, namespaceSerializer, ttl, false);
    }

    private StateViewSource(KeyedStateBackend backend, AggregatesHandle handle, String prefix,
                            TypeSerializer<N> namespaceSerializer, Duration ttl, boolean cached) {
        for (ViewSpec spec : handle.views()) {
            MapState<N, Object, Object> state = backend.mapState(new StateDescriptor<>(prefix + spec.name(),
                    namespaceSerializer, spec.keySerializer(), spec.valueSerializer(), ttl));
            states.add(state);
            if (cached) {
                WriteBackView<N> view = new WriteBackView<>(state);
                writeBack.add(view);
                views.add(view);
            } else {
                views.add(new StateView<>(state));
            }
        }
    }

    /** A source whose views write back on {@link #flush()} (see the class comment). */
    public static <N> StateViewSource<N> writeBack(KeyedStateBackend backend, AggregatesHandle handle, String prefix,
                                                   TypeSerializer<N> namespaceSerializer, Duration ttl) {
        return new StateViewSource<>(backend, handle, prefix, namespaceSerializer, ttl, true);
    }

    public void setCurrentNamespace(N namespace) {
        flush();
        for (MapState<N, Object, Object> state : states) {
            state.setCurrentNamespace(namespace);
        }
    }

    /** Clears every view of the current key and namespace. */
    public void clear() {
        for (WriteBackView<N> view : writeBack) {
            view.cache.clear();
        }
        for (MapState<N, Object, Object> state : states) {
            state.clear();
        }
    }

    /** Writes what the cache in use holds to state and forgets it; nothing for a plain source. */
    public void flush() {
        for (WriteBackView<N> view : writeBack) {
            view.flush();
        }
    }

    /** A fresh, empty cache for one key and namespace of a write-back source. */
    public Cache newCache() {
        List<Map<Object, Cached>> maps = new ArrayList<>(writeBack.size());
        for (int i = 0; i < writeBack.size(); i++) {
            maps.add(new HashMap<>());
        }
        return new Cache(maps);
    }

    /** Reads and writes through {@code cache} from now on; its key must be the backend's current key. */
    public void use(Cache cache) {
        for (int i = 0; i < writeBack.size(); i++) {
            writeBack.get(i).cache = cache.maps.get(i);
        }
    }

    /** The entries of one key's views a write-back source holds in memory. */
    public static final class Cache {
        private final List<Map<Object, Cached>> maps;

        private Cache(List<Map<Object, Cached>> maps) {
            this.maps = maps;
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

    /**
     * An entry of a write-back view: the view's key, its value ({@code null}: absent), and whether
     * state lacks it.
     */
    private record Cached(Object key, Object value, boolean dirty) {
    }

    /**
     * The key a view's key is cached under: arrays (a {@code BYTES} value, an {@code ARRAY}) compare
     * by identity, so they are wrapped in a row, which compares its fields deeply.
     */
    private static Object cacheKey(Object key) {
        return key instanceof byte[] || key instanceof Object[] ? Row.of(new Object[] {key}) : key;
    }

    private static final class WriteBackView<N> implements MapView<Object, Object> {
        private final MapState<N, Object, Object> state;
        private Map<Object, Cached> cache = new HashMap<>();

        WriteBackView(MapState<N, Object, Object> state) {
            this.state = state;
        }

        @Override
        public Object get(Object key) {
            Object cacheKey = cacheKey(key);
            Cached cached = cache.get(cacheKey);
            if (cached == null) {
                cached = new Cached(key, state.get(key), false);
                remember(cacheKey, cached);
            }
            return cached.value();
        }

        @Override
        public void put(Object key, Object value) {
            remember(cacheKey(key), new Cached(key, value, true));
        }

        @Override
        public void remove(Object key) {
            remember(cacheKey(key), new Cached(key, null, true));
        }

        private void remember(Object cacheKey, Cached cached) {
            if (cache.size() >= WRITE_BACK_LIMIT && !cache.containsKey(cacheKey)) {
                flush();
            }
            cache.put(cacheKey, cached);
        }

        @Override
        public boolean isEmpty() {
            flush();
            return state.isEmpty();
        }

        @Override
        public Iterable<Map.Entry<Object, Object>> entries() {
            flush();
            return state.entries();
        }

        @Override
        public void clear() {
            cache.clear();
            state.clear();
        }

        void flush() {
            for (Cached cached : cache.values()) {
                if (!cached.dirty()) {
                    continue;
                }
                if (cached.value() == null) {
                    state.remove(cached.key());
                } else {
                    state.put(cached.key(), cached.value());
                }
            }
            cache.clear();
        }
    }
}
