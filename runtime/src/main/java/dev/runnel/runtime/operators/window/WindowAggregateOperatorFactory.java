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
 * @param processingTime whether the windows are of processing time (over a {@code PROCTIME()}
 *        column): each fires on a processing-time timer at its window time, rows arriving after
 *        that are late, and windows still open when the input ends are dropped, as in Flink;
 *        else of event time
 */
public record WindowAggregateOperatorFactory(String name, int[] keyFields, List<DataType> keyTypes,
                                             int windowStartField, int windowEndField, List<GroupField> outputGroup,
                                             AggregatesHandle aggregates, boolean merging, WindowTime time,
                                             boolean processingTime)
        implements OperatorFactory {
    /** Event-time windows. */
    public WindowAggregateOperatorFactory(String name, int[] keyFields, List<DataType> keyTypes, int windowStartField,
            int windowEndField, List<GroupField> outputGroup, AggregatesHandle aggregates, boolean merging,
            WindowTime time) {
        this(name, keyFields, keyTypes, windowStartField, windowEndField, outputGroup, aggregates, merging, time, false);
    }

    public WindowAggregateOperatorFactory {
        if (processingTime && merging) {
            throw new IllegalArgumentException("Window aggregate " + name + ": processing-time sessions are not supported yet");
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

    @Override
    public int[] keyFields() {
        return keyFields.clone();
    }

    /** The name and the types of the fields its state holds, so that a changed type is a changed query. */
    @Override
    public String stateSignature() {
        return name + ", keyTypes=" + keyTypes;
    }

    @Override
    public Operator create() {
        return new WindowAggregateOperator(this);
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
