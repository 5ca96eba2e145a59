package dev.runnel.runtime.testing;

import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.stream.RowBatch;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Operators for runtime tests. */
public final class TestOperators {
    private TestOperators() {
    }

    /** Appends the index of the subtask that saw the row, as a Long, to each row. */
    public record TagSubtask() implements OperatorFactory {
        @Override
        public String name() {
            return "TagSubtask";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                    for (Row row : batch) {
                        Object[] fields = Arrays.copyOf(row.fields(), row.arity() + 1);
                        fields[row.arity()] = (long) context.subtaskIndex();
                        output.collect(new Row(row.kind(), fields));
                    }
                }
            };
        }
    }

    /** Throws a {@link RecordException} with {@code message} at the first batch. */
    public record FailOnFirstBatch(String message) implements OperatorFactory {
        @Override
        public String name() {
            return "FailOnFirstBatch";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                    throw new RecordException(message);
                }
            };
        }
    }

    /** A sink that takes about {@code microsPerBatch} for every batch, and drops it. */
    public record SlowSink(long microsPerBatch) implements OperatorFactory {
        @Override
        public String name() {
            return "SlowSink";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                    // Simulates a slow external system; not a wait for a condition.
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(microsPerBatch));
                }
            };
        }
    }

    /** A sink that drops everything at full speed. */
    public record Discard() implements OperatorFactory {
        @Override
        public String name() {
            return "Discard";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                }
            };
        }
    }
}
