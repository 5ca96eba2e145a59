package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.CheckpointedWatermark;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * An interval join with Flink SQL's semantics ({@code RowTimeIntervalJoin}, {@code ProcTimeIntervalJoin}):
 * a left row at time {@code l} joins the right rows at time {@code r} with the same key where
 * {@code lowerBound <= l - r <= upperBound}. The output is append-only.
 *
 * <p>Event time: a row's time is its time attribute. A row is kept until the watermark passes the
 * last time at which a row of the other input could still match it ({@code l - lowerBound} for a
 * left row, {@code r + upperBound} for a right one); an event-time timer then removes it, and an
 * outer side emits it padded with nulls if it never matched. A row that arrives already past that
 * time (late) is joined with what is still held but not kept. Rows without a time match nothing.
 * The output watermark is held back by the longest time a row waits ({@code max(-lowerBound,
 * upperBound)}), since padded rows are emitted that late.
 *
 * <p>Processing time: a row's time is the operator's clock when it arrives, kept with the row in
 * state. A row is kept while a row of the other input arriving later could match it (its last
 * matching time is after now), and a processing-time timer just after that time removes it (padding
 * it if it never matched). Watermarks pass unchanged. Rows still held when a bounded input ends are
 * dropped without padding, as Flink drops its processing-time timers then.
 *
 * <p>Only inserts are accepted: the planner plans interval joins for append-only inputs.
 */
final class IntervalJoinOperator extends AbstractJoinOperator implements Triggerable<Integer> {
    private final IntervalJoinOperatorFactory interval;
    private final boolean processingTime;
    private CheckpointedWatermark watermark;
    private final int[] timeFields;
    private final long outputDelay;
    private TimerService<Integer> timers;

    IntervalJoinOperator(IntervalJoinOperatorFactory interval) {
        super(interval.keys());
        this.interval = interval;
        this.processingTime = interval.processingTime();
        // On processing time the arrival time follows the row's fields in state.
        this.timeFields = processingTime
                ? new int[] {interval.keys().leftTypes().size(), interval.keys().rightTypes().size()}
                : new int[] {interval.leftTime(), interval.rightTime()};
        this.outputDelay = processingTime ? 0 : Math.max(0, Math.max(-interval.lowerBound(), interval.upperBound()));
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        watermark = CheckpointedWatermark.restore(context, backend, "watermark");
        timers = backend.timerService("interval-join-expiry", Serializers.INT, this);
    }

    @Override
    public void snapshotState(long checkpointId) throws Exception {
        watermark.snapshot();
        super.snapshotState(checkpointId);
    }

    @Override
    protected List<DataType> storedTypes(List<DataType> inputTypes) {
        if (!processingTime) {
            return inputTypes;
        }
        List<DataType> types = new ArrayList<>(inputTypes);
        types.add(DataType.of(TypeRoot.BIGINT).notNull());
        return types;
    }

    @Override
    protected void processRow(Row input, int side) {
        if (input.kind() != RowKind.INSERT) {
            throw new IllegalStateException("Interval join '" + interval.name() + "' got " + input
                    + ", but it consumes only inserts");
        }
        Row row = input;
        Long time;
        if (processingTime) {
            time = timers.currentProcessingTime();
            row = withArrivalTime(input, time);
        } else {
            time = (Long) row.getField(timeFields[side]);
        }
        boolean outer = spec.joinType().isOuter(side);
        if (time == null) {
            if (outer) {
                emitPadded(RowKind.INSERT, row, side, 1);
            }
            return;
        }
        List<JoinRecordState.Entry> matches = matches(row, side, inBounds(time, side));
        emitJoined(RowKind.INSERT, row, side, matches);
        int otherSide = 1 - side;
        for (JoinRecordState.Entry other : matches) {
            if (other.matches() == 0) {
                // Marks the other row as joined, so it is not padded when it expires.
                states[otherSide].updateMatches(other.row(), 1);
            }
        }
        long expiry = expiry(time, side);
        if (expired(expiry)) {
            if (outer && matches.isEmpty()) {
                emitPadded(RowKind.INSERT, row, side, 1);
            }
            return;
        }
        states[side].add(row, matches.isEmpty() ? 0 : 1);
        if (processingTime) {
            timers.registerProcessingTimeTimer(side, expiry + 1);
        } else {
            timers.registerEventTimeTimer(side, expiry);
        }
    }

    private static Row withArrivalTime(Row row, long time) {
        Object[] fields = Arrays.copyOf(row.fields(), row.arity() + 1);
        fields[row.arity()] = time;
        return new Row(RowKind.INSERT, fields);
    }

    /**
     * Whether a row whose last matching time is {@code expiry} can match no row still to come: the
     * watermark reached it, or (processing time, as Flink's strict test) the clock did.
     */
    private boolean expired(long expiry) {
        return processingTime ? expiry <= timers.currentProcessingTime() : expiry <= timers.currentWatermark();
    }

    /** Which rows of the other input a row of {@code side} at {@code time} may join, by their time. */
    private Predicate<Row> inBounds(long time, int side) {
        int otherTimeField = timeFields[1 - side];
        return other -> {
            Long otherTime = (Long) other.getField(otherTimeField);
            if (otherTime == null) {
                return false;
            }
            long difference = side == 0 ? time - otherTime : otherTime - time;
            return difference >= interval.lowerBound() && difference <= interval.upperBound();
        };
    }

    /** The last time at which a row of the other input may match a row of {@code side} at {@code time}. */
    private long expiry(long time, int side) {
        return side == 0 ? time - interval.lowerBound() : time + interval.upperBound();
    }

    @Override
    public void onEventTime(Timer<Integer> timer) {
        removeExpired(timer.namespace(), timer.timestamp());
    }

    /** A processing-time timer at {@code t} removes the rows whose last matching time is before {@code t}. */
    @Override
    public void onProcessingTime(Timer<Integer> timer) {
        removeExpired(timer.namespace(), timer.timestamp() - 1);
    }

    /** Removes the rows of {@code side} whose last matching time is at or before {@code limit}, padding the unmatched. */
    private void removeExpired(int side, long limit) {
        boolean outer = spec.joinType().isOuter(side);
        for (JoinRecordState.Entry entry : states[side].entries()) {
            long expiry = expiry((Long) entry.row().getField(timeFields[side]), side);
            if (expiry <= limit) {
                if (outer && entry.matches() == 0) {
                    emitPadded(RowKind.INSERT, entry.row(), side, entry.count());
                }
                states[side].removeAll(entry.row());
            }
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        backend.advanceWatermark(watermark.timestamp());
        long held = watermark.timestamp() == Long.MAX_VALUE ? Long.MAX_VALUE
                : Math.max(Long.MIN_VALUE + outputDelay, watermark.timestamp()) - outputDelay;
        output.emitWatermark(new Watermark(held));
    }
}
