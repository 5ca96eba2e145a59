package dev.runnel.runtime.source.watermark;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.ReaderOutput;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The watermarks of one source subtask, per split as in Flink. Every row passes on at once and
 * raises its split's watermark to the maximum of the watermark expression seen so far;
 * {@link #onPeriodicEmit} (every {@code pipeline.auto-watermark-interval}) then emits the
 * minimum over the splits that are not idle, if it advanced: a watermark never goes back.
 *
 * <p>Idleness ({@code table.exec.source.idle-timeout} &gt; 0): a split without rows for that
 * long (as seen at the periodic checks) is idle and no longer holds the minimum back; when
 * every split is idle the subtask sends {@link WatermarkStatus#IDLE}, and {@code ACTIVE} again
 * before its next row. Rows collected on this output directly form the implicit main split
 * (single-split readers such as datagen and values); once a reader uses split outputs, the
 * main split counts only if it got rows. Released (finished) splits no longer count.
 *
 * <p>Task thread only.
 */
final class SourceWatermarks implements ReaderOutput {
    private final Output downstream;
    private final ToLongFunction<Row> watermarkOf;
    private final long idleTimeoutMillis;
    private final Map<String, Split> splits = new LinkedHashMap<>();
    private final Split main = new Split();
    /** Whether the main split counts: until a reader uses split outputs without ever using it. */
    private boolean mainCounts = true;
    private boolean mainUsed;
    private long emitted = Long.MIN_VALUE;
    private boolean idle;
    private long now;

    /**
     * @param watermarkOf a row's watermark expression, {@code Long.MIN_VALUE} when NULL
     * @param idleTimeoutMillis after how long without rows a split is idle; 0 never
     * @param startTime the clock now: idleness counts from here
     */
    SourceWatermarks(Output downstream, ToLongFunction<Row> watermarkOf, long idleTimeoutMillis, long startTime) {
        this.downstream = downstream;
        this.watermarkOf = watermarkOf;
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.now = startTime;
        main.lastActive = startTime;
    }

    @Override
    public void collect(Row row) {
        mainUsed = true;
        mainCounts = true;
        main.collect(row);
    }

    /** A watermark a reader emits itself passes on only if it advances this subtask's. */
    @Override
    public void emitWatermark(Watermark watermark) {
        if (watermark.timestamp() > emitted) {
            emitted = watermark.timestamp();
            downstream.emitWatermark(watermark);
        }
    }

    @Override
    public void flush() {
        downstream.flush();
    }

    @Override
    public Output createOutputForSplit(String splitId) {
        if (!mainUsed) {
            // A reader of split outputs: its unused main output holds nothing back.
            mainCounts = false;
        }
        return splits.computeIfAbsent(splitId, id -> new Split());
    }

    @Override
    public void releaseOutputForSplit(String splitId) {
        splits.remove(splitId);
    }

    /**
     * The periodic check at {@code time}: marks splits idle that had no rows for the idle
     * timeout, then emits the minimum watermark over the active splits if it advanced, or
     * {@link WatermarkStatus#IDLE} when every split is idle.
     */
    void onPeriodicEmit(long time) {
        now = time;
        long min = Long.MAX_VALUE;
        boolean anyActive = false;
        boolean anySplit = false;
        for (Split split : counted()) {
            anySplit = true;
            split.checkIdle(time);
            if (!split.idle) {
                anyActive = true;
                min = Math.min(min, split.watermark);
            }
        }
        if (anyActive) {
            emitWatermark(new Watermark(min));
        } else if (anySplit && !idle) {
            idle = true;
            downstream.flush();
            downstream.emitWatermarkStatus(WatermarkStatus.IDLE);
        }
    }

    private Iterable<Split> counted() {
        if (!mainCounts) {
            return splits.values();
        }
        List<Split> all = new ArrayList<>(splits.size() + 1);
        all.add(main);
        all.addAll(splits.values());
        return all;
    }

    /** Whether this subtask told its consumers it is idle (and has not resumed since). */
    boolean isIdle() {
        return idle;
    }

    /** The watermark emitted last, {@code Long.MIN_VALUE} before the first. */
    long emittedWatermark() {
        return emitted;
    }

    /** One split's state; also the output its rows go through. */
    private final class Split implements Output {
        long watermark = Long.MIN_VALUE;
        /** When the last periodic check saw rows (or the split started). */
        long lastActive = now;
        /** Whether rows arrived since the last periodic check. */
        boolean hadRows;
        boolean idle;

        @Override
        public void collect(Row row) {
            hadRows = true;
            // also a split that started while the subtask was idle (it had none) makes it active
            if (idle || SourceWatermarks.this.idle) {
                idle = false;
                resume();
            }
            long w = watermarkOf.applyAsLong(row);
            if (w > watermark) {
                watermark = w;
            }
            downstream.collect(row);
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            SourceWatermarks.this.emitWatermark(watermark);
        }

        @Override
        public void flush() {
            downstream.flush();
        }

        void checkIdle(long time) {
            if (hadRows) {
                hadRows = false;
                lastActive = time;
            } else if (idleTimeoutMillis > 0 && time - lastActive >= idleTimeoutMillis) {
                idle = true;
            }
        }
    }

    /** A split has rows again: an idle subtask is active again, before that row. */
    private void resume() {
        if (idle) {
            idle = false;
            downstream.emitWatermarkStatus(WatermarkStatus.ACTIVE);
        }
    }
}
