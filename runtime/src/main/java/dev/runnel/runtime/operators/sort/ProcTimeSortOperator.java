package dev.runnel.runtime.operators.sort;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.TimeBuffer;
import dev.runnel.runtime.operators.rank.RowListSerializer;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Sorts on processing time (see {@link TemporalSortOperatorFactory}), as Flink's
 * {@code ProcTimeSortOperator}: rows wait in keyed state (under the one empty key) with a
 * processing-time timer one millisecond ahead; when it fires, every waiting row is emitted in
 * the order of the secondary sort keys (ties in arrival order) and the state is cleared.
 */
final class ProcTimeSortOperator extends AbstractOperator implements Triggerable<VoidNamespace> {
    private static final Row NO_KEY = new Row(RowKind.INSERT, new Object[0]);

    private final TemporalSortOperatorFactory spec;
    private KeyedStateBackend backend;
    private ValueState<VoidNamespace, List<Row>> pending;
    private TimerService<VoidNamespace> timers;

    ProcTimeSortOperator(TemporalSortOperatorFactory spec) {
        this.spec = spec;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        backend = context.keyedStateBackend(Serializers.row(List.of()));
        backend.setCurrentKey(NO_KEY);
        pending = backend.valueState(StateDescriptor.of("sort-pending",
                new RowListSerializer(Serializers.row(spec.inputTypes())), Duration.ZERO));
        pending.setCurrentNamespace(VoidNamespace.INSTANCE);
        timers = backend.timerService("sort-timers", VoidNamespace.SERIALIZER, this);
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        backend.setCurrentKey(NO_KEY);
        List<Row> rows = pending.value();
        if (rows == null) {
            rows = new ArrayList<>();
        }
        for (Row row : batch) {
            TimeBuffer.requireInsert(row, context);
            rows.add(new Row(RowKind.INSERT, row.fields().clone()));
        }
        pending.update(rows);
        timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, timers.currentProcessingTime() + 1);
    }

    @Override
    public void onProcessingTime(Timer<VoidNamespace> timer) throws Exception {
        emitPending();
    }

    @Override
    public void onEventTime(Timer<VoidNamespace> timer) {
    }

    /** The input ended: the rows still waiting for their timer would never be emitted otherwise. */
    @Override
    public void finish() throws Exception {
        backend.setCurrentKey(NO_KEY);
        emitPending();
    }

    private void emitPending() {
        List<Row> rows = pending.value();
        if (rows == null) {
            return;
        }
        rows.sort(spec.secondary()::compare);
        for (Row row : rows) {
            output.collect(row);
        }
        pending.clear();
    }
}
