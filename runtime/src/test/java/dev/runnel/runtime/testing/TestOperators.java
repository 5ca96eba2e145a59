package dev.runnel.runtime.testing;

import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
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

    /**
     * A sink that notes the size of every batch it receives under {@code tag} ({@link #batchSizes}),
     * for tests in this JVM, and drops the rows.
     */
    public record RecordBatchSizes(String tag) implements OperatorFactory {
        private static final Map<String, Queue<Integer>> SIZES = new ConcurrentHashMap<>();

        /** The sizes of the batches the sinks of {@code tag} received so far, in arrival order per sink. */
        public static List<Integer> batchSizes(String tag) {
            return List.copyOf(SIZES.getOrDefault(tag, new ConcurrentLinkedQueue<>()));
        }

        @Override
        public String name() {
            return "RecordBatchSizes";
        }

        @Override
        public Operator create() {
            Queue<Integer> sizes = SIZES.computeIfAbsent(tag, t -> new ConcurrentLinkedQueue<>());
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                    sizes.add(batch.size());
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
    /**
     * Counts rows per key (field 1, a BIGINT) in keyed state and, when {@code emit}, sends
     * {@code (key, count)} on; throws at the row whose field 0 is {@code failAt} (never when negative).
     */
    public record CountPerKey(long failAt, boolean emit) implements OperatorFactory {
        @Override
        public String name() {
            return "CountPerKey";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                private KeyedStateBackend backend;
                private ValueState<VoidNamespace, Long> count;

                @Override
                public void open(OperatorContext context) throws Exception {
                    super.open(context);
                    backend = context.keyedStateBackend(Serializers.row(List.of(DataType.of(TypeRoot.BIGINT))));
                    count = backend.valueState(StateDescriptor.of("count", Serializers.LONG, Duration.ZERO));
                }

                @Override
                public void processBatch(RowBatch batch, int input) {
                    for (Row row : batch) {
                        if ((Long) row.getField(0) == failAt) {
                            throw new IllegalStateException("failing at row " + failAt);
                        }
                        backend.setCurrentKey(Row.of(row.getField(1)));
                        Long before = count.value();
                        count.update(before == null ? 1 : before + 1);
                        if (emit) {
                            output.collect(Row.of(row.getField(1), count.value()));
                        }
                    }
                }
            };
        }
    }
}
