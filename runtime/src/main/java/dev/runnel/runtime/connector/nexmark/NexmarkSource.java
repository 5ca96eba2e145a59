package dev.runnel.runtime.connector.nexmark;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.RatePacer;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import java.util.concurrent.CompletableFuture;

/**
 * The nexmark source of one table. Subtask {@code s} of {@code p} generates the event numbers
 * {@code s, s + p, s + 2p, …} below {@code max-events}, at its share of {@code events-per-second};
 * since an event depends only on its number, the subtasks together emit exactly the events of
 * serial generation, and event time advances evenly on all of them.
 */
final class NexmarkSource implements SourceFactory {
    private final String name;
    private final NexmarkConfig config;

    NexmarkSource(String name, NexmarkConfig config) {
        this.name = name;
        this.config = config;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean isBounded() {
        return config.maxEvents() > 0;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        if (subtaskIndex < 0 || subtaskIndex >= parallelism) {
            throw new IllegalArgumentException("subtask " + subtaskIndex + " of " + parallelism);
        }
        long events = Long.MAX_VALUE;
        if (config.maxEvents() > 0) {
            events = config.maxEvents() / parallelism + (subtaskIndex < config.maxEvents() % parallelism ? 1 : 0);
        }
        return new Reader(config, subtaskIndex, parallelism, events);
    }

    @Override
    public String toString() {
        return name;
    }

    /** Generates one subtask's share of the events. */
    private static final class Reader implements SourceReader {
        private final NexmarkGenerator generator;
        private final RatePacer pacer;
        private final int stride;
        private long next;
        private long remaining;

        Reader(NexmarkConfig config, int subtaskIndex, int parallelism, long events) {
            this.generator = new NexmarkGenerator(config);
            this.pacer = new RatePacer((double) config.eventsPerSecond() / parallelism, RowBatch.DEFAULT_CAPACITY);
            this.stride = parallelism;
            this.next = subtaskIndex;
            this.remaining = events;
        }

        @Override
        public void open(OperatorContext context) {
        }

        @Override
        public InputStatus pollNext(Output output) {
            if (remaining <= 0) {
                return InputStatus.END_OF_INPUT;
            }
            long n = pacer.permits(remaining);
            if (n == 0) {
                return InputStatus.NOTHING_AVAILABLE;
            }
            for (long i = 0; i < n; i++) {
                output.collect(Row.of(generator.event(next)));
                next += stride;
            }
            pacer.emitted(n);
            remaining -= n;
            output.flush();
            return remaining <= 0 ? InputStatus.END_OF_INPUT : InputStatus.MORE_AVAILABLE;
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            return pacer.available();
        }
    }
}
