package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What the two-input joins share: keyed state of the rows of both inputs
 * ({@link JoinRecordState}, input 0 left, input 1 right), the residual condition, and the
 * search for the rows of the other input that match a row.
 */
abstract class AbstractJoinOperator extends AbstractOperator {
    protected final StreamingJoinOperatorFactory spec;
    protected final JoinedRows joined;
    private final int[][] keys;
    protected KeyedStateBackend backend;
    protected final JoinRecordState[] states = new JoinRecordState[2];
    private CalcFunction condition;

    AbstractJoinOperator(StreamingJoinOperatorFactory spec) {
        this.spec = spec;
        this.keys = new int[][] {spec.leftKeys(), spec.rightKeys()};
        this.joined = new JoinedRows(spec.leftTypes().size(), spec.rightTypes().size());
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        List<DataType> keyTypes = new ArrayList<>();
        for (int k : spec.leftKeys()) {
            keyTypes.add(spec.leftTypes().get(k));
        }
        backend = context.keyedStateBackend(Serializers.row(keyTypes));
        Duration ttl = ttl();
        states[0] = state(0, "left", Serializers.row(storedTypes(spec.leftTypes())), ttl);
        states[1] = state(1, "right", Serializers.row(storedTypes(spec.rightTypes())), ttl);
        if (spec.condition() != null) {
            condition = spec.condition().newInstance(context);
        }
    }

    private JoinRecordState state(int input, String side, TypeSerializer<Row> rows, Duration ttl) {
        return keepsAppendOnly(input) ? JoinRecordState.appendOnly(backend, side + "-rows", rows, ttl)
                : JoinRecordState.counting(backend, side + "-records", rows, ttl);
    }

    /**
     * Whether input {@code input}'s rows are held as a list ({@link JoinRecordState#appendOnly}):
     * only when the join never retracts them nor counts their matches. No, by default.
     */
    protected boolean keepsAppendOnly(int input) {
        return false;
    }

    /**
     * The field types of the rows {@link #states} hold for an input of {@code inputTypes}: the input's
     * own by default. A join that stores more per row appends it; the joined and padded rows it
     * emits take only the input's fields.
     */
    protected List<DataType> storedTypes(List<DataType> inputTypes) {
        return inputTypes;
    }

    /** How long idle state lives ({@code table.exec.state.ttl}); zero keeps it. */
    protected Duration ttl() {
        return context.configuration().get(StateOptions.STATE_TTL);
    }

    /** Closes the user-defined functions the generated {@code condition} calls. */
    @Override
    public void close() throws Exception {
        GeneratedClass.close(condition);
        super.close();
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            backend.setCurrentKey(JoinedRows.project(row, keys[input]));
            processRow(row, input);
        }
    }

    /** The join key of {@code row} of input {@code input}. */
    protected Row key(Row row, int input) {
        return JoinedRows.project(row, keys[input]);
    }

    /** Processes one row of input {@code input}, with its join key set as the current key. */
    protected abstract void processRow(Row row, int input) throws Exception;

    /** Whether {@code row} has a null in a key compared with {@code =}, so it can match nothing. */
    protected boolean hasNullKey(Row row, int input) {
        return JoinedRows.hasNullKey(row, keys[input], spec.nullSafe());
    }

    /**
     * The distinct rows of the other input held under the current key that {@code row} (of
     * input {@code input}) joins with: those {@code accept} takes that satisfy the condition.
     */
    protected List<JoinRecordState.Entry> matches(Row row, int input, Predicate<Row> accept) {
        if (hasNullKey(row, input)) {
            return new ArrayList<>();
        }
        return matches(row, input, accept, states[1 - input].entries());
    }

    /** {@link #matches(Row, int, Predicate)} among {@code candidates}, the other input's rows of the key. */
    protected List<JoinRecordState.Entry> matches(Row row, int input, Predicate<Row> accept,
                                                  List<JoinRecordState.Entry> candidates) {
        List<JoinRecordState.Entry> result = new ArrayList<>();
        if (hasNullKey(row, input)) {
            return result;
        }
        for (JoinRecordState.Entry other : candidates) {
            if (accept.test(other.row()) && (condition == null
                    || condition.apply(joined.join(RowKind.INSERT, row, input, other.row())) != null)) {
                result.add(other);
            }
        }
        return result;
    }

    /** Emits {@code row} joined with each match, once per occurrence of the match. */
    protected void emitJoined(RowKind kind, Row row, int input, List<JoinRecordState.Entry> matches) {
        for (JoinRecordState.Entry other : matches) {
            for (long i = 0; i < other.count(); i++) {
                output.collect(joined.join(kind, row, input, other.row()));
            }
        }
    }

    /** Emits {@code times} copies of {@code row} of input {@code input} padded with nulls. */
    protected void emitPadded(RowKind kind, Row row, int input, long times) {
        for (long i = 0; i < times; i++) {
            output.collect(joined.padded(kind, row, input));
        }
    }
}
