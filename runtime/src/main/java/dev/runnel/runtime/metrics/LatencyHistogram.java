package dev.runnel.runtime.metrics;

import java.io.Serializable;
import java.time.Instant;
import java.util.Arrays;

/**
 * A histogram of latencies in microseconds, from which percentiles are read; histograms of
 * several subtasks merge by adding them ({@link #plus}). Values below 64 µs are kept exactly;
 * larger ones fall into log-linear buckets (32 per power of two, so a percentile is off by at
 * most about 3%), and values beyond {@link #MAX_MICROS} count as that. Recording and copying
 * are synchronized: the task's thread records, other threads take copies for reports.
 */
public final class LatencyHistogram implements Serializable {
    /** The largest value told apart, about 12.7 days; larger values are clamped to it. */
    public static final long MAX_MICROS = (1L << 40) - 1;

    private static final int EXACT = 64;
    private static final int SUB_BUCKET_BITS = 5;
    private static final int SUB_BUCKETS = 1 << SUB_BUCKET_BITS;
    private static final int FIRST_EXPONENT = 6;
    private static final int BUCKETS = EXACT + (40 - FIRST_EXPONENT) * SUB_BUCKETS;

    /** Allocated on the first value, so that the empty histograms of jobs without latency tracking cost nothing. */
    private long[] counts;
    private long count;

    public LatencyHistogram() {
        this(null, 0);
    }

    private LatencyHistogram(long[] counts, long count) {
        this.counts = counts;
        this.count = count;
    }

    /** The current wall-clock time in microseconds since the epoch, the unit markers carry. */
    public static long nowMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }

    /** Counts one latency; negative values (clocks that stepped back) count as 0. */
    public synchronized void recordMicros(long micros) {
        if (counts == null) {
            counts = new long[BUCKETS];
        }
        counts[bucket(Math.min(Math.max(micros, 0), MAX_MICROS))]++;
        count++;
    }

    /** Adds every value of {@code other} to this histogram. */
    public void add(LatencyHistogram other) {
        LatencyHistogram o = other.copy();
        if (o.count == 0) {
            return;
        }
        synchronized (this) {
            if (counts == null) {
                counts = new long[BUCKETS];
            }
            for (int i = 0; i < BUCKETS; i++) {
                counts[i] += o.counts[i];
            }
            count += o.count;
        }
    }

    /** A new histogram holding the values of this and {@code other}. */
    public LatencyHistogram plus(LatencyHistogram other) {
        LatencyHistogram sum = copy();
        sum.add(other);
        return sum;
    }

    public synchronized LatencyHistogram copy() {
        return new LatencyHistogram(counts == null ? null : counts.clone(), count);
    }

    public synchronized long count() {
        return count;
    }

    public boolean isEmpty() {
        return count() == 0;
    }

    /**
     * The latency that {@code percentile} percent of the values are at or below, in
     * milliseconds (the middle of its bucket); 0 for an empty histogram.
     */
    public synchronized double percentileMillis(double percentile) {
        if (percentile < 0 || percentile > 100) {
            throw new IllegalArgumentException("percentile must be within 0 and 100, was " + percentile);
        }
        if (count == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(percentile / 100 * count));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return middleOf(i) / 1000.0;
            }
        }
        return middleOf(BUCKETS - 1) / 1000.0;
    }

    private static int bucket(long micros) {
        if (micros < EXACT) {
            return (int) micros;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(micros);
        int sub = (int) (micros >>> (exponent - SUB_BUCKET_BITS)) & (SUB_BUCKETS - 1);
        return EXACT + (exponent - FIRST_EXPONENT) * SUB_BUCKETS + sub;
    }

    private static double middleOf(int bucket) {
        if (bucket < EXACT) {
            return bucket;
        }
        int exponent = (bucket - EXACT) / SUB_BUCKETS + FIRST_EXPONENT;
        int sub = (bucket - EXACT) % SUB_BUCKETS;
        long width = 1L << (exponent - SUB_BUCKET_BITS);
        long low = (1L << exponent) + sub * width;
        return low + (width - 1) / 2.0;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LatencyHistogram other)) {
            return false;
        }
        LatencyHistogram a = copy();
        LatencyHistogram b = other.copy();
        return a.count == b.count && (a.count == 0 || Arrays.equals(a.counts, b.counts));
    }

    @Override
    public synchronized int hashCode() {
        return count == 0 ? 0 : Arrays.hashCode(counts);
    }

    @Override
    public synchronized String toString() {
        return count == 0 ? "LatencyHistogram{}" : "LatencyHistogram{count=" + count
                + ", p50=" + percentileMillis(50) + " ms, p99=" + percentileMillis(99) + " ms}";
    }
}
