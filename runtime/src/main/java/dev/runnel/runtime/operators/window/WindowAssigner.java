package dev.runnel.runtime.operators.window;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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

    /**
     * The span by which a window moves forward to a later place of the same kind: moving each
     * of a row's windows by whole cycles until it ends after time {@code t} yields the row's
     * windows at {@code t} (a tumble's or hop's size, a cumulate's size). Sessions have none.
     */
    long cycle();

    /**
     * For processing time: the window that {@code window} (one of this assigner's, assigned to a
     * row earlier) stands for when the row is processed at local time {@code now}. A window whose
     * time is still ahead of {@code now} stays; an earlier one moves forward by whole
     * {@link #cycle()}s into the cycle that is open at {@code now}. For tumble and hop windows the
     * row's moved windows are exactly its windows at {@code now}; empty when the moved window has
     * passed too (a cumulate's earlier step in the current cycle).
     */
    default Optional<TimeWindow> at(TimeWindow window, long now) {
        if (window.end() - 1 > now) {
            return Optional.of(window);
        }
        long cycle = cycle();
        long cycleEnd = window.start() + cycle;
        long cycles = cycleEnd - 1 > now ? 0 : Math.floorDiv(now - (cycleEnd - 1), cycle) + 1;
        TimeWindow moved = new TimeWindow(window.start() + cycles * cycle, window.end() + cycles * cycle);
        return moved.end() - 1 > now ? Optional.of(moved) : Optional.empty();
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

        @Override
        public long cycle() {
            return size;
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

        /** The size, not the slide: a row's windows have distinct starts modulo the size. */
        @Override
        public long cycle() {
            return size;
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

        @Override
        public long cycle() {
            return maxSize;
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

        @Override
        public long cycle() {
            throw new UnsupportedOperationException("Session windows do not repeat");
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
