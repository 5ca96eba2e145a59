package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.CheckpointedWatermark;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.aggregate.functions.ViewSource;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The window aggregate of SESSION windows (event time): each row arrives with its own window
 * {@code [ts, ts + gap)}, and a key's windows that overlap or touch merge into one session,
 * whose result is emitted once the watermark passes its end. State per key: its open sessions
 * (one value), and per session an accumulator and an event-time timer.
 *
 * <p>Rows first merge into sessions in memory (a session buffer per key, as the window buffer of
 * other windows), which fold into state, merging with the stored sessions they reach, before a
 * watermark that might fire one of them or a stored session they reach (one at or after the
 * earliest buffered start), before a checkpoint barrier, at the end of input, and when the
 * buffer holds {@code table.exec.window-agg.buffer-size-limit} sessions. So a key's many rows
 * between two such watermarks cost one read and one write of its sessions. A row whose own
 * window has fired is late and dropped (counted in {@code numLateRecordsDropped}) unless it
 * reaches an open session.
 */
final class SessionWindowAggregateOperator extends WindowBufferOperator implements Triggerable<TimeWindow> {
    private final WindowAggregateOperatorFactory spec;
    private CheckpointedWatermark watermark;
    private final AggregatesHandle aggregates;
    private ValueState<TimeWindow, Row> accumulators;
    /** The key's open sessions, in no particular order. */
    private ValueState<VoidNamespace, List<TimeWindow>> sessions;
    private TimerService<TimeWindow> timers;
    private Counter numLateRecordsDropped;
    /** Sessions of rows not yet in state, per key. */
    private final Map<Row, List<Pending>> buffer = new HashMap<>();
    private int buffered;
    private int bufferLimit;
    /** The earliest start of a buffered session: a watermark before it fires nothing they touch. */
    private long bufferStart = Long.MAX_VALUE;

    /** A session of buffered rows and their partial accumulators. */
    private static final class Pending {
        TimeWindow window;
        final Object[] acc;

        Pending(TimeWindow window, Object[] acc) {
            this.window = window;
            this.acc = acc;
        }
    }

    SessionWindowAggregateOperator(WindowAggregateOperatorFactory spec) {
        this.spec = spec;
        this.aggregates = spec.aggregates();
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        numLateRecordsDropped = context.counter("numLateRecordsDropped");
        backend = context.keyedStateBackend(Serializers.row(spec.keyTypes()));
        watermark = CheckpointedWatermark.restore(context, backend, "watermark");
        accumulators = backend.valueState(new StateDescriptor<>("window-accumulators", TimeWindowSerializer.INSTANCE,
                null, Serializers.row(aggregates.accumulatorTypes()), Duration.ZERO));
        sessions = backend.valueState(StateDescriptor.of("open-sessions", SessionsSerializer.INSTANCE, Duration.ZERO));
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
        for (Row row : batch) {
            WindowAggregateOperator.requireInsert(row, context.operatorName());
            Row key = WindowAggregateOperator.key(row, spec.keyFields());
            TimeWindow window = new TimeWindow((Long) row.getField(spec.windowStartField()),
                    (Long) row.getField(spec.windowEndField()));
            if (isLate(window)) {
                // only an open session in state can take it: look there, with the buffer folded in
                flush();
                backend.setCurrentKey(key);
                Object[] acc = aggregates.createAccumulators();
                aggregates.accumulate(acc, row, ViewSource.NONE);
                if (!mergeIntoState(window, acc, true)) {
                    numLateRecordsDropped.inc();
                }
                continue;
            }
            List<Pending> pending = buffer.computeIfAbsent(key, k -> new ArrayList<>(1));
            Object[] acc = aggregates.createAccumulators();
            aggregates.accumulate(acc, row, ViewSource.NONE);
            Pending merged = new Pending(window, acc);
            for (int i = pending.size() - 1; i >= 0; i--) {
                Pending other = pending.get(i);
                if (other.window.intersects(merged.window)) {
                    aggregates.merge(other.acc, ViewSource.NONE, merged.acc, ViewSource.NONE);
                    other.window = other.window.cover(merged.window);
                    merged = other;
                    pending.remove(i);
                    buffered--;
                }
            }
            pending.add(merged);
            buffered++;
            bufferStart = Math.min(bufferStart, merged.window.start());
            if (buffered >= bufferLimit) {
                flush();
            }
        }
    }

