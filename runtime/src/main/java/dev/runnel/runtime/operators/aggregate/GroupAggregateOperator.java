package dev.runnel.runtime.operators.aggregate;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.aggregate.functions.StateViewSource;
import dev.runnel.runtime.operators.aggregate.functions.ViewSource;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Group aggregation as Flink's {@code GroupAggFunction}: the input arrives partitioned by the
 * group key; per key the operator keeps the accumulators of all aggregate calls and the number
 * of rows in the group, in keyed state, and emits the changes of the group's result row
 * (key fields, then one field per call):
 *
 * <ul>
 *   <li>{@code +I} for the first row of a group;</li>
 *   <li>{@code -U} old, {@code +U} new when the result changed; nothing when it did not, unless
 *       state TTL ({@code table.exec.state.ttl}) is set, where the update is still emitted so
 *       that downstream state is refreshed too (as Flink);</li>
 *   <li>{@code -D} old when the last row of a group was retracted; its state is cleared.</li>
 * </ul>
 *
 * <p>{@code +I}/{@code +U} input rows are accumulated, {@code -U}/{@code -D} rows retracted, so
 * an aggregate over an updating input (another aggregate) is right. A retraction for a group
 * without state (never seen, or expired) is ignored.
 *
 * <p>With {@link MiniBatchSettings}, rows are buffered per key (in memory, in arrival order) and
 * folded into state together, emitting one change per key and batch; the buffer is flushed when
 * it holds {@code size} rows, {@code allowLatency} after its first row, before a watermark is
 * forwarded, before a checkpoint barrier and at end of input.
 *
 * <p>Either way the groups an input batch touches stay in memory, with the entries of their map
 * views read and written, until the batch ends (or a mini-batch flush does): the rows of one
 * group in a batch read and write its state once, while the changes emitted stay those of one
 * row at a time.
 *
 * <p>As the global phase of a two-phase aggregation ({@link GlobalGroupAggregateOperatorFactory}),
 * its input rows are partial rows, which it merges into the group's accumulators and row count;
 * state and changelog are the same.
 */
public final class GroupAggregateOperator extends AbstractOperator {
    private final GroupAggregateOperatorFactory spec;
    private final AggregatesHandle aggregates;
    private final int[] groupKeys;
    private final int accArity;
    /** Whether input rows are partial rows of a local phase, merged instead of accumulated. */
    private final boolean mergesPartials;
    private KeyedStateBackend backend;
    private ValueState<VoidNamespace, Row> accState;
    private StateViewSource<VoidNamespace> views;
    private boolean ttlEnabled;
    private final Map<Row, List<Row>> buffer = new LinkedHashMap<>();
    /** When the mini-batch goes out, or {@code null} without mini-batch. */
    private MiniBatchTrigger trigger;
    /** Groups beyond which the groups in memory are written to state before the batch ends. */
    private static final int GROUPS_IN_MEMORY = 1024;
    /** The groups read in this input batch (or mini-batch flush), to be written back at its end. */
    private final Map<Row, Group> groups = new HashMap<>();
    /** The group of the backend's current key, or {@code null}. */
    private Group current;

