package dev.runnel.runtime.operators.over;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.aggregate.functions.StateViewSource;
import dev.runnel.runtime.operators.rank.KeyFields;
import dev.runnel.runtime.operators.rank.RowListSerializer;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
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
import java.util.Map;

/**
 * Processing-time OVER aggregation (see {@link OverAggregateOperatorFactory} with
 * {@link OverAggregateOperatorFactory#PROCESSING_TIME}), as Flink's {@code ProcTimeUnboundedPrecedingFunction},
 * {@code ProcTimeRowsBoundedPrecedingFunction} and {@code ProcTimeRangeBoundedPrecedingFunction}. A row's
 * time is the operator's clock when the row arrives; rows of a key are aggregated in arrival order,
 * against the rows of the key seen so far:
 *
 * <ul>
 *   <li>UNBOUNDED PRECEDING (ROWS or RANGE): one accumulator per key; each row is emitted at once with
 *       the aggregates of every row of its key up to and including it.
 *   <li>ROWS BETWEEN n PRECEDING: the key's last n rows are kept; each row is emitted at once with the
 *       aggregates of them and itself.
 *   <li>RANGE BETWEEN interval PRECEDING: rows are kept by arrival millisecond. The rows of a
 *       millisecond are peers: a processing-time timer at the next millisecond emits them, each with
 *       the aggregates of the rows that arrived from {@code interval} before it up to its
 *       millisecond. Rows older than every frame still to come are dropped then, and by a timer
 *       {@code interval} later when no row follows. Rows still waiting for their millisecond to end
 *       when the input ends are emitted at {@link #finish}, as if that millisecond had passed.
 * </ul>
 *
 * <p>Bounded frames are aggregated afresh from the rows they hold, so no retraction is needed.
 * Unbounded and ROWS state expires after {@code table.exec.state.ttl}, as in Flink. Takes inserts only.
 */
final class ProcTimeOverAggregateOperator extends AbstractOperator implements Triggerable<VoidNamespace> {
    private final OverAggregateOperatorFactory spec;
    private final AggregatesHandle aggregates;
    private KeyedStateBackend backend;
    /** UNBOUNDED: the key's accumulators and their views. */
    private ValueState<VoidNamespace, Row> accumulators;
    private StateViewSource<VoidNamespace> views;
    /** ROWS bounded: the key's last rows, oldest first. */
    private ValueState<VoidNamespace, List<Row>> lastRows;
    /** RANGE bounded: the rows by arrival time, both those waiting to be emitted and those later frames include. */
    private MapState<VoidNamespace, Long, List<Row>> rowsByTime;
    /** RANGE bounded: the last arrival time whose rows were emitted. */
    private ValueState<VoidNamespace, Long> emittedUpTo;
    private TimerService<VoidNamespace> timers;

    ProcTimeOverAggregateOperator(OverAggregateOperatorFactory spec) {
        this.spec = spec;
        this.aggregates = spec.aggregates();
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        backend = context.keyedStateBackend(Serializers.row(KeyFields.types(spec.keyFields(), spec.inputTypes())));
        Duration ttl = context.configuration().get(StateOptions.STATE_TTL);
        RowListSerializer rows = new RowListSerializer(Serializers.row(spec.inputTypes()));
        if (spec.unbounded()) {
            accumulators = backend.valueState(StateDescriptor.of("over-accumulators",
                    Serializers.row(aggregates.accumulatorTypes()), ttl));
            accumulators.setCurrentNamespace(VoidNamespace.INSTANCE);
            views = new StateViewSource<>(backend, aggregates, "over-", VoidNamespace.SERIALIZER, ttl);
            views.setCurrentNamespace(VoidNamespace.INSTANCE);
        } else if (spec.rowsFrame()) {
            lastRows = backend.valueState(StateDescriptor.of("over-last-rows", rows, ttl));
            lastRows.setCurrentNamespace(VoidNamespace.INSTANCE);
        } else {
            rowsByTime = backend.mapState(StateDescriptor.map("over-rows-by-time", Serializers.LONG, rows,
                    Duration.ZERO));
            rowsByTime.setCurrentNamespace(VoidNamespace.INSTANCE);
            emittedUpTo = backend.valueState(StateDescriptor.of("over-emitted-up-to", Serializers.LONG, Duration.ZERO));
            emittedUpTo.setCurrentNamespace(VoidNamespace.INSTANCE);
            timers = backend.timerService("over-timers", VoidNamespace.SERIALIZER, this);
        }
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (Row row : batch) {
            if (row.kind() != RowKind.INSERT) {
                throw new IllegalStateException("Operator '" + context.operatorName() + "' takes only inserts, not "
                        + row.kind().shortString() + " " + row);
            }
            backend.setCurrentKey(KeyFields.of(row, spec.keyFields()));
            Row stored = new Row(RowKind.INSERT, row.fields().clone());
            if (spec.unbounded()) {
                accumulateUnbounded(stored);
            } else if (spec.rowsFrame()) {
                emitRowsFrame(stored);
            } else {
                bufferForRange(stored);
            }
        }
    }

