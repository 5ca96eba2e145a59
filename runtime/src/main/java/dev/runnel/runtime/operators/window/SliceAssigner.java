package dev.runnel.runtime.operators.window;

import java.io.Serializable;
import java.util.Objects;

/**
 * Cuts the windows of a TUMBLE, HOP or CUMULATE call into slices, as Flink's slicing window
 * aggregation does: every window is a run of whole slices, and a row belongs to exactly one
 * slice, so an aggregate keeps one accumulator per key and slice instead of one per key and
 * window, and merges a window's slices when it fires. A TUMBLE window is one slice of its
 * size; a HOP window of {@code size} is {@code size / slide} slices of the slide (the size is a
 * multiple of the slide); a CUMULATE window is one to {@code size / step} slices of the step,
 * all from the start of its cycle of {@code size}. All times are local millis
 * ({@link WindowTime#toLocal}) and windows end at slice ends.
 */
public final class SliceAssigner implements Serializable {
    private static final long serialVersionUID = 1L;

    private final WindowAssigner windows;
    /** The length of a slice. */
    private final long slice;
    /** What slices are aligned to. */
    private final long offset;

    /** The slices of {@code windows}, which must be tumbling, hopping or cumulative. */
    public SliceAssigner(WindowAssigner windows) {
        this.windows = Objects.requireNonNull(windows, "windows");
        if (windows instanceof WindowAssigner.Tumbling t) {
            slice = t.size();
            offset = t.offset();
        } else if (windows instanceof WindowAssigner.Hopping h) {
            slice = h.slide();
            offset = h.offset();
        } else if (windows instanceof WindowAssigner.Cumulative c) {
            slice = c.step();
            offset = c.offset();
        } else {
            throw new IllegalArgumentException("Session windows cannot be sliced");
        }
    }

    /** The windows that are sliced. */
    public WindowAssigner windows() {
        return windows;
    }

    /** The length of a slice, in millis. */
    public long sliceSize() {
        return slice;
    }

    /** The slice that local time {@code timestamp} falls into. */
    public TimeWindow assignSlice(long timestamp) {
        long start = WindowAssigner.windowStart(timestamp, offset, slice);
        return new TimeWindow(start, start + slice);
    }

    /** The slice that ends at {@code sliceEnd}. */
    public TimeWindow slice(long sliceEnd) {
        return new TimeWindow(sliceEnd - slice, sliceEnd);
    }

    /** The window that ends at {@code windowEnd} (a slice end). */
    public TimeWindow window(long windowEnd) {
        long start;
        if (windows instanceof WindowAssigner.Tumbling t) {
            start = windowEnd - t.size();
        } else if (windows instanceof WindowAssigner.Hopping h) {
            start = windowEnd - h.size();
        } else {
            long size = ((WindowAssigner.Cumulative) windows).maxSize();
            start = WindowAssigner.windowStart(windowEnd - 1, offset, size);
        }
        return new TimeWindow(start, windowEnd);
    }

    /**
     * The end of the last window that the slice ending at {@code sliceEnd} belongs to; its
     * first is the one that ends with it. After the last one fires the slice is no longer needed.
     */
    public long lastWindowEnd(long sliceEnd) {
        if (windows instanceof WindowAssigner.Tumbling) {
            return sliceEnd;
        }
        if (windows instanceof WindowAssigner.Hopping h) {
            return sliceEnd - h.slide() + h.size();
        }
        long size = ((WindowAssigner.Cumulative) windows).maxSize();
        return WindowAssigner.windowStart(sliceEnd - 1, offset, size) + size;
    }
}
