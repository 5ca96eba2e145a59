package dev.runnel.runtime.connector.nexmark;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.PacedGeneratorReader;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import java.util.function.LongFunction;

/**
 * The nexmark source of one table. Subtask {@code s} of {@code p} generates the event numbers
 * {@code s, s + p, s + 2p, …} below {@code max-events}, at its share of {@code events-per-second};
 * since an event depends only on its number, the subtasks together emit exactly the events of
 * serial generation, and event time advances evenly on all of them. Each subtask's numbers are
 * a split that checkpoints how many of its events were emitted.
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

    /** The table and options such as {@code rows-per-second} may change between a savepoint and the resumed job. */
    @Override
    public String stateSignature() {
        return "TableSourceScan(connector=[nexmark])";
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
        return new Reader(config, subtaskIndex, parallelism);
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * Generates split {@code i} of {@code p}: the event numbers {@code i, i + p, i + 2p, …}; its
     * position is how many of them were emitted, so a restored split continues with the next one.
     */
    private static final class Reader extends PacedGeneratorReader {
        private final NexmarkConfig config;
        private final NexmarkGenerator generator;

        Reader(NexmarkConfig config, int subtaskIndex, int parallelism) {
            super((double) config.eventsPerSecond() / parallelism, subtaskIndex, parallelism, RowBatch.DEFAULT_CAPACITY,
                    System::nanoTime);
            this.config = config;
            this.generator = new NexmarkGenerator(config);
        }

        @Override
        protected long splitSize(int index, int count) {
            long max = config.maxEvents();
            return max > 0 ? max / count + (index < max % count ? 1 : 0) : Long.MAX_VALUE;
        }

        @Override
        protected LongFunction<Row> splitRows(int index, int count) {
            return n -> Row.of(generator.event(index + n * count));
        }
    }
}