    private void accumulateUnbounded(Row row) {
        Row stored = accumulators.value();
        Object[] acc = stored == null ? aggregates.createAccumulators() : stored.fields().clone();
        aggregates.accumulate(acc, row, views);
        accumulators.update(new Row(RowKind.INSERT, acc));
        output.collect(OverFrames.withAggregates(row, aggregates.getValues(acc, views)));
    }

    private void emitRowsFrame(Row row) {
        List<Row> kept = lastRows.value();
        List<Row> frame = kept == null ? new ArrayList<>() : new ArrayList<>(kept);
        frame.add(row);
        output.collect(OverFrames.withAggregates(row, OverFrames.aggregate(aggregates, frame)));
        // Only the last n rows can be in a later row's frame.
        List<Row> keep = frame.subList((int) Math.max(0, frame.size() - spec.preceding()), frame.size());
        if (keep.isEmpty()) {
            lastRows.clear();
        } else {
            lastRows.update(new ArrayList<>(keep));
        }
    }

    private void bufferForRange(Row row) {
        long now = timers.currentProcessingTime();
        List<Row> rows = rowsByTime.get(now);
        if (rows == null) {
            rows = new ArrayList<>();
            // The millisecond's peers are complete once it has passed.
            timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, now + 1);
        }
        rows.add(row);
        rowsByTime.put(now, rows);
    }

    @Override
    public void onProcessingTime(Timer<VoidNamespace> timer) {
        emitRange(timer.timestamp() - 1);
    }

    /**
     * Emits the rows that arrived at {@code time} (unless already emitted) and drops the rows older
     * than the frame of {@code time}, which no frame still to come includes.
     */
    private void emitRange(long time) {
        Long done = emittedUpTo.value();
        List<Row> rows = done == null || time > done ? rowsByTime.get(time) : null;
        long start = time - spec.preceding();
        List<Row> frame = new ArrayList<>();
        List<Long> expired = new ArrayList<>();
        for (Map.Entry<Long, List<Row>> e : rowsByTime.entries()) {
            if (e.getKey() < start) {
                expired.add(e.getKey());
            } else if (e.getKey() <= time) {
                frame.addAll(e.getValue());
            }
        }
        expired.forEach(rowsByTime::remove);
        if (rows != null) {
            Object[] values = OverFrames.aggregate(aggregates, frame);
            for (Row row : rows) {
                output.collect(OverFrames.withAggregates(row, values));
            }
            emittedUpTo.update(time);
            // Drops these rows once no frame includes them, should no later row do it first.
            timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, time + spec.preceding() + 2);
        }
        if (rowsByTime.isEmpty()) {
            emittedUpTo.clear();
        }
    }

    @Override
    public void onEventTime(Timer<VoidNamespace> timer) {
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        if (backend != null) {
            backend.advanceWatermark(watermark.timestamp());
        }
        super.processWatermark(watermark);
    }

    /** Emits the RANGE rows whose millisecond has not passed yet: nothing can join them as peers any more. */
    @Override
    public void finish() throws Exception {
        if (rowsByTime == null) {
            return;
        }
        backend.forEachKey(rowsByTime, VoidNamespace.INSTANCE, key -> {
            Long done = emittedUpTo.value();
            List<Long> waiting = new ArrayList<>();
            for (Map.Entry<Long, List<Row>> e : rowsByTime.entries()) {
                if (done == null || e.getKey() > done) {
                    waiting.add(e.getKey());
                }
            }
            waiting.sort(null);
            waiting.forEach(this::emitRange);
        });
    }
}
