package dev.runnel.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    @Test
    void smallValuesAreExactAndPercentilesRankTheValues() {
        LatencyHistogram h = new LatencyHistogram();
        for (long micros = 1; micros <= 50; micros++) {
            h.recordMicros(micros);
        }
        assertThat(h.count()).isEqualTo(50);
        assertThat(h.percentileMillis(50)).isEqualTo(0.025);
        assertThat(h.percentileMillis(100)).isEqualTo(0.050);
        assertThat(h.percentileMillis(0)).isEqualTo(0.001);
    }

    @Test
    void largeValuesAreWithinThreePercent() {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < 99; i++) {
            h.recordMicros(2_000);
        }
        h.recordMicros(750_000);
        assertThat(h.percentileMillis(50)).isCloseTo(2.0, within(0.06));
        assertThat(h.percentileMillis(99)).isCloseTo(2.0, within(0.06));
        assertThat(h.percentileMillis(100)).isCloseTo(750.0, within(22.5));
    }

    @Test
    void histogramsOfSubtasksAddUpAndOutOfRangeValuesAreClamped() {
        LatencyHistogram a = new LatencyHistogram();
        LatencyHistogram b = new LatencyHistogram();
        a.recordMicros(10);
        b.recordMicros(-5);
        b.recordMicros(Long.MAX_VALUE);

        LatencyHistogram sum = a.plus(b);

        assertThat(sum.count()).isEqualTo(3);
        assertThat(a.count()).as("plus leaves its operands alone").isEqualTo(1);
        assertThat(sum.percentileMillis(1)).isEqualTo(0.0);
        assertThat(sum.percentileMillis(100)).isCloseTo(LatencyHistogram.MAX_MICROS / 1000.0,
                within(LatencyHistogram.MAX_MICROS / 1000.0 * 0.03));
        assertThat(new LatencyHistogram().isEmpty()).isTrue();
        assertThat(new LatencyHistogram().percentileMillis(99)).isEqualTo(0.0);
    }
}
