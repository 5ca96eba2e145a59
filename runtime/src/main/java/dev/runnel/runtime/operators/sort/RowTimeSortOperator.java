package dev.runnel.runtime.operators.sort;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.TimeBuffer;
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
import java.util.List;

/**
 * Sorts on event time (see {@link TemporalSortOperatorFactory}). State, under the one empty key:
 * the waiting rows by time (map state, each time's rows in arrival order) and the last time
 * emitted, which decides lateness as in Flink, so a restored operator drops exactly what it
 * dropped before.
 */
final class RowTimeSortOperator extends AbstractOperator implements Triggerable<VoidNamespace> {
    private static final Row NO_KEY = new Row(RowKind.INSERT, new Object[0]);

    private final TemporalSortOperatorFactory spec;
    private KeyedStateBackend backend;
    private MapState<VoidNamespace, Long, List<Row>> pending;
    private ValueState<VoidNamespace, Long> lastEmitted;
    private TimerService<VoidNamespace> timers;
    private Counter lateRecords;

    RowTimeSortOperator(TemporalSortOperatorFactory spec) {
        this.spec = spec;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        backend = context.keyedStateBackend(Serializers.row(List.of()));
        backend.setCurrentKey(NO_KEY);
        pending = backend.mapState(StateDescriptor.map("sort-pending", Serializers.LONG,
                new RowListSerializer(Serializers.row(spec.inputTypes())), Duration.ZERO));
        pending.setCurrentNamespace(VoidNamespace.INSTANCE);
        lastEmitted = backend.valueState(StateDescriptor.of("sort-last-emitted", Serializers.LONG, Duration.ZERO));
        lastEmitted.setCurrentNamespace(VoidNamespace.INSTANCE);
        timers = backend.timerService("sort-timers", VoidNamespace.SERIALIZER, this);
        lateRecords = context.counter("numLateRecordsDropped");
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        backend.setCurrentKey(NO_KEY);
        Long last = lastEmitted.value();
        for (Row row : batch) {
            TimeBuffer.requireInsert(row, context);
            Object time = row.getField(spec.rowtimeField());
            if (time == null || (last != null && (Long) time <= last)) {
                lateRecords.inc();
                continue;
            }
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
        // List.sort is stable: rows equal on the secondary keys keep their arrival order.
        rows.sort(spec.secondary()::compare);
        for (Row row : rows) {
            output.collect(row);
        }
        pending.remove(time);
        lastEmitted.update(time);
    }

    @Override
    public void onProcessingTime(Timer<VoidNamespace> timer) {
    }
}
