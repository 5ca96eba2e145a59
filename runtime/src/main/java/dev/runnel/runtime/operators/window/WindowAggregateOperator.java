package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.CheckpointedWatermark;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.aggregate.functions.ViewSource;
import dev.runnel.runtime.operators.window.WindowAggregateOperatorFactory.GroupField;
import dev.runnel.runtime.state.ProcessingTimeService;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Aggregates rows per key and event-time window and emits each window's result once, when the
 * watermark passes the window's end (its {@code window_time}); the output is append-only, as
 * in Flink. State: one accumulator per key and window (namespace) and an event-time timer per
 * key and window (SESSION windows: {@link SessionWindowAggregateOperator}). A row whose window
 * has already fired (its window time is at or behind the current watermark) is late: it is
 * dropped and counted in the operator counter {@code numLateRecordsDropped}, as Flink's metric.
 * Processing-time windows ({@link WindowAggregateOperatorFactory#processingTime}) fire on
 * processing-time timers instead, and no row is late there: a row whose window the clock has
 * passed while it was in flight counts in the window open now ({@link WindowAssigner#at}), as
 * Flink assigns processing-time windows when the aggregate processes the row.
 *
 * <p>Rows accumulate in a window buffer in memory first, as Flink's: one partial accumulator per
 * key and window, folded into state (one read and one write per key and window, and its timer
 * when the window is new in state) before a watermark that fires one of the buffer's windows is
 * processed, before a checkpoint barrier, at the end of input, and when it holds
 * {@code table.exec.window-agg.buffer-size-limit} keys and windows. Processing-time windows fold
 * it when the clock reaches the end of one of its windows, and before any of their timers fires
 * a window the buffer holds rows of. So a key that has many rows in a window costs state access
 * about once per window and checkpoint.
 *
 * <p>This operator takes rows that carry their windows (after a window table function whose
 * windows a calc computes with, or an inner window aggregate's); rows that carry slices go to
 * {@link SlicingWindowAggregateOperator}.
 *
 * <p>Input rows must be inserts (the planner feeds it insert-only input only).
 */
final class WindowAggregateOperator extends WindowBufferOperator implements Triggerable<TimeWindow> {
    private final WindowAggregateOperatorFactory spec;
    private CheckpointedWatermark watermark;
    private final AggregatesHandle aggregates;
    private final int[] keyFields;
    private ValueState<TimeWindow, Row> accumulators;
    private TimerService<TimeWindow> timers;
    /** Rows dropped because their window had already fired. */
    private Counter numLateRecordsDropped;
    /** Event-time windows that do not merge: partial accumulators per key and window, in arrival order. */
    private final Map<KeyedWindow, Object[]> buffer = new LinkedHashMap<>();
    private int bufferLimit;
    /** The earliest time at which a window of the buffer fires; a watermark before it leaves the buffer be. */
    private long bufferFiresAt = Long.MAX_VALUE;
    /** Processing time: when the callback that folds the buffer is due, and how to cancel it. */
    private long flushScheduledAt = Long.MAX_VALUE;
    private ProcessingTimeService.Cancellable scheduledFlush;

    /** A key and one of its windows: an entry of the window buffer. */
    private record KeyedWindow(Row key, TimeWindow window) {
    }

    WindowAggregateOperator(WindowAggregateOperatorFactory spec) {
        this.spec = spec;
        this.aggregates = spec.aggregates();
        this.keyFields = spec.keyFields();
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        numLateRecordsDropped = context.counter("numLateRecordsDropped");
        backend = context.keyedStateBackend(Serializers.row(spec.keyTypes()));
        watermark = CheckpointedWatermark.restore(context, backend, "watermark");
        accumulators = backend.valueState(new StateDescriptor<>("window-accumulators", TimeWindowSerializer.INSTANCE,
                null, Serializers.row(aggregates.accumulatorTypes()), Duration.ZERO));
        timers = backend.timerService("window-timers", TimeWindowSerializer.INSTANCE, this);
        bufferLimit = StateOptions.windowAggBufferSizeLimit(context.configuration());
    }

    @Override
    public void snapshotState(long checkpointId) throws Exception {
        watermark.snapshot();
        super.snapshotState(checkpointId);
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        // Processing-time windows take the clock once per batch: its rows arrived together.
        long now = spec.processingTime() ? spec.time().toLocal(timers.currentProcessingTime()) : 0;
        for (Row row : batch) {
            requireInsert(row, context.operatorName());
            Row key = key(row, keyFields);
            TimeWindow window = new TimeWindow((Long) row.getField(spec.windowStartField()),
                    (Long) row.getField(spec.windowEndField()));
            if (spec.processingTime()) {
                Optional<TimeWindow> open = spec.processingTimeWindows().at(window, now);
                if (open.isEmpty()) {
                    continue;
                }
                window = open.get();
            }
            if (isLate(window)) {
                numLateRecordsDropped.inc();
                continue;
            }
            Object[] acc = buffer.get(new KeyedWindow(key, window));
            if (acc == null) {
                acc = aggregates.createAccumulators();
                buffer.put(new KeyedWindow(key, window), acc);
                bufferFiresAt = Math.min(bufferFiresAt, fireTime(window));
            }
            aggregates.accumulate(acc, row, ViewSource.NONE);
            if (buffer.size() >= bufferLimit) {
                flush();
            }
        }
        if (spec.processingTime() && bufferFiresAt < flushScheduledAt) {
            scheduleFlush(bufferFiresAt);
        }
    }

    /**
     * Folds the buffer when the clock reaches {@code time}, the end of its first window: the
     * windows only the buffer holds rows of have no timer yet, the fold registers theirs.
     */
    private void scheduleFlush(long time) {
        if (scheduledFlush != null) {
            scheduledFlush.cancel();
        }
        flushScheduledAt = time;
        scheduledFlush = context.processingTimeService().schedule(time, t -> {
            scheduledFlush = null;
            flushScheduledAt = Long.MAX_VALUE;
            flush();
        });
    }

    /**
     * Folds the window buffer into state. A window new in state gets its timer; one already
     * there has it (its state and timer are written together and cleared together).
     */
    @Override
    void flush() throws Exception {
        for (Map.Entry<KeyedWindow, Object[]> entry : buffer.entrySet()) {
            TimeWindow window = entry.getKey().window();
            backend.setCurrentKey(entry.getKey().key());
            accumulators.setCurrentNamespace(window);
            Row stored = accumulators.value();
            Object[] acc = entry.getValue();
            if (stored != null) {
                acc = stored.fields().clone();
                aggregates.merge(acc, ViewSource.NONE, entry.getValue(), ViewSource.NONE);
            }
            accumulators.update(new Row(RowKind.INSERT, acc));
            if (stored == null) {
                if (spec.processingTime()) {
                    timers.registerProcessingTimeTimer(window, fireTime(window));
                } else {
                    timers.registerEventTimeTimer(window, fireTime(window));
                }
            }
        }
        buffer.clear();
        bufferFiresAt = Long.MAX_VALUE;
    }

    /** When a buffered window fires. */
    @Override
    boolean flushBefore(long timestamp) {
        return timestamp >= bufferFiresAt;
    }

    @Override
    public void onEventTime(Timer<TimeWindow> timer) throws Exception {
        fire(timer);
    }

    @Override
    public void onProcessingTime(Timer<TimeWindow> timer) throws Exception {
        if (flushBefore(timer.timestamp())) {
            // The buffer may hold rows of this window: fold them in first (its own timers, due
            // now too, fire after this one), then come back to the timer's key.
            flush();
            backend.setCurrentKey(timer.key());
        }
        fire(timer);
    }

    @Override
    public void close() throws Exception {
        if (scheduledFlush != null) {
            scheduledFlush.cancel();
            scheduledFlush = null;
        }
        super.close();
    }

    /** Emits the window's result and clears its state. */
    private void fire(Timer<TimeWindow> timer) throws Exception {
        TimeWindow window = timer.namespace();
        accumulators.setCurrentNamespace(window);
        Row acc = accumulators.value();
        if (acc == null) {
            return;
        }
        accumulators.clear();
        emit(timer.key(), window, acc.fields().clone());
    }

    /** Emits the result row of {@code key}'s {@code window} from its accumulators (which it may change). */
    private void emit(Row key, TimeWindow window, Object[] acc) {
        output.collect(resultRow(spec, key, window, acc));
    }

    /**
     * The result row of {@code key}'s {@code window} from its accumulators (which it may change):
     * the group fields in {@code spec.outputGroup()} order, then each aggregate's value.
     */
    static Row resultRow(WindowAggregateOperatorFactory spec, Row key, TimeWindow window, Object[] acc) {
        AggregatesHandle aggregates = spec.aggregates();
        Object[] values = aggregates.getValues(acc, ViewSource.NONE);
        List<DataType> resultTypes = aggregates.resultTypes();
        for (int i = 0; i < values.length; i++) {
            // State serializers normalize a DECIMAL's scale (11.00 is stored as 11): restore the type's.
            if (values[i] instanceof BigDecimal d && resultTypes.get(i).root() == TypeRoot.DECIMAL) {
                values[i] = d.setScale(resultTypes.get(i).scale(), RoundingMode.HALF_UP);
            }
        }
        List<GroupField> group = spec.outputGroup();
        Object[] out = new Object[group.size() + values.length];
        for (int i = 0; i < group.size(); i++) {
            out[i] = group.get(i) instanceof GroupField.Key k ? key.getField(k.index())
                    : switch ((GroupField.WindowProperty) group.get(i)) {
                        case START -> window.start();
                        case END -> window.end();
                        case TIME -> spec.time().windowTime(window);
                    };
        }
        System.arraycopy(values, 0, out, group.size(), values.length);
        return new Row(RowKind.INSERT, out);
    }

    /**
     * Whether the window's time has passed: in event time the watermark reached it; in processing
     * time the clock did (never for a window from {@link WindowAssigner#at}).
     */
    private boolean isLate(TimeWindow window) {
        return fireTime(window) <= (spec.processingTime() ? timers.currentProcessingTime() : timers.currentWatermark());
    }

    /** The event time at which the window is complete: its window time, as an instant. */
    private long fireTime(TimeWindow window) {
        return spec.time().windowTime(window);
    }

    /** Fails on anything but an insert: window aggregates take append-only input. */
    static void requireInsert(Row row, String operatorName) {
        if (row.kind() != RowKind.INSERT) {
            throw new IllegalStateException("Operator '" + operatorName + "' takes only inserts, not "
                    + row.kind().shortString() + " " + row);
        }
    }

    /** The key of {@code row}: its fields {@code keyFields}. */
    static Row key(Row row, int[] keyFields) {
        Object[] key = new Object[keyFields.length];
        for (int i = 0; i < keyFields.length; i++) {
            key[i] = row.getField(keyFields[i]);
        }
        return new Row(RowKind.INSERT, key);
    }
}
