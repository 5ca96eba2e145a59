package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.CheckpointedWatermark;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.aggregate.functions.ViewSource;
import dev.runnel.runtime.operators.rank.RowListSerializer;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The window aggregate of event-time TUMBLE, HOP and CUMULATE windows over slices (Flink's
 * slicing window aggregation): each row arrives once, with its slice
 * ({@link WindowAggregateOperatorFactory#slices}) in the window fields, and is accumulated into
 * that slice; a window's result merges its slices when the watermark passes its end. So a HOP
 * row costs one accumulation, not one per window it falls into.
 *
 * <p>State per key: one value holding the key's live slices (slice end and accumulators, in
 * order of the end), and an event-time timer at the end of the next window that has rows of the
 * key. Firing a window reads the value once, emits the merge of the slices inside the window,
 * registers the next window's timer while slices remain, and drops the slices no later window
 * needs (lazily: they are left out at the next write). CUMULATE folds a fired window's slices
 * into one entry at its end, as every later window of the cycle holds them all.
 *
 * <p>Rows accumulate in a window buffer in memory first: partial accumulators per key and
 * slice, folded into state (one read and one write per key) before a watermark that fires one
 * of the buffered slices' windows, before a checkpoint barrier, at the end of input, and when
 * it holds {@code table.exec.window-agg.buffer-size-limit} slices. A row is late, dropped and
 * counted in {@code numLateRecordsDropped}, only when the last window of its slice has fired; a
 * slice whose earlier windows have fired still counts in its later ones.
 *
 * <p>As the global phase of a two-phase aggregation its input rows are the partial rows of a
 * local phase ({@link LocalWindowAggregateOperatorFactory}), merged instead of accumulated; a
 * late partial row counts once in {@code numLateRecordsDropped}, whatever rows it holds.
 */
final class SlicingWindowAggregateOperator extends WindowBufferOperator implements Triggerable<Long> {
    private final WindowAggregateOperatorFactory spec;
    private CheckpointedWatermark watermark;
    private final AggregatesHandle aggregates;
    private final SliceAssigner slices;
    /** The key's slices: rows of the slice end, then the slice's accumulators. */
    private ValueState<VoidNamespace, List<Row>> state;
    /** Timers at window times, namespaced by the window's end. */
    private TimerService<Long> timers;
    private Counter numLateRecordsDropped;
    /** Whether input rows are partial rows of a local phase (key fields, slice end, accumulators) to merge. */
    private final boolean mergesPartials;
    /** Partial accumulators per key and slice, not yet in state. */
    private final SliceBuffer buffer;
    private int bufferLimit;

    SlicingWindowAggregateOperator(WindowAggregateOperatorFactory spec) {
        this(spec, false);
    }

    /** @param mergesPartials whether this is the global phase ({@link GlobalWindowAggregateOperatorFactory}) */
    SlicingWindowAggregateOperator(WindowAggregateOperatorFactory spec, boolean mergesPartials) {
        this.spec = spec;
        this.aggregates = spec.aggregates();
        this.slices = spec.slices();
        this.mergesPartials = mergesPartials;
        this.buffer = new SliceBuffer(aggregates, end -> fireTime(firstUnfiredWindowEnd(end)));
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        numLateRecordsDropped = context.counter("numLateRecordsDropped");
        backend = context.keyedStateBackend(Serializers.row(spec.keyTypes()));
        watermark = CheckpointedWatermark.restore(context, backend, "watermark");
        List<DataType> entryTypes = new ArrayList<>();
        entryTypes.add(DataType.of(TypeRoot.BIGINT).notNull());
        entryTypes.addAll(aggregates.accumulatorTypes());
        state = backend.valueState(StateDescriptor.of("window-slices",
                new RowListSerializer(Serializers.row(entryTypes)), Duration.ZERO));
        timers = backend.timerService("window-timers", Serializers.LONG, this);
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
            long sliceEnd = (Long) row.getField(spec.windowEndField());
            if (fired(slices.lastWindowEnd(sliceEnd))) {
                numLateRecordsDropped.inc();
                continue;
            }
            Row key = WindowAggregateOperator.key(row, spec.keyFields());
            Object[] acc = buffer.accumulators(key, sliceEnd);
            if (mergesPartials) {
                Object[] partial = Arrays.copyOfRange(row.fields(), spec.windowEndField() + 1, row.arity());
                aggregates.merge(acc, ViewSource.NONE, partial, ViewSource.NONE);
            } else {
                aggregates.accumulate(acc, row, ViewSource.NONE);
            }
            if (buffer.size() >= bufferLimit) {
                flush();
            }
        }
    }

    /**
     * Folds the buffer into state: per key one read and one write (the writes together: each key
     * is read before it is written), and the timer of its earliest window.
     */
    @Override
    void flush() throws Exception {
        backend.writeTogether(this::foldBuffer);
        buffer.clear();
    }

    private void foldBuffer() {
        for (Map.Entry<Row, List<SliceBuffer.Slice>> keyed : buffer.byKey().entrySet()) {
            backend.setCurrentKey(keyed.getKey());
            List<Row> stored = state.value();
            List<Row> live = new ArrayList<>(stored == null ? 1 : stored.size() + keyed.getValue().size());
            if (stored != null) {
                for (Row entry : stored) {
                    if (!fired(slices.lastWindowEnd(end(entry)))) {
                        live.add(entry);
                    }
                }
            }
            long firstWindowEnd = Long.MAX_VALUE;
            for (SliceBuffer.Slice pending : keyed.getValue()) {
                // stored rows are never changed in place: the heap backend hands out what it holds
                int at = indexOf(live, pending.end());
                if (at < 0) {
                    insertInOrder(live, new Row(RowKind.INSERT, newEntry(pending.end(), pending.acc())));
                } else {
                    Object[] acc = accumulators(live.get(at).fields());
                    aggregates.merge(acc, ViewSource.NONE, pending.acc(), ViewSource.NONE);
                    live.set(at, new Row(RowKind.INSERT, newEntry(pending.end(), acc)));
                }
                firstWindowEnd = Math.min(firstWindowEnd, firstUnfiredWindowEnd(pending.end()));
            }
            state.update(live);
            registerWindowTimer(firstWindowEnd);
        }
    }

    /** When a window of a buffered slice fires. */
    @Override
    boolean flushBefore(long timestamp) {
        return buffer.firesBy(timestamp);
    }

    /**
     * Fires the key's window that ends at the timer's window end: emits the merge of its slices,
     * and registers the timer of the next window that holds a remaining slice.
     */
    @Override
    public void onEventTime(Timer<Long> timer) throws Exception {
        List<Row> stored = state.value();
        if (stored == null) {
            return;
        }
        long windowEnd = timer.namespace();
        TimeWindow window = slices.window(windowEnd);
        Object[] acc = null;
        long next = Long.MAX_VALUE;
        int folded = 0;
        for (Row entry : stored) {
            long end = end(entry);
            boolean expires = slices.lastWindowEnd(end) <= windowEnd;
            if (end > window.start() && end <= windowEnd) {
                if (acc == null) {
                    acc = accumulators(entry.fields());
                } else {
                    aggregates.merge(acc, ViewSource.NONE, accumulators(entry.fields()), ViewSource.NONE);
                }
                folded++;
            }
            if (!expires) {
                // the first window after this one that holds the slice
                next = Math.min(next, Math.max(end, windowEnd + slices.sliceSize()));
            }
        }
        if (acc == null) {
            return;
        }
        output.collect(WindowAggregateOperator.resultRow(spec, timer.key(), window, acc.clone()));
        if (next == Long.MAX_VALUE) {
            state.clear();
            return;
        }
        registerWindowTimer(next);
        if (folded > 1 && slices.windows() instanceof WindowAssigner.Cumulative) {
            // every later window of the cycle holds all of this one: keep its slices as one
            List<Row> kept = new ArrayList<>();
            kept.add(new Row(RowKind.INSERT, newEntry(windowEnd, acc)));
            for (Row entry : stored) {
                if (end(entry) > windowEnd) {
                    kept.add(entry);
                }
            }
            state.update(kept);
        }
    }

    @Override
    public void onProcessingTime(Timer<Long> timer) {
    }

    /** The current key's timer of the window that ends at {@code windowEnd}. */
    private void registerWindowTimer(long windowEnd) {
        timers.registerEventTimeTimer(windowEnd, fireTime(windowEnd));
    }

    /** The end of the first window of the slice ending at {@code sliceEnd} that has not fired. */
    private long firstUnfiredWindowEnd(long sliceEnd) {
        long end = sliceEnd;
        while (fired(end)) {
            end += slices.sliceSize(); // rows of the slice arrived after its first windows fired
        }
        return end;
    }

    /** Whether the window that ends at {@code windowEnd} has fired: the watermark reached its time. */
    private boolean fired(long windowEnd) {
        return fireTime(windowEnd) <= timers.currentWatermark();
    }

    /** The event time at which the window ending at {@code windowEnd} is complete. */
    private long fireTime(long windowEnd) {
        return spec.time().windowTime(slices.window(windowEnd));
    }

    private static long end(Row entry) {
        return (Long) entry.getField(0);
    }

    private static Object[] newEntry(long sliceEnd, Object[] acc) {
        Object[] entry = new Object[acc.length + 1];
        entry[0] = sliceEnd;
        System.arraycopy(acc, 0, entry, 1, acc.length);
        return entry;
    }

    /** A copy of an entry's accumulators. */
    private static Object[] accumulators(Object[] entry) {
        Object[] acc = new Object[entry.length - 1];
        System.arraycopy(entry, 1, acc, 0, acc.length);
        return acc;
    }

    private static int indexOf(List<Row> entries, long sliceEnd) {
        for (int i = 0; i < entries.size(); i++) {
            if (end(entries.get(i)) == sliceEnd) {
                return i;
            }
        }
        return -1;
    }

    private static void insertInOrder(List<Row> entries, Row entry) {
        int i = entries.size();
        while (i > 0 && end(entries.get(i - 1)) > end(entry)) {
            i--;
        }
        entries.add(i, entry);
    }
}