    GroupAggregateOperator(GroupAggregateOperatorFactory spec, boolean mergesPartials) {
        this.spec = spec;
        this.mergesPartials = mergesPartials;
        this.aggregates = spec.aggregates();
        this.groupKeys = spec.groupKeys();
        this.accArity = aggregates.accumulatorTypes().size();
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        backend = context.keyedStateBackend(Serializers.row(spec.keyTypes()));
        Duration ttl = context.configuration().get(StateOptions.STATE_TTL);
        ttlEnabled = !ttl.isZero();
        // The accumulators, then the number of rows in the group (to know when it is empty).
        List<DataType> stateTypes = new ArrayList<>(aggregates.accumulatorTypes());
        stateTypes.add(DataType.of(TypeRoot.BIGINT));
        accState = backend.valueState(StateDescriptor.of("accumulators", Serializers.row(stateTypes), ttl));
        accState.setCurrentNamespace(VoidNamespace.INSTANCE);
        views = StateViewSource.writeBack(backend, aggregates, "view_", VoidNamespace.SERIALIZER, ttl);
        views.setCurrentNamespace(VoidNamespace.INSTANCE);
        if (spec.miniBatch() != null) {
            trigger = new MiniBatchTrigger(spec.miniBatch(), context.processingTimeService(), this::flush);
        }
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            Row key = key(row, groupKeys);
            if (trigger == null) {
                processKey(key, List.of(row));
                continue;
            }
            buffer.computeIfAbsent(key, k -> new ArrayList<>()).add(row.copy());
            trigger.rowBuffered();
        }
        store();
    }

    /** The values of {@code row}'s fields {@code keyFields}, as a row. */
    static Row key(Row row, int[] keyFields) {
        Object[] values = new Object[keyFields.length];
        for (int i = 0; i < keyFields.length; i++) {
            values[i] = row.getField(keyFields[i]);
        }
        return Row.of(values);
    }

    /** Folds the buffered rows of every key into state, in the order the keys arrived. */
    private void flush() throws Exception {
        if (trigger != null) {
            trigger.flushed();
        }
        if (buffer.isEmpty()) {
            return;
        }
        for (Map.Entry<Row, List<Row>> e : buffer.entrySet()) {
            processKey(e.getKey(), e.getValue());
        }
        store();
        buffer.clear();
    }

    /** Applies {@code rows} (all of group {@code key}) to its state and emits the one resulting change. */
    private void processKey(Row key, List<Row> rows) throws Exception {
        Group g = switchTo(key);
        boolean firstRow = !g.exists;
        Object[] previous = firstRow ? null : aggregates.getValues(g.acc, views);
        boolean touched = mergesPartials ? mergePartials(g, rows) : accumulate(g, rows);
        if (!touched) {
            return;
        }
        // Partials can only take a count below zero after the group's state expired (TTL): empty then.
        if (g.count <= 0) {
            g.exists = false;
            g.acc = null;
            g.dirty = false;
            accState.clear();
            views.clear();
            if (!firstRow) {
                output.collect(result(RowKind.DELETE, key, previous));
            }
            return;
        }
        g.dirty = true;
        Object[] current = aggregates.getValues(g.acc, views);
        if (firstRow) {
            output.collect(result(RowKind.INSERT, key, current));
        } else if (ttlEnabled || !Row.valuesEqual(previous, current)) {
            output.collect(result(RowKind.UPDATE_BEFORE, key, previous));
            output.collect(result(RowKind.UPDATE_AFTER, key, current));
        }
    }

    /** Accumulates {@code +I}/{@code +U} rows into {@code g}, retracts the others; whether any changed it. */
    private boolean accumulate(Group g, List<Row> rows) {
        boolean touched = false;
        for (Row row : rows) {
            if (row.kind() == RowKind.INSERT || row.kind() == RowKind.UPDATE_AFTER) {
                if (!g.exists) {
                    g.acc = aggregates.createAccumulators();
                    g.count = 0;
                    g.exists = true;
                }
                aggregates.accumulate(g.acc, row, views);
                g.count++;
                touched = true;
            } else if (g.count > 0) {
                aggregates.retract(g.acc, row, views);
                g.count--;
                touched = true;
            }
        }
        return touched;
    }

    /**
     * Merges partial rows (key fields, accumulators, change of the row count) into {@code g}; a
     * group without rows starts from empty accumulators.
     */
    private boolean mergePartials(Group g, List<Row> partials) {
        int keyArity = groupKeys.length;
        for (Row partial : partials) {
            if (!g.exists) {
                g.acc = aggregates.createAccumulators();
                g.count = 0;
                g.exists = true;
            }
            Object[] fields = partial.fields();
            aggregates.merge(g.acc, views, Arrays.copyOfRange(fields, keyArity, keyArity + accArity), ViewSource.NONE);
            g.count += (Long) fields[keyArity + accArity];
        }
        return !partials.isEmpty();
    }

    /**
     * Makes {@code key} the backend's current key and its group the one rows go to: read from
     * state the first time in this batch, from memory after that.
     */
    private Group switchTo(Row key) throws Exception {
        if (current != null && current.key.equals(key)) {
            return current;
        }
        if (groups.size() >= GROUPS_IN_MEMORY && !groups.containsKey(key)) {
            store();
        }
        backend.setCurrentKey(key);
        Group g = groups.get(key);
        if (g == null) {
            g = new Group(key, views.newCache());
            Row stored = accState.value();
            if (stored != null) {
                g.exists = true;
                g.acc = Arrays.copyOf(stored.fields(), accArity);
                g.count = (Long) stored.getField(accArity);
            }
            groups.put(key, g);
        }
        views.use(g.cache);
        current = g;
        return g;
    }

    /** Writes every group in memory to state, each under its own key (all together), and forgets them. */
    private void store() throws Exception {
        backend.writeTogether(() -> {
            for (Group g : groups.values()) {
                if (g != current || groups.size() > 1) {
                    backend.setCurrentKey(g.key);
                }
                if (g.dirty) {
                    Object[] stateRow = Arrays.copyOf(g.acc, accArity + 1);
                    stateRow[accArity] = g.count;
                    accState.update(Row.of(stateRow));
                }
                views.use(g.cache);
                views.flush();
            }
        });
        groups.clear();
        current = null;
    }

    /** A group read into memory: whether it has rows, its accumulators and its row count. */
    private static final class Group {
        final Row key;
        final StateViewSource.Cache cache;
        boolean exists;
        Object[] acc;
        long count;
        /** Whether the accumulators differ from the group's state. */
        boolean dirty;

        Group(Row key, StateViewSource.Cache cache) {
            this.key = key;
            this.cache = cache;
        }
    }

    private static Row result(RowKind kind, Row key, Object[] values) {
        Object[] fields = new Object[key.arity() + values.length];
        System.arraycopy(key.fields(), 0, fields, 0, key.arity());
        System.arraycopy(values, 0, fields, key.arity(), values.length);
        return new Row(kind, fields);
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        flush();
        super.processWatermark(watermark);
    }

    /** The mini-batch buffer is not state: it goes out before the barrier, into state and downstream. */
    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        flush();
    }

    @Override
    public void endInput(int input) throws Exception {
        flush();
    }

    @Override
    public void finish() throws Exception {
        flush();
    }

    @Override
    public void close() {
        if (trigger != null) {
            trigger.cancel();
        }
    }
}
