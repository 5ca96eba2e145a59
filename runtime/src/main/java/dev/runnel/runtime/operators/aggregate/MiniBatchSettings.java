package dev.runnel.runtime.operators.aggregate;

import java.io.Serializable;
import java.time.Duration;

/**
 * Mini-batch buffering of a stateful operator, as Flink's {@code table.exec.mini-batch.*}:
 * input rows are buffered per key and folded into state at once when {@code size} rows are
 * buffered, {@code allowLatency} after the first buffered row (processing time), on a
 * watermark and at end of input.
 */
public record MiniBatchSettings(Duration allowLatency, long size) implements Serializable {
    public MiniBatchSettings {
        if (size <= 0) {
            throw new IllegalArgumentException("Mini-batch size must be positive, was " + size);
        }
        if (allowLatency.isNegative() || allowLatency.isZero()) {
            throw new IllegalArgumentException("Mini-batch allow-latency must be positive, was " + allowLatency);
        }
    }

    @Override
    public String toString() {
        return "latency=" + allowLatency.toMillis() + "ms, size=" + size;
    }
}
