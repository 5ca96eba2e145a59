package dev.runnel.runtime.operators.over;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.CheckpointedWatermark;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.TimeBuffer;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.aggregate.functions.StateViewSource;
import dev.runnel.runtime.operators.rank.KeyFields;
import dev.runnel.runtime.operators.rank.RowListSerializer;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Event-time OVER aggregation (see {@link OverAggregateOperatorFactory}). Per key it buffers
 * rows by time in a map state and registers an event timer at each time; when the watermark
 * passes a time, the rows of that time are emitted with their aggregates:
 *
 * <ul>
 *   <li>UNBOUNDED PRECEDING keeps one accumulator per key (its map views in map state);
 *   <li>a bounded frame keeps the rows still inside some future frame (the last n rows, or
 *       the rows of the last interval) and aggregates each frame afresh from them, which needs
 *       no retraction (so MIN/MAX need no ordered views).
 * </ul>
 *
 * <p>A RANGE frame includes the rows of the same time (peers), a ROWS frame only those emitted
 * before (in arrival order). Rows whose time is not after the watermark on arrival (or NULL)
 * are late: dropped and counted in {@code numLateRecordsDropped}. The watermark that decides
 * this is checkpointed (in a union list: a restored subtask takes the least of all subtasks'),
 * so that rows replayed after a restore are late exactly when they were before it.
 */
final class OverAggregateOperator extends AbstractOperator implements Triggerable<VoidNamespace> {
    private final OverAggregateOperatorFactory spec;
    private final AggregatesHandle aggregates;
    private KeyedStateBackend backend;
    /** Rows waiting for the watermark, by time, in arrival order. */
    private MapState<VoidNamespace, Long, List<Row>> pending;
    /** UNBOUNDED only: the key's accumulators and their views. */
    private ValueState<VoidNamespace, Row> accumulators;
    private StateViewSource<VoidNamespace> views;
    /** Bounded only: the emitted rows later frames may still include, in emission order. */
    private ValueState<VoidNamespace, List<Row>> history;
    private TimerService<VoidNamespace> timers;
    private Counter lateRecords;
    private CheckpointedWatermark watermark;

    OverAggregateOperator(OverAggregateOperatorFactory spec) {
        this.spec = spec;
        this.aggregates = spec.aggregates();
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        backend = context.keyedStateBackend(Serializers.row(KeyFields.types(spec.keyFields(), spec.inputTypes())));
        RowListSerializer rows = new RowListSerializer(Serializers.row(spec.inputTypes()));
        pending = backend.mapState(StateDescriptor.map("over-pending", Serializers.LONG, rows, Duration.ZERO));
        pending.setCurrentNamespace(VoidNamespace.INSTANCE);
        if (spec.unbounded()) {
            accumulators = backend.valueState(StateDescriptor.of("over-accumulators",
                    Serializers.row(aggregates.accumulatorTypes()), Duration.ZERO));
            accumulators.setCurrentNamespace(VoidNamespace.INSTANCE);
            views = new StateViewSource<>(backend, aggregates, "over-", VoidNamespace.SERIALIZER, Duration.ZERO);
            views.setCurrentNamespace(VoidNamespace.INSTANCE);
        } else {
            history = backend.valueState(StateDescriptor.of("over-history", rows, Duration.ZERO));
            history.setCurrentNamespace(VoidNamespace.INSTANCE);
        }
        timers = backend.timerService("over-timers", VoidNamespace.SERIALIZER, this);
        lateRecords = context.counter("numLateRecordsDropped");
        watermark = CheckpointedWatermark.restore(context, backend, "over-watermark");
    }

    @Override
    public void snapshotState(long checkpointId) {
        watermark.snapshot();
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (Row row : batch) {
            TimeBuffer.requireInsert(row, context);
            Object time = row.getField(spec.rowtimeField());
            if (time == null || (Long) time <= backend.currentWatermark()) {
                lateRecords.inc();
                continue;
            }
            backend.setCurrentKey(KeyFields.of(row, spec.keyFields()));
            TimeBuffer.add(pending, timers, (Long) time, row);
        }
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        backend.advanceWatermark(mark.timestamp());
        super.processWatermark(mark);
    }

    @Override
    public void onEventTime(Timer<VoidNamespace> timer) throws Exception {
        long time = timer.timestamp();
        List<Row> rows = pending.get(time);
        if (rows == null) {
            return;
        }
        pending.remove(time);
        if (spec.unbounded()) {
            emitUnbounded(rows);
        } else {
            emitBounded(time, rows);
        }
    }

    @Override
    public void onProcessingTime(Timer<VoidNamespace> timer) {
    }

    private void emitUnbounded(List<Row> rows) {
        Row stored = accumulators.value();
        Object[] acc = stored == null ? aggregates.createAccumulators() : stored.fields().clone();
        if (!spec.rowsFrame()) {
            // RANGE: peers (rows of the same time) are all in each other's frame.
            for (Row row : rows) {
                aggregates.accumulate(acc, row, views);
            }
            Object[] values = aggregates.getValues(acc, views);
            for (Row row : rows) {
                emit(row, values);
            }
        } else {
            for (Row row : rows) {
                aggregates.accumulate(acc, row, views);
                emit(row, aggregates.getValues(acc, views));
            }
        }
        accumulators.update(new Row(RowKind.INSERT, acc));
    }

    private void emitBounded(long time, List<Row> rows) {
        List<Row> kept = history.value();
        List<Row> frameRows = kept == null ? new ArrayList<>() : new ArrayList<>(kept);
        if (spec.rowsFrame()) {
            for (Row row : rows) {
                frameRows.add(row);
                int from = (int) Math.max(0, frameRows.size() - 1 - spec.preceding());
                emit(row, aggregate(frameRows.subList(from, frameRows.size())));
            }
            // Only the last n rows can be in a later row's frame.
            int from = (int) Math.max(0, frameRows.size() - spec.preceding());
            frameRows = new ArrayList<>(frameRows.subList(from, frameRows.size()));
        } else {
            // The frame is (time - preceding .. time]; rows before its start leave for good, as later frames start later.
            long start = time - spec.preceding();
            frameRows.removeIf(r -> (Long) r.getField(spec.rowtimeField()) < start);
            frameRows.addAll(rows);
            Object[] values = aggregate(frameRows);
            for (Row row : rows) {
                emit(row, values);
            }
        }
        if (frameRows.isEmpty()) {
            history.clear();
        } else {
            history.update(frameRows);
        }
    }

    private Object[] aggregate(List<Row> frame) {
        return OverFrames.aggregate(aggregates, frame);
    }

    private void emit(Row row, Object[] values) {
        output.collect(OverFrames.withAggregates(row, values));
    }
}
