package dev.runnel.runtime.connector.nexmark;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.PacedGeneratorReader;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;

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
    private static final class Reader extends PacedGeneratorReader {
        private final NexmarkGenerator generator;
        private final int stride;
        private long next;

        Reader(NexmarkConfig config, int subtaskIndex, int parallelism, long events) {
            super((double) config.eventsPerSecond() / parallelism, events, RowBatch.DEFAULT_CAPACITY, System::nanoTime);
            this.generator = new NexmarkGenerator(config);
            this.stride = parallelism;
            this.next = subtaskIndex;
        }

        @Override
        protected Row nextRow() {
            Row row = Row.of(generator.event(next));
            next += stride;
            return row;
        }
    }
}
