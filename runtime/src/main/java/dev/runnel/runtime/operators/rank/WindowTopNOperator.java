package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.CheckpointedWatermark;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.DataType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@link WindowTopNOperatorFactory}. State: per key (which includes the window) and
 * window end (the namespace), the best {@code limit} rows so far in order, so state stays
 * bounded by N rows per window. An event-time timer at {@code window_end - 1} emits them and
 * clears the state. A row whose window the watermark has already passed is dropped and counted
 * as {@code numLateRecordsDropped}.
 */
final class WindowTopNOperator extends AbstractOperator implements Triggerable<Long> {
    private final WindowTopNOperatorFactory spec;
    private CheckpointedWatermark watermark;
    private KeyedStateBackend backend;
    private ValueState<Long, List<Row>> best;
    private TimerService<Long> timers;
    private Counter lateRecords;

    WindowTopNOperator(WindowTopNOperatorFactory spec) {
        this.spec = spec;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        List<DataType> keyTypes = new ArrayList<>();
        for (int field : spec.keyFields()) {
            keyTypes.add(spec.inputTypes().get(field));
        }
        backend = context.keyedStateBackend(Serializers.row(keyTypes));
        watermark = CheckpointedWatermark.restore(context, backend, "watermark");
        best = backend.valueState(new StateDescriptor<>("window-top-n", Serializers.LONG, null,
                new RowListSerializer(Serializers.row(spec.inputTypes())), Duration.ZERO));
        timers = backend.timerService("window-top-n-timers", Serializers.LONG, this);
        lateRecords = context.counter("numLateRecordsDropped");
    }

    @Override
    public void snapshotState(long checkpointId) throws Exception {
        watermark.snapshot();
        super.snapshotState(checkpointId);
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (Row row : batch) {
            if (row.kind() != RowKind.INSERT) {
                throw new IllegalStateException("Operator '" + context.operatorName() + "' takes only inserts, not "
                        + row.kind().shortString() + " " + row);
            }
            Object end = row.getField(spec.windowEndField());
            if (end == null) {
                throw new IllegalStateException("Operator '" + context.operatorName() + "' got a row without window_end: "
                        + row);
            }
            long windowEnd = (Long) end;
            if (windowEnd - 1 <= timers.currentWatermark()) {
                lateRecords.inc();
                continue;
            }
            backend.setCurrentKey(KeyFields.of(row, spec.keyFields()));
            best.setCurrentNamespace(windowEnd);
            List<Row> rows = best.value();
            if (rows == null) {
                rows = new ArrayList<>();
                timers.registerEventTimeTimer(windowEnd, windowEnd - 1);
            }
            if (insert(rows, new Row(RowKind.INSERT, row.fields().clone()))) {
                best.update(rows);
            }
        }
    }

    /** Puts the row at its place among the best rows, keeping at most {@code limit}; false if it is not among them. */
    private boolean insert(List<Row> rows, Row row) {
        int at = rows.size();
        while (at > 0) {
            int c = spec.comparator().compare(rows.get(at - 1), row);
            if (c < 0 || (c == 0 && !spec.laterWinsTies())) {
                break;
            }
            at--;
        }
        if (at >= spec.limit()) {
            return false;
        }
        rows.add(at, row);
        if (rows.size() > spec.limit()) {
            rows.remove(rows.size() - 1);
        }
        return true;
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        backend.advanceWatermark(watermark.timestamp());
        super.processWatermark(watermark);
    }

    @Override
    public void onEventTime(Timer<Long> timer) throws Exception {
        best.setCurrentNamespace(timer.namespace());
        List<Row> rows = best.value();
        if (rows == null) {
            return;
        }
        best.clear();
        for (int i = 0; i < rows.size(); i++) {
            Object[] fields = rows.get(i).fields();
            if (spec.outputRankNumber()) {
                Object[] withNumber = new Object[fields.length + 1];
                System.arraycopy(fields, 0, withNumber, 0, fields.length);
                withNumber[fields.length] = (long) (i + 1);
                fields = withNumber;
            }
            output.collect(new Row(RowKind.INSERT, fields));
        }
    }

    @Override
    public void onProcessingTime(Timer<Long> timer) {
        throw new IllegalStateException("Operator '" + context.operatorName() + "' registers no processing-time timers");
    }
}
