package dev.runnel.runtime.testing;

import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.PacedGeneratorReader;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;

/** Sources for runtime tests. {@link Unbounded} and {@link Sequence} checkpoint their positions. */
public final class TestSources {
    private TestSources() {
    }

    /**
     * Emits {@code (n)} for n = subtask, subtask + p, … forever, {@code rowsPerPoll} rows per
     * poll, {@code rowsPerSecond} a second per subtask, or as fast as the job takes them when
     * that is 0.
     */
    public record Unbounded(int rowsPerPoll, double rowsPerSecond) implements SourceFactory {
        /** As fast as the job takes them. */
        public Unbounded(int rowsPerPoll) {
            this(rowsPerPoll, 0);
        }

        @Override
        public String name() {
            return "UnboundedSequence";
        }

        @Override
        public boolean isBounded() {
            return false;
        }

        @Override
        public SourceReader createReader(int subtaskIndex, int parallelism) {
            return new StridedReader(rowsPerSecond, subtaskIndex, parallelism, rowsPerPoll, Long.MAX_VALUE,
                    n -> Row.of(n));
        }
    }

    /** Emits {@code (n, n % 100, "name-" + n % 1000)} for its share of n = 0..rows-1, then ends. */
    public record Sequence(long rows, int rowsPerPoll) implements SourceFactory {
        @Override
        public String name() {
            return "Sequence(" + rows + ")";
        }

        @Override
        public boolean isBounded() {
            return true;
        }

        @Override
        public SourceReader createReader(int subtaskIndex, int parallelism) {
            return new StridedReader(0, subtaskIndex, parallelism, rowsPerPoll, rows,
                    n -> Row.of(n, n % 100, "name-" + n % 1000));
        }
    }

    /**
     * Emits the rows of numbers {@code s, s + p, …} below {@code rows}, {@code rowsPerPoll} per
     * poll; checkpoints its position like the generating connectors ({@link PacedGeneratorReader}).
     */
    private static final class StridedReader extends PacedGeneratorReader {
        private final long rows;
        private final LongFunction<Row> row;

        StridedReader(double rowsPerSecond, int subtaskIndex, int parallelism, int rowsPerPoll, long rows,
                      LongFunction<Row> row) {
            super(rowsPerSecond, subtaskIndex, parallelism, rowsPerPoll, System::nanoTime);
            this.rows = rows;
            this.row = row;
        }

        @Override
        protected long splitSize(int index, int count) {
            return rows == Long.MAX_VALUE ? rows : rows / count + (index < rows % count ? 1 : 0);
        }

        @Override
        protected LongFunction<Row> splitRows(int index, int count) {
            return n -> row.apply(index + n * count);
        }
    }

    /** Emits nothing and throws a {@link RecordException} with {@code message} at the first poll. */
    public record Failing(String message) implements SourceFactory {
        @Override
        public String name() {
            return "FailingSource";
        }

        @Override
        public boolean isBounded() {
            return true;
        }

        @Override
        public SourceReader createReader(int subtaskIndex, int parallelism) {
            return new SourceReader() {
                @Override
                public void open(OperatorContext context) {
                }

                @Override
                public InputStatus pollNext(Output output) {
                    throw new RecordException(message);
                }
            };
        }
    }

    /** Never emits and never ends: its availability future never completes. */
    public record Idle() implements SourceFactory {
        @Override
        public String name() {
            return "Idle";
        }

        @Override
        public boolean isBounded() {
            return false;
        }

        @Override
        public SourceReader createReader(int subtaskIndex, int parallelism) {
            return new SourceReader() {
                private final CompletableFuture<Void> never = new CompletableFuture<>();

                @Override
                public void open(OperatorContext context) {
                }

                @Override
                public InputStatus pollNext(Output output) {
                    return InputStatus.NOTHING_AVAILABLE;
                }

                @Override
                public CompletableFuture<Void> isAvailable() {
                    return never;
                }
            };
        }
    }

    /**
     * Emits {@code (n)} for n = 0..rows-1, one row per poll, as fast as the job takes them, then
     * nothing and never ends (not checkpointed).
     */
    public record RowsThenIdle(int rows) implements SourceFactory {
        @Override
        public String name() {
            return "RowsThenIdle(" + rows + ")";
        }

        @Override
        public boolean isBounded() {
            return false;
        }

        @Override
        public SourceReader createReader(int subtaskIndex, int parallelism) {
            return new SourceReader() {
                private final CompletableFuture<Void> never = new CompletableFuture<>();
                private long next;

                @Override
                public void open(OperatorContext context) {
                }

                @Override
                public InputStatus pollNext(Output output) {
                    if (next >= rows) {
                        return InputStatus.NOTHING_AVAILABLE;
                    }
                    output.collect(Row.of(next++));
                    return InputStatus.MORE_AVAILABLE;
                }

                @Override
                public CompletableFuture<Void> isAvailable() {
                    return never;
                }
            };
        }
    }
}
