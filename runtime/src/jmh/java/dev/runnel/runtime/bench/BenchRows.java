package dev.runnel.runtime.bench;

import dev.runnel.runtime.connector.nexmark.NexmarkConfig;
import dev.runnel.runtime.connector.nexmark.NexmarkGenerator;
import dev.runnel.runtime.data.Row;
import java.time.Instant;

/** Rows the benchmarks run on: Nexmark events from the built-in generator, as a source emits them. */
final class BenchRows {
    /** Unthrottled, unbounded, seed 0, 10,000 events/s of event time, 4 s out of order: the connector's defaults. */
    static final NexmarkConfig NEXMARK = new NexmarkConfig(0, 0, 0, 0,
            Instant.parse("2015-07-15T00:00:00Z").toEpochMilli(), 10_000, 4_000);

    private BenchRows() {
    }

    /** {@code count} consecutive Nexmark events (rows of the {@code nexmark} table), from event 0. */
    static Row[] events(int count) {
        NexmarkGenerator generator = new NexmarkGenerator(NEXMARK);
        Row[] rows = new Row[count];
        for (int i = 0; i < count; i++) {
            rows[i] = Row.of(generator.event(i));
        }
        return rows;
    }

    /** {@code count} bids (rows of the {@code bid} view: auction, bidder, price, channel, url, dateTime, extra). */
    static Row[] bids(int count) {
        NexmarkGenerator generator = new NexmarkGenerator(NEXMARK);
        Row[] rows = new Row[count];
        for (long n = 0, i = 0; i < count; n++) {
            Object[] event = generator.event(n);
            if (event[3] != null) {
                rows[(int) i++] = Row.of((Object[]) event[3]);
            }
        }
        return rows;
    }
}
