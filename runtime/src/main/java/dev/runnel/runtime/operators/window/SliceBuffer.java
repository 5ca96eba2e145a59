package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * Accumulators per key and slice in memory, as Flink's window buffer holds them in front of
 * state (or of the shuffle, for a local aggregate): a row costs a hash lookup, not a state
 * access. It knows when the first window of a buffered slice fires, so its owner can empty it
 * before a watermark that fires one. Not thread-safe.
 */
final class SliceBuffer {
    /** The accumulators of one key's slice. */
    record Slice(long end, Object[] acc) {
    }

    private final AggregatesHandle aggregates;
    /** The event time at which the first window of a slice ending at the argument, not yet fired, fires. */
    private final LongUnaryOperator firesAt;
    private final Map<Row, List<Slice>> slices = new HashMap<>();
    private int size;
    private long earliestFire = Long.MAX_VALUE;

    SliceBuffer(AggregatesHandle aggregates, LongUnaryOperator firesAt) {
        this.aggregates = aggregates;
        this.firesAt = firesAt;
    }

    /** The accumulators of {@code key}'s slice ending at {@code sliceEnd}, empty the first time. */
    Object[] accumulators(Row key, long sliceEnd) {
        List<Slice> keySlices = slices.computeIfAbsent(key, k -> new ArrayList<>(2));
        for (Slice candidate : keySlices) {
            if (candidate.end() == sliceEnd) {
                return candidate.acc();
            }
        }
        Slice slice = new Slice(sliceEnd, aggregates.createAccumulators());
        keySlices.add(slice);
        size++;
        earliestFire = Math.min(earliestFire, firesAt.applyAsLong(sliceEnd));
        return slice.acc();
    }

    /** The number of slices held. */
    int size() {
        return size;
    }

    /** Whether a watermark at {@code timestamp} fires a window of a slice held. */
    boolean firesBy(long timestamp) {
        return timestamp >= earliestFire;
    }

    /** The slices held per key, in no particular order. */
    Map<Row, List<Slice>> byKey() {
        return slices;
    }

    void clear() {
        slices.clear();
        size = 0;
        earliestFire = Long.MAX_VALUE;
    }
}
