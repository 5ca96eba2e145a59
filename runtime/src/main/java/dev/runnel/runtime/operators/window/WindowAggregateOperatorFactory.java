package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * A window aggregation ({@code GROUP BY window_start, window_end, keys} over a windowing table
 * function). Its input rows carry their window in two fields (the table function assigned it;
 * for SESSION each row's own window {@code [ts, ts + gap)}, which this operator merges). Output
 * rows are the group fields in {@code outputGroup} order, then one value per aggregate call.
 *
 * @param keyFields the input fields that key the state (the group keys other than the window)
 * @param keyTypes their types
 * @param windowStartField the input field holding {@code window_start}
 * @param windowEndField the input field holding {@code window_end}
 * @param outputGroup what each leading output field is: {@link GroupField#key} of a key field, or a window property
 * @param merging whether windows of a key merge when they overlap (SESSION)
 * @param processingTimeWindows for windows of processing time (over a {@code PROCTIME()} column),
 *        the windows the table function assigns; null for event time. Each processing-time window
 *        fires on a processing-time timer at its window time, and windows still open when the
 *        input ends are dropped, as in Flink. No row is late: as Flink assigns a row to the
 *        windows open when the aggregate processes it, a row whose window fired while it was in
 *        flight counts in the window at the same place in the pattern that is open now.
 * @param slices for event-time windows over slices, the slices: each input row carries its
 *        slice ({@link SliceAssigner}) in the window fields instead of one of its windows (the
 *        window table function in front appends slices); null when rows carry their windows
 */
public record WindowAggregateOperatorFactory(String name, int[] keyFields, List<DataType> keyTypes,
                                             int windowStartField, int windowEndField, List<GroupField> outputGroup,
                                             AggregatesHandle aggregates, boolean merging, WindowTime time,
                                             WindowAssigner processingTimeWindows, SliceAssigner slices)
        implements OperatorFactory {
    /** Event-time windows that rows carry. */
    public WindowAggregateOperatorFactory(String name, int[] keyFields, List<DataType> keyTypes, int windowStartField,
            int windowEndField, List<GroupField> outputGroup, AggregatesHandle aggregates, boolean merging,
            WindowTime time) {
        this(name, keyFields, keyTypes, windowStartField, windowEndField, outputGroup, aggregates, merging, time, null,
                null);
    }

    public WindowAggregateOperatorFactory {
        if (processingTimeWindows != null && (merging || processingTimeWindows.isMerging())) {
            throw new IllegalArgumentException("Window aggregate " + name + ": processing-time sessions are not supported yet");
        }
        if (slices != null && (merging || processingTimeWindows != null)) {
            throw new IllegalArgumentException("Window aggregate " + name
                    + ": only event-time windows that do not merge are sliced");
        }
        Objects.requireNonNull(name, "name");
        keyFields = keyFields.clone();
        keyTypes = List.copyOf(keyTypes);
        outputGroup = List.copyOf(outputGroup);
        Objects.requireNonNull(aggregates, "aggregates");
        Objects.requireNonNull(time, "time");
        if (!aggregates.views().isEmpty()) {
            throw new IllegalArgumentException("Window aggregate " + name
                    + ": aggregate calls that keep map views (DISTINCT) are not supported yet in window aggregations");
        }
    }

    /** Whether the windows are of processing time. */
    public boolean processingTime() {
        return processingTimeWindows != null;
    }

    @Override
    public int[] keyFields() {
        return keyFields.clone();
    }

    /**
     * The name and the types of the fields its state holds, so that a changed type is a changed
     * query; and whether its state is per slice, which a savepoint of state per window cannot fill,
     * or holds a key's sessions as one value (they were a map per key before).
     */
    @Override
    public String stateSignature() {
        return name + ", keyTypes=" + keyTypes + (slices != null ? ", slices" : "") + (merging ? ", sessions" : "");
    }

    @Override
    public Operator create() {
        if (merging) {
            return new SessionWindowAggregateOperator(this);
        }
        return slices != null ? new SlicingWindowAggregateOperator(this) : new WindowAggregateOperator(this);
    }

    /** One leading output field of a window aggregate: a key, or a property of the window. */
    public sealed interface GroupField extends java.io.Serializable {
        /** The {@code index}-th key field ({@code keyFields[index]}). */
        record Key(int index) implements GroupField {
        }

        enum WindowProperty implements GroupField { START, END, TIME }

        static GroupField key(int index) {
            return new Key(index);
        }
    }
}
