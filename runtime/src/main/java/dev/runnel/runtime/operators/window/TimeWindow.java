package dev.runnel.runtime.operators.window;

/**
 * An event-time window {@code [start, end)} in epoch milliseconds. Its rowtime
 * ({@code window_time} in SQL) is {@code end - 1}, the last instant that belongs to it.
 */
public record TimeWindow(long start, long end) implements Comparable<TimeWindow> {
    public TimeWindow {
        if (end <= start) {
            throw new IllegalArgumentException("A window must end after it starts: [" + start + ", " + end + ")");
        }
    }

    public long maxTimestamp() {
        return end - 1;
    }

    public boolean intersects(TimeWindow other) {
        return start <= other.end && other.start <= end;
    }

    /** The smallest window covering both. */
    public TimeWindow cover(TimeWindow other) {
        return new TimeWindow(Math.min(start, other.start), Math.max(end, other.end));
    }

    @Override
    public int compareTo(TimeWindow o) {
        int c = Long.compare(start, o.start);
        return c != 0 ? c : Long.compare(end, o.end);
    }
}
