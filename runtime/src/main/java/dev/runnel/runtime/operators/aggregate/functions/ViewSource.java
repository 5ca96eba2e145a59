package dev.runnel.runtime.operators.aggregate.functions;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the map views of one set of accumulators live, numbered as
 * {@link AggregatesHandle#views()}: keyed map state in an operator (scoped to the current key
 * and namespace), or {@link #heap()} for accumulators in memory.
 */
@FunctionalInterface
public interface ViewSource {
    MapView<Object, Object> view(int index);

    /** Fresh views on the heap, created on first use. */
    static ViewSource heap() {
        List<MapView<Object, Object>> views = new ArrayList<>();
        return index -> {
            while (views.size() <= index) {
                views.add(new HeapMapView<>());
            }
            return views.get(index);
        };
    }

    /** For accumulators without views: fails when a view is asked for. */
    ViewSource NONE = index -> {
        throw new IllegalStateException("No map views here, but view " + index + " was asked for");
    };
}