    /** Folds the buffered sessions into state, one read and one write of each key's sessions. */
    @Override
    void flush() throws Exception {
        for (Map.Entry<Row, List<Pending>> entry : buffer.entrySet()) {
            backend.setCurrentKey(entry.getKey());
            for (Pending pending : entry.getValue()) {
                mergeIntoState(pending.window, pending.acc, false);
            }
        }
        buffer.clear();
        buffered = 0;
        bufferStart = Long.MAX_VALUE;
    }

    /**
     * Merges the session {@code window} with accumulators {@code acc} into the current key's open
     * sessions it overlaps or touches, moving their accumulators into the merged session and its
     * timer to the merged end. With {@code onlyIfOpen}, a window that reaches no open session
     * changes nothing; returns whether it was merged in.
     */
    private boolean mergeIntoState(TimeWindow window, Object[] acc, boolean onlyIfOpen) throws Exception {
        List<TimeWindow> stored = sessions.value();
        List<TimeWindow> open = stored == null ? new ArrayList<>(1) : new ArrayList<>(stored);
        TimeWindow merged = window;
        boolean grew = true;
        List<TimeWindow> reached = new ArrayList<>();
        while (grew) { // a bridging session may reach more sessions once it covers the first ones
            grew = false;
            for (int i = open.size() - 1; i >= 0; i--) {
                if (open.get(i).intersects(merged)) {
                    reached.add(open.get(i));
                    merged = merged.cover(open.remove(i));
                    grew = true;
                }
            }
        }
        if (reached.isEmpty() && onlyIfOpen) {
            return false;
        }
        for (TimeWindow session : reached) {
            accumulators.setCurrentNamespace(session);
            Row other = accumulators.value();
            if (other != null) {
                aggregates.merge(acc, ViewSource.NONE, other.fields(), ViewSource.NONE);
            }
            if (!session.equals(merged)) {
                accumulators.clear();
                timers.deleteEventTimeTimer(session, fireTime(session));
            }
        }
        accumulators.setCurrentNamespace(merged);
        accumulators.update(new Row(RowKind.INSERT, acc));
        timers.registerEventTimeTimer(merged, fireTime(merged));
        open.add(merged);
        sessions.update(open);
        return true;
    }

    /**
     * When a buffered session or a stored one it would merge with fires: a buffered session may
     * touch a stored one that ends at its start, which fires at that start - 1.
     */
    @Override
    boolean flushBefore(long timestamp) {
        return bufferStart != Long.MAX_VALUE && timestamp >= fireTime(new TimeWindow(bufferStart - 1, bufferStart));
    }

    @Override
    public void onEventTime(Timer<TimeWindow> timer) throws Exception {
        TimeWindow window = timer.namespace();
        accumulators.setCurrentNamespace(window);
        Row acc = accumulators.value();
        if (acc == null) {
            return;
        }
        accumulators.clear();
        List<TimeWindow> stored = sessions.value();
        List<TimeWindow> open = stored == null ? new ArrayList<>() : new ArrayList<>(stored);
        open.remove(window);
        if (open.isEmpty()) {
            sessions.clear();
        } else {
            sessions.update(open);
        }
        output.collect(WindowAggregateOperator.resultRow(spec, timer.key(), window, acc.fields().clone()));
    }

    @Override
    public void onProcessingTime(Timer<TimeWindow> timer) {
    }

    private boolean isLate(TimeWindow window) {
        return fireTime(window) <= timers.currentWatermark();
    }

    private long fireTime(TimeWindow window) {
        return spec.time().windowTime(window);
    }

    /** A key's open sessions: their number, then each one's start and end. */
    enum SessionsSerializer implements TypeSerializer<List<TimeWindow>> {
        INSTANCE;

        @Override
        public void serialize(List<TimeWindow> windows, DataOutput out) throws IOException {
            out.writeInt(windows.size());
            for (TimeWindow window : windows) {
                TimeWindowSerializer.INSTANCE.serialize(window, out);
            }
        }

        @Override
        public List<TimeWindow> deserialize(DataInput in) throws IOException {
            int n = in.readInt();
            List<TimeWindow> windows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                windows.add(TimeWindowSerializer.INSTANCE.deserialize(in));
            }
            return windows;
        }

        @Override
        public List<TimeWindow> copy(List<TimeWindow> windows) {
            return List.copyOf(windows);
        }
    }
}
