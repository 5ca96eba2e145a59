package dev.runnel.runtime.operators.window;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Assigns a row's event timestamp to the windows it belongs to, as Flink's windowing table
 * functions do. All sizes are milliseconds; windows are aligned to the epoch plus {@code offset}
 * (a negative offset shifts them back). Session windows are unaligned: each row starts a
 * window {@code [ts, ts + gap)} that the window aggregate later merges with overlapping ones.
 */
public sealed interface WindowAssigner extends Serializable {
    /** The windows of a row with event time {@code timestamp}, in ascending order of their end. */
    List<TimeWindow> assignWindows(long timestamp);

    /** Whether windows come from single rows and must be merged ({@code SESSION}). */
    default boolean isMerging() {
        return false;
    }

    /** {@code TUMBLE(..., size[, offset])}: fixed, non-overlapping windows. */
    record Tumbling(long size, long offset) implements WindowAssigner {
        public Tumbling {
            requirePositive("size", size);
        }

        @Override
        public List<TimeWindow> assignWindows(long timestamp) {
            long start = windowStart(timestamp, offset, size);
            return List.of(new TimeWindow(start, start + size));
        }
    }

    /** {@code HOP(..., slide, size[, offset])}: windows of {@code size} starting every {@code slide}. */
    record Hopping(long size, long slide, long offset) implements WindowAssigner {
        public Hopping {
            requirePositive("size", size);
            requirePositive("slide", slide);
            if (size % slide != 0) {
                // Flink requires it too: slices must tile every window exactly.
                throw new IllegalArgumentException("HOP window size (" + size + " ms) must be an integral multiple of"
                        + " its slide (" + slide + " ms)");
            }
        }

        @Override
        public List<TimeWindow> assignWindows(long timestamp) {
            List<TimeWindow> windows = new ArrayList<>((int) (size / slide));
            long lastStart = windowStart(timestamp, offset, slide);
            for (long start = lastStart - size + slide; start <= lastStart; start += slide) {
                windows.add(new TimeWindow(start, start + size));
            }
            return windows;
        }
    }

    /**
     * {@code CUMULATE(..., step, size[, offset])}: windows that all start at the start of a
     * fixed window of {@code size} and end after one, two, … steps.
     */
    record Cumulative(long maxSize, long step, long offset) implements WindowAssigner {
        public Cumulative {
            requirePositive("size", maxSize);
            requirePositive("step", step);
            if (maxSize % step != 0) {
                throw new IllegalArgumentException("CUMULATE window size (" + maxSize + " ms) must be an integral"
                        + " multiple of its step (" + step + " ms)");
            }
        }

        @Override
        public List<TimeWindow> assignWindows(long timestamp) {
            long start = windowStart(timestamp, offset, maxSize);
            long firstEnd = windowStart(timestamp, offset, step) + step;
            List<TimeWindow> windows = new ArrayList<>();
            for (long end = firstEnd; end <= start + maxSize; end += step) {
                windows.add(new TimeWindow(start, end));
            }
            return windows;
        }
    }

    /** {@code SESSION(..., gap)}: windows that close after {@code gap} without rows. */
    record Session(long gap) implements WindowAssigner {
        public Session {
            requirePositive("gap", gap);
        }

        @Override
        public List<TimeWindow> assignWindows(long timestamp) {
            return List.of(new TimeWindow(timestamp, timestamp + gap));
        }

        @Override
        public boolean isMerging() {
            return true;
        }
    }

    /** The start of the window of {@code size} (aligned to {@code offset}) that holds {@code timestamp}. */
    static long windowStart(long timestamp, long offset, long size) {
        long remainder = (timestamp - offset) % size;
        // Timestamps before the epoch give a negative remainder: the window starts earlier, not later.
        return remainder < 0 ? timestamp - (remainder + size) : timestamp - remainder;
    }

    private static void requirePositive(String what, long millis) {
        if (millis <= 0) {
            throw new IllegalArgumentException("Window " + what + " must be positive, not " + millis + " ms");
        }
    }
}
