package dev.runnel.runtime.testing;

import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import java.util.concurrent.CompletableFuture;

/** Sources for runtime tests. */
public final class TestSources {
    private TestSources() {
    }

    /**
     * Emits {@code (n)} for n = subtask, subtask + p, … forever, {@code rowsPerPoll} rows per
     * poll, as fast as the job takes them.
     */
    public record Unbounded(int rowsPerPoll) implements SourceFactory {
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
            return new SourceReader() {
                private long next = subtaskIndex;

                @Override
                public void open(OperatorContext context) {
                }

                @Override
                public InputStatus pollNext(Output output) {
                    for (int i = 0; i < rowsPerPoll; i++) {
                        output.collect(Row.of(next));
                        next += parallelism;
                    }
                    return InputStatus.MORE_AVAILABLE;
                }
            };
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
            return new SourceReader() {
                private long next = subtaskIndex;

                @Override
                public void open(OperatorContext context) {
                }

                @Override
                public InputStatus pollNext(Output output) {
                    for (int i = 0; i < rowsPerPoll && next < rows; i++) {
                        output.collect(Row.of(next, next % 100, "name-" + next % 1000));
                        next += parallelism;
                    }
                    return next < rows ? InputStatus.MORE_AVAILABLE : InputStatus.END_OF_INPUT;
                }
            };
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
}
