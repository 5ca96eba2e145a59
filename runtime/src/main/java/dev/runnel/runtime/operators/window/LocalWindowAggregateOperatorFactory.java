package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The local phase of a two-phase window aggregation over slices (Flink's
 * {@code LocalWindowAggregate}), in front of the shuffle: it accumulates its subtask's rows per
 * key and slice in memory and emits one partial row per key and slice, {@code key fields, slice
 * end, accumulators}, which the global phase ({@link #global}) merges. It keeps no state: what it
 * holds goes downstream before a watermark that fires one of its slices' windows, before a
 * checkpoint barrier and at the end of input.
 *
 * @param keyFields the input fields that key the aggregation (the group keys other than the window)
 * @param keyTypes their types
 * @param windowEndField the input field holding the row's slice end
 * @param aggregates the aggregate calls, all without map views
 * @param slices the slices of the windows
 */
public record LocalWindowAggregateOperatorFactory(String name, int[] keyFields, List<DataType> keyTypes,
                                                  int windowEndField, AggregatesHandle aggregates,
                                                  SliceAssigner slices, WindowTime time) implements OperatorFactory {
    public LocalWindowAggregateOperatorFactory {
        Objects.requireNonNull(name, "name");
        keyFields = keyFields.clone();
        keyTypes = List.copyOf(keyTypes);
        Objects.requireNonNull(aggregates, "aggregates");
        Objects.requireNonNull(slices, "slices");
        Objects.requireNonNull(time, "time");
        if (!aggregates.views().isEmpty()) {
            throw new IllegalArgumentException("Local window aggregate " + name + ": map views cannot be sent on");
        }
    }

    @Override
    public int[] keyFields() {
        return keyFields.clone();
    }

    /** The partial rows it emits: the key fields, the slice end, the accumulators. */
    public RowType outputType() {
        List<RowType.Field> fields = new ArrayList<>();
        for (int i = 0; i < keyTypes.size(); i++) {
            fields.add(new RowType.Field("key$" + i, keyTypes.get(i)));
        }
        fields.add(new RowType.Field("slice_end", DataType.of(TypeRoot.BIGINT).notNull()));
        List<DataType> accumulators = aggregates.accumulatorTypes();
        for (int i = 0; i < accumulators.size(); i++) {
            fields.add(new RowType.Field("acc$" + i, accumulators.get(i)));
        }
        return new RowType(fields);
    }

    /**
     * The global phase that merges these partial rows: {@code oneStep}, the window aggregate these
     * two phases replace, reading the partial rows instead of the input rows.
     */
    public GlobalWindowAggregateOperatorFactory global(String globalName, WindowAggregateOperatorFactory oneStep) {
        int[] keys = new int[keyFields.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = i;
        }
        return new GlobalWindowAggregateOperatorFactory(new WindowAggregateOperatorFactory(globalName, keys,
                keyTypes, keys.length, keys.length, oneStep.outputGroup(), oneStep.aggregates(), false, oneStep.time(),
                null, oneStep.slices()));
    }

    @Override
    public Operator create() {
        return new LocalSlicingWindowAggregateOperator(this);
    }
}
