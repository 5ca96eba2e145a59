package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.CheckpointedWatermark;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.ListState;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.DataType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An event-time window join with Flink SQL's semantics: each input's rows are buffered per key
 * in list state whose namespace is the row's {@code window_end}; an event-time timer at
 * {@code window_end - 1} (the window's {@code window_time}) joins the window's rows of both
 * sides, pads the unmatched rows of an outer side with nulls, emits everything as inserts and
 * clears the window's state. A row whose window has already fired (late) is dropped and counted
 * in {@code numLateRecordsDropped}; a row without a window end matches nothing and is dropped
 * too. Only inserts are accepted: window TVF outputs are append-only.
 */
final class WindowJoinOperator extends AbstractOperator implements Triggerable<Long> {
    private final WindowJoinOperatorFactory window;
    private final StreamingJoinOperatorFactory spec;
    private CheckpointedWatermark watermark;
    private final JoinedRows joined;
    private final int[][] keys;
    private final int[] windowEnds;
    private KeyedStateBackend backend;
    @SuppressWarnings("unchecked")
    private final ListState<Long, Row>[] rows = new ListState[2];
    private TimerService<Long> timers;
    private CalcFunction condition;
    private Counter numLateRecordsDropped;

    WindowJoinOperator(WindowJoinOperatorFactory window) {
        this.window = window;
        this.spec = window.keys();
        this.joined = new JoinedRows(spec.leftTypes().size(), spec.rightTypes().size());
        this.keys = new int[][] {spec.leftKeys(), spec.rightKeys()};
        this.windowEnds = new int[] {window.leftWindowEnd(), window.rightWindowEnd()};
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        numLateRecordsDropped = context.counter("numLateRecordsDropped");
        List<DataType> keyTypes = new ArrayList<>();
        for (int k : spec.leftKeys()) {
            keyTypes.add(spec.leftTypes().get(k));
        }
        backend = context.keyedStateBackend(Serializers.row(keyTypes));
        watermark = CheckpointedWatermark.restore(context, backend, "watermark");
        rows[0] = backend.listState(new StateDescriptor<>("window-join-left", Serializers.LONG, null,
                Serializers.row(spec.leftTypes()), Duration.ZERO));
        rows[1] = backend.listState(new StateDescriptor<>("window-join-right", Serializers.LONG, null,
                Serializers.row(spec.rightTypes()), Duration.ZERO));
        timers = backend.timerService("window-join-timers", Serializers.LONG, this);
        if (spec.condition() != null) {
            condition = spec.condition().newInstance(context);
        }
    }

    @Override
    public void snapshotState(long checkpointId) throws Exception {
        watermark.snapshot();
        super.snapshotState(checkpointId);
    }

    /** Closes the user-defined functions the generated {@code condition} calls. */
    @Override
    public void close() throws Exception {
        GeneratedClass.close(condition);
        super.close();
    }

    /** Appends the batch's rows to their windows, all together: nothing is read here. */
    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        backend.writeTogether(() -> append(batch, input));
    }

    private void append(RowBatch batch, int input) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            if (row.kind() != RowKind.INSERT) {
                throw new IllegalStateException("Window join '" + window.name() + "' got " + row
                        + ", but it consumes only inserts");
            }
            Long end = (Long) row.getField(windowEnds[input]);
            // A window fires at window_end - 1; once the watermark is there, its rows are late.
            if (end == null || end - 1 <= timers.currentWatermark()) {
                numLateRecordsDropped.inc();
                continue;
            }
            backend.setCurrentKey(JoinedRows.project(row, keys[input]));
            rows[input].setCurrentNamespace(end);
            rows[input].add(row);
            timers.registerEventTimeTimer(end, end - 1);
        }
    }

    @Override
    public void onEventTime(Timer<Long> timer) {
        rows[0].setCurrentNamespace(timer.namespace());
        rows[1].setCurrentNamespace(timer.namespace());
        List<Row> left = rows[0].get();
        List<Row> right = rows[1].get();
        boolean[] rightMatched = new boolean[right.size()];
        for (Row l : left) {
            boolean matched = false;
            if (!JoinedRows.hasNullKey(l, keys[0], spec.nullSafe())) {
                for (int j = 0; j < right.size(); j++) {
                    Row r = right.get(j);
                    if (JoinedRows.hasNullKey(r, keys[1], spec.nullSafe())) {
                        continue;
                    }
                    Row out = joined.join(RowKind.INSERT, l, r);
                    if (condition == null || condition.apply(out) != null) {
                        output.collect(out);
                        matched = true;
                        rightMatched[j] = true;
                    }
                }
            }
            if (!matched && spec.joinType().isOuter(0)) {
                output.collect(joined.padded(RowKind.INSERT, l, 0));
            }
        }
        if (spec.joinType().isOuter(1)) {
            for (int j = 0; j < right.size(); j++) {
                if (!rightMatched[j]) {
                    output.collect(joined.padded(RowKind.INSERT, right.get(j), 1));
                }
            }
        }
        rows[0].clear();
        rows[1].clear();
    }

    @Override
    public void onProcessingTime(Timer<Long> timer) {
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        backend.advanceWatermark(watermark.timestamp());
        super.processWatermark(watermark);
    }
}
